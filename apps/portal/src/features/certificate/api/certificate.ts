import { api } from '@/shared/api/client';

/** GET /v1/certificate/{code}: the public check behind a certificate's QR code (issue 17). */
export interface CertificateCheck {
  issued: boolean;
  code: string;
  qcid: string;
  type: string | null;
  institute: string | null;
  result: string;
  resultLabel: string;
  issuedAt: string;
  issuer: string;
  status: 'CURRENT' | 'CHANGED' | 'WITHDRAWN';
  changedSince: boolean;
  currentResult: string;
  currentResultLabel: string;
  revision: string;
  digest: string;
  pdfSha256: string;
}

export function checkCertificate(code: string, signal?: AbortSignal): Promise<CertificateCheck> {
  return api.get<CertificateCheck>(`/certificate/${encodeURIComponent(code)}`, undefined, { signal, silent: true });
}

/** The SHA-256 of a file, in the browser (Web Crypto): the PDF never leaves the holder's machine. */
export async function sha256Hex(file: Blob): Promise<string> {
  // FileReader rather than Blob.arrayBuffer(): older browsers (and jsdom) lack the latter.
  const buffer = await new Promise<ArrayBuffer>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsArrayBuffer(file);
  });
  const bytes = Uint8Array.from(new Uint8Array(buffer));
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
