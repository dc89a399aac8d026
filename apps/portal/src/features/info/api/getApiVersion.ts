import { api } from '@/shared/api/client';

interface InfoResponse {
  version: string;
}

/** GET /info/: the API's version; null when the answer does not carry one. */
export async function getApiVersion(signal?: AbortSignal): Promise<string | null> {
  const info = await api.get<Partial<InfoResponse> | undefined>('/info/', undefined, { signal, silent: true });
  return typeof info?.version === 'string' ? info.version : null;
}
