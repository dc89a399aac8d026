import type { Response } from 'express';

/** A PDF download: the file name in content-disposition (the portal reads it), never cached by proxies. */
export function sendPdf(res: Response, filename: string, bytes: Buffer, extra: Record<string, string> = {}) {
  res.status(200).setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Disposition', `attachment; filename="${filename.replace(/["\\\r\n]/g, '_')}"`);
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  for (const [k, v] of Object.entries(extra)) res.setHeader(k, v);
  res.end(bytes);
}
