import { UPLOAD_MESSAGES, uploadProblem } from '@credence/domain';

/** A PDF read in the browser as a data URL (verifications 5), or the spec's reason it cannot be attached. */
export type ReadResult = { ok: true; data: string } | { ok: false; message: string; tooLarge: boolean };

/** Reads a chosen file: refused when over 5 MB or not a PDF; otherwise read with progress (0-100). */
export async function readPdf(file: File, onProgress: (percent: number) => void): Promise<ReadResult> {
  const head = await firstBytes(file, 5);
  const problem = uploadProblem({ size: file.size, head });
  if (problem) return { ok: false, message: problem, tooLarge: file.size > 5_000_000 };
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    reader.onload = () => {
      const data = typeof reader.result === 'string' ? reader.result.replace(/^data:[^;,]*;base64,/, 'data:application/pdf;base64,') : '';
      onProgress(100);
      resolve(data.startsWith('data:application/pdf;base64,') ? { ok: true, data } : { ok: false, message: UPLOAD_MESSAGES.unreadable, tooLarge: false });
    };
    reader.onerror = () => resolve({ ok: false, message: UPLOAD_MESSAGES.unreadable, tooLarge: false });
    reader.readAsDataURL(file);
  });
}

/** A file's first bytes, through FileReader (every browser, and jsdom in tests). */
function firstBytes(file: Blob, n: number): Promise<Uint8Array> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result instanceof ArrayBuffer ? new Uint8Array(reader.result) : new Uint8Array());
    reader.onerror = () => resolve(new Uint8Array());
    reader.readAsArrayBuffer(file.slice(0, n));
  });
}

/** Opens an attached PDF in a new tab (View). */
export function viewPdf(data: string) {
  const bytes = Uint8Array.from(atob(data.slice(data.indexOf(',') + 1)), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
