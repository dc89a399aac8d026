import { api } from '@/shared/api/client';

interface InfoResponse {
  version: string;
}

export async function getApiVersion(signal?: AbortSignal): Promise<string> {
  const info = await api.get<InfoResponse>('/info/', undefined, { signal, silent: true });
  return info.version;
}
