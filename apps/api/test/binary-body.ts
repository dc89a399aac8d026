import type request from 'supertest';

/** supertest's parser for a binary answer (a PDF, a spreadsheet): the body as one Buffer. */
export const binaryBody = (res: request.Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};
