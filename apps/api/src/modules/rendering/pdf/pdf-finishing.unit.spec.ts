import { PDFDocument, StandardFonts } from 'pdf-lib';
import { appendMetadata, finishPdf, mergeWithBookmarks, readBookmarks, readPdfInfo, rewriteWithMetadata } from './pdf-finishing';

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

  /** Laid out as Chromium writes its PDFs: a classic cross-reference table, one revision, the title shown. */
  async function chromiumLike(title = 'Certificate QC123 - Jane (Doe)') {
    const doc = await PDFDocument.create({ updateMetadata: false });
    doc.addPage().drawText('certificate', { x: 50, y: 700, font: await doc.embedFont(StandardFonts.Helvetica), size: 12 });
    doc.setTitle(title, { showInWindowTitleBar: true });
    doc.setCreator('Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/156.0.0.0');
    doc.setProducer('Skia/PDF m156');
    return doc.save({ useObjectStreams: false });
  }
  const full = { ...meta, custom: { CredenceDigest: 'ab'.repeat(32), CredenceStreamRevision: '7' } };

  it("appends the metadata to a Chromium-like file as an incremental update that reads as the rewrite's", async () => {
    const source = await chromiumLike();
    const appended = await appendMetadata(source, full);
    expect(appended).not.toBeNull();
    const fast = appended as Buffer;
    const rewritten = await rewriteWithMetadata(source, full);
    expect(await readPdfInfo(fast)).toEqual(await readPdfInfo(rewritten));
    expect(await readPdfInfo(fast)).toMatchObject({ Title: 'Certificate QC123', Author: 'Credence', CredenceDigest: 'ab'.repeat(32) });
    // Chromium's bytes are kept (only its own information dictionary is blanked), and nothing of that one remains.
    expect(fast.length).toBeGreaterThan(source.length);
    expect(fast.toString('latin1')).not.toMatch(/HeadlessChrome|Skia|Jane/);
    const doc = await PDFDocument.load(fast);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe('Certificate QC123');
    // The finished file can be finished again (rewritten by pdf-lib: it now has two revisions).
    expect(await appendMetadata(fast, full)).toBeNull();
    expect((await readPdfInfo(await finishPdf(fast, { ...full, title: 'again' }))).Title).toBe('again');
  });

  it('uses the incremental update in finishPdf when it can, and the pdf-lib rewrite otherwise', async () => {
    const chromium = await chromiumLike();
    const finished = await finishPdf(chromium, full);
    expect(finished.length).toBeGreaterThan(chromium.length);
    expect(finished.toString('latin1')).toMatch(/\/Prev \d+/);
    // pdf-lib's own default output (a cross-reference stream) and a catalog without DisplayDocTitle are rewritten.
    expect(await appendMetadata(await onePager('x'), full)).toBeNull();
    const untitled = await PDFDocument.create();
    untitled.addPage();
    expect(await appendMetadata(await untitled.save({ useObjectStreams: false }), full)).toBeNull();
    expect((await readPdfInfo(await finishPdf(await onePager('x'), full))).CredenceDigest).toBe('ab'.repeat(32));
  });
});
