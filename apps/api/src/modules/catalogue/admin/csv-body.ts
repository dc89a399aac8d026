import { DomainError } from '@credence/domain';
import { PayloadTooLargeException } from '@nestjs/common';
import type { Request } from 'express';

export const MAX_CSV_BYTES = 10 * 1024 * 1024;

const HOW = 'Send the records as a text/csv body, or as JSON {"csv": "..."}.';

/**
 * The CSV of a records import: a text/csv (or text/plain) body, read here because the app parses only JSON and
 * forms; or the `csv` string of a JSON body (which the JSON parser's own size limit applies to).
 */
export async function readCsvBody(req: Request, limit = MAX_CSV_BYTES): Promise<string> {
  const type = (req.headers['content-type'] ?? '').toLowerCase();
  if (type.startsWith('application/json')) {
    const csv = (req.body as { csv?: unknown } | undefined)?.csv;
    if (typeof csv !== 'string' || !csv.trim()) throw new DomainError('invalid', HOW);
    return csv;
  }
  if (!type.startsWith('text/csv') && !type.startsWith('text/plain')) throw new DomainError('invalid', HOW);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit)
      throw new PayloadTooLargeException(`The file is larger than ${Math.round(limit / 1024 / 1024)} MB.`);
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text.trim())
    throw new DomainError('invalid', 'The file is empty: the first line must name the columns.');
  return text;
}
