import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNull, PDFNumber, PDFString, type PDFRef } from 'pdf-lib';

export const PRODUCT = 'Credence';

export interface PdfMetadata {
  title: string;
  subject: string;
  keywords: string[];
  /** When the document was issued: also its creation date, so a re-render of the same content is the same. */
  issuedAt: Date;
  /** Extra entries of the document information dictionary (e.g. the certificate's digest), as text. */
  custom?: Record<string, string>;
}

/** Keys a custom metadata entry may have (PDF names; kept plain so any reader shows them). */
const CUSTOM_KEY = /^[A-Z][A-Za-z]{2,40}$/;

/**
 * pdf-lib's finishing step for every rendered document: title, author (the product), subject, keywords and
 * dates in the information dictionary, plus our own entries (the certificate's content digest, the stream
 * revision it was made from) that a verifier can read with any PDF tool (`pdfinfo -custom`, pdf-lib).
 */
export async function finishPdf(pdf: Uint8Array, meta: PdfMetadata): Promise<Buffer> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  applyMetadata(doc, meta);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

function applyMetadata(doc: PDFDocument, meta: PdfMetadata) {
  doc.setTitle(meta.title, { showInWindowTitleBar: true });
  doc.setAuthor(PRODUCT);
  doc.setCreator(PRODUCT);
  doc.setProducer(`${PRODUCT} (Chromium, pdf-lib)`);
  doc.setSubject(meta.subject);
  doc.setKeywords(meta.keywords);
  doc.setCreationDate(meta.issuedAt);
  doc.setModificationDate(meta.issuedAt);
  const info = doc.context.lookup(doc.context.trailerInfo.Info, PDFDict);
  for (const [key, value] of Object.entries(meta.custom ?? {})) {
    if (!CUSTOM_KEY.test(key)) throw new Error(`bad PDF metadata key ${key}`);
    info.set(PDFName.of(key), PDFString.of(value));
  }
}

/** The information dictionary as text (for tests and the verify check). */
export async function readPdfInfo(pdf: Uint8Array): Promise<Record<string, string>> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const info = doc.context.lookup(doc.context.trailerInfo.Info, PDFDict);
  const out: Record<string, string> = {};
  for (const [key, value] of info.entries()) {
    if (value instanceof PDFString || value instanceof PDFHexString) out[key.decodeText()] = value.decodeText();
  }
  return out;
}

export interface BundlePart {
  /** The bookmark's text. */
  title: string;
  pdf: Uint8Array;
}

/**
 * Several PDFs as one, each part starting at a bookmark (the outline a viewer shows in its sidebar). pdf-lib has
 * no outline API, so the outline dictionaries are written as the PDF reference (12.3.3) describes them.
 */
export async function mergeWithBookmarks(parts: readonly BundlePart[], meta: PdfMetadata): Promise<Buffer> {
  const merged = await PDFDocument.create({ updateMetadata: false });
  const starts: { title: string; page: PDFRef }[] = [];
  for (const part of parts) {
    const source = await PDFDocument.load(part.pdf, { ignoreEncryption: true, updateMetadata: false });
    const pages = await merged.copyPages(source, source.getPageIndices());
    pages.forEach((p) => merged.addPage(p));
    if (pages.length) starts.push({ title: part.title, page: pages[0].ref });
  }
  if (starts.length) addOutline(merged, starts);
  applyMetadata(merged, meta);
  return Buffer.from(await merged.save({ useObjectStreams: false }));
}

function addOutline(doc: PDFDocument, entries: { title: string; page: PDFRef }[]) {
  const ctx = doc.context;
  const outlineRef = ctx.nextRef();
  const refs = entries.map(() => ctx.nextRef());
  entries.forEach((entry, i) => {
    const dest = PDFArray.withContext(ctx);
    dest.push(entry.page);
    dest.push(PDFName.of('XYZ'));
    dest.push(PDFNull);
    dest.push(PDFNull);
    dest.push(PDFNull);
    const item = ctx.obj({}) as PDFDict;
    item.set(PDFName.of('Title'), PDFHexString.fromText(entry.title));
    item.set(PDFName.of('Parent'), outlineRef);
    item.set(PDFName.of('Dest'), dest);
    if (i > 0) item.set(PDFName.of('Prev'), refs[i - 1]);
    if (i < entries.length - 1) item.set(PDFName.of('Next'), refs[i + 1]);
    ctx.assign(refs[i], item);
  });
  const outline = ctx.obj({}) as PDFDict;
  outline.set(PDFName.of('Type'), PDFName.of('Outlines'));
  outline.set(PDFName.of('First'), refs[0]);
  outline.set(PDFName.of('Last'), refs[refs.length - 1]);
  outline.set(PDFName.of('Count'), PDFNumber.of(entries.length));
  ctx.assign(outlineRef, outline);
  doc.catalog.set(PDFName.of('Outlines'), outlineRef);
  doc.catalog.set(PDFName.of('PageMode'), PDFName.of('UseOutlines'));
}

/** The bookmarks' titles, in order (for tests). */
export async function readBookmarks(pdf: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const outlines = doc.catalog.lookupMaybe(PDFName.of('Outlines'), PDFDict);
  const titles: string[] = [];
  let item = outlines?.lookupMaybe(PDFName.of('First'), PDFDict);
  while (item) {
    const title = item.lookup(PDFName.of('Title'));
    if (title instanceof PDFString || title instanceof PDFHexString) titles.push(title.decodeText());
    item = item.lookupMaybe(PDFName.of('Next'), PDFDict);
  }
  return titles;
}
