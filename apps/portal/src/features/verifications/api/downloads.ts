import { ApiError, NO_RESPONSE_MESSAGE } from '@/shared/api/client';
import { ensureFreshSession } from '@/shared/session/refresh';
import { sessionStore } from '@/shared/session/sessionStore';

export interface DownloadedFile {
  filename: string;
  blob: Blob;
}

/**
 * A binary GET under /v1 with the headers every call carries (access 7.1). The JSON client reads bodies as text,
 * which would corrupt a PDF, so files come through here. A failure is an ApiError with the server's own words;
 * nothing is saved then.
 */
export async function downloadFile(
  path: string,
  query: Record<string, string> = {},
  fallbackName = 'download.pdf',
): Promise<DownloadedFile> {
  if (!(await ensureFreshSession())) throw new ApiError(401, ['Session expired.'], ['QC-CANTREFRESH'], true);
  const search = new URLSearchParams(query).toString();
  let response: Response;
  try {
    response = await fetch(`/v1${path}${search ? `?${search}` : ''}`, {
      headers: {
        Accept: 'application/pdf, application/json',
        'X-Client-Type': 'WEB',
        'X-AUTH-TOKEN': sessionStore.getState().token,
      },
    });
  } catch {
    throw new ApiError(0, [NO_RESPONSE_MESSAGE]);
  }
  if (!response.ok) throw new ApiError(response.status, await errorMessages(response));
  const blob = await response.blob();
  return { blob, filename: filenameOf(response.headers.get('content-disposition')) ?? fallbackName };
}

/** verifications.md 7: the file's name comes from the content-disposition header. */
export function filenameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star) return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
  const plain = /filename=("?)([^";]+)\1/i.exec(disposition);
  return plain ? plain[2].trim() : null;
}

async function errorMessages(response: Response): Promise<string[]> {
  const text = await response.text().catch(() => '');
  try {
    const data = JSON.parse(text) as { errors?: { message?: unknown }[]; message?: unknown };
    const messages = (data.errors ?? [])
      .map((e) => e.message)
      .filter((m): m is string => typeof m === 'string' && !!m);
    if (messages.length) return messages;
    if (typeof data.message === 'string' && data.message) return [data.message];
  } catch {
    // not JSON: the status line says it
  }
  return [response.statusText || `Request failed with status ${response.status}`];
}

/** Hands a file to the browser's download. */
export function saveFile({ filename, blob }: DownloadedFile) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** GET /verification/{id}/downloads/result?ignoreNotes=&brand= (2.9 'Download certificate'). */
export function downloadCertificate(
  id: string,
  options: { ignoreNotes: boolean; brand: boolean },
): Promise<DownloadedFile> {
  return downloadFile(
    `/verification/${encodeURIComponent(id)}/downloads/result`,
    { ignoreNotes: String(options.ignoreNotes), brand: String(options.brand) },
    `Certificate-${id}.pdf`,
  );
}

/** GET /verification/{id}/document/{docId}: a document or output document (2.9). */
export function downloadDocument(
  verificationId: string,
  documentId: string,
  filename: string,
): Promise<DownloadedFile> {
  return downloadFile(
    `/verification/${encodeURIComponent(verificationId)}/document/${encodeURIComponent(documentId)}`,
    {},
    filename,
  );
}
