import { PDFDocument, StandardFonts } from 'pdf-lib';
import { finishPdf, mergeWithBookmarks, readBookmarks, readPdfInfo } from './pdf-finishing';

async function onePager(text: string, pages = 1) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) doc.addPage().drawText(`${text} ${i + 1}`, { x: 50, y: 700, font, size: 12 });
  return doc.save();
}

const meta = { title: 'Certificate QC123', subject: 'Verification certificate', keywords: ['QC123', 'Verified'], issuedAt: new Date('2026-11-24T10:00:00Z') };

describe('pdf-lib finishing', () => {
  it('writes title, author, subject, keywords and our own digest and revision entries', async () => {
    const pdf = await finishPdf(await onePager('hello'), { ...meta, custom: { CredenceDigest: 'ab'.repeat(32), CredenceStreamRevision: '7' } });
    const info = await readPdfInfo(pdf);
    expect(info).toMatchObject({ Title: 'Certificate QC123', Author: 'Credence', Subject: 'Verification certificate', CredenceDigest: 'ab'.repeat(32), CredenceStreamRevision: '7' });
    expect(info.Keywords).toContain('QC123');
  });

  it('refuses a custom key that is not a plain name', async () => {
    await expect(finishPdf(await onePager('x'), { ...meta, custom: { 'Bad Key/': 'x' } })).rejects.toThrow(/bad PDF metadata key/);
  });

  it('merges parts in order with one bookmark at the start of each', async () => {
    const pdf = await mergeWithBookmarks(
      [
        { title: 'Certificate: Jane Doe', pdf: await onePager('cert', 1) },
        { title: 'CV', pdf: await onePager('cv', 2) },
        { title: 'Cover letter — é', pdf: await onePager('letter', 1) },
      ],
      meta,
    );
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(4);
    expect(await readBookmarks(pdf)).toEqual(['Certificate: Jane Doe', 'CV', 'Cover letter — é']);
    expect((await readPdfInfo(pdf)).Author).toBe('Credence');
  });
});
