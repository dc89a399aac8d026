import { execFileSync } from 'node:child_process';
import { initialVerificationState } from '@credence/domain';
import type { AppConfig } from '../../../config/config.schema';
import { PdfRenderer } from '../browser/pdf-renderer';
import { certificateContent } from '../certificates/certificate-content';
import { certificateHtml } from './certificate.template';
import { embeddedFontCss } from './fonts';
import { invoiceHtml, type InvoiceView } from './invoice.template';

/** The documents carry their own typeface: what the PDF embeds is Inter, whatever fonts the machine has. */
describe('embedded fonts', () => {
  const renderer = new PdfRenderer({
    pdf: { poolSize: 1, maxRendersPerBrowser: 100, renderTimeoutMs: 60000 },
  } as AppConfig);
  afterAll(() => renderer.onApplicationShutdown());

  const fontsOf = (pdf: Buffer) => {
    const listed = execFileSync('sh', ['-c', 'pdffonts -'], { input: pdf }).toString('utf8');
    return [...listed.matchAll(/^[A-Z]{6}\+(\S+)/gm)].map((m) => m[1]);
  };
  const text = (pdf: Buffer) => execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString('utf8');

  it('inlines every face as a data: URL, one per weight and script', () => {
    const css = embeddedFontCss();
    const faces = css.match(/@font-face/g) ?? [];
    expect(faces).toHaveLength(12);
    // Booleans, so a failure does not print 300 kB of base64.
    expect(/url\((?!data:font\/woff2;base64,)/.test(css)).toBe(false);
    expect(/unicode-range:[^;]*U\+0400-045F/.test(css)).toBe(true);
  });

  it('sets a certificate with Polish, Czech, Cyrillic and Greek names in Inter only, fetching nothing', async () => {
    const state = {
      ...initialVerificationState(),
      exists: true,
      id: 'QC77',
      result: 'VERIFIED' as const,
      person: { firstname: 'Łukasz Dvořák', middlename: 'Иван', surname: 'Σωκράτης', dob: '1990-01-01' },
      fields: { course: 'Žilina Ústí' },
    };
    const html = certificateHtml(
      certificateContent(state, 3n, { ignoreNotes: false }),
      {
        code: 'c0de',
        verifyUrl: 'https://credence.example/certificate/c0de',
        qrSvg: '<svg></svg>',
        digest: 'ab12',
        issuedAt: new Date(),
      },
      null,
    );
    const pdf = await renderer.render(html);
    const fonts = fontsOf(pdf);
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.every((f) => f.startsWith('Inter-'))).toBe(true);
    expect(text(pdf)).toMatch(/Łukasz Dvořák/);
    expect(text(pdf)).toMatch(/Иван/);
    expect(text(pdf)).toMatch(/Σωκράτης/);
    expect(renderer.stats().blockedRequests).toBe(0);
  });

  it('sets an invoice in Inter only', async () => {
    const inv = {
      id: '1',
      created: '2026-01-02T00:00:00Z',
      receiptId: 'R1',
      transactionId: 'T1',
      title: 'Invoice',
      currencySymbol: '£',
      company: {
        name: 'Müller GmbH',
        vatId: 'DE1',
        addressStreet1: 'Straße 1',
        addressStreet2: null,
        addressStreet3: null,
        addressCity: 'Köln',
        addressPostCode: '5',
        addressCountry: { name: 'Germany', id: null },
      },
      items: [{ name: 'Degree', label: 'Degree', price: 10, surcharge: 0, total: 10 }],
      showPriceHeadings: true,
      summary: [{ label: 'Total', amount: 10 }],
    } as unknown as InvoiceView;
    const pdf = await renderer.render(invoiceHtml(inv));
    expect(fontsOf(pdf).every((f) => f.startsWith('Inter-'))).toBe(true);
    expect(text(pdf)).toContain('Müller GmbH');
    expect(renderer.stats().blockedRequests).toBe(0);
  });

  it('sets Arabic, Chinese and Cyrillic names with real glyphs (the system Noto fonts of .ci/run) that read back', async () => {
    const names = { arabic: 'محمد عبد الله', chinese: '王小明', cyrillic: 'Дмитрий Иванов' };
    const inv = {
      id: '2',
      created: '2026-01-02T00:00:00Z',
      receiptId: null,
      transactionId: null,
      title: 'Invoice',
      status: 'ISSUED',
      paidAt: null,
      currencySymbol: '£',
      company: {
        name: names.chinese,
        vatId: null,
        addressStreet1: names.arabic,
        addressStreet2: null,
        addressStreet3: null,
        addressCity: 'Москва',
        addressPostCode: null,
        addressCountry: { name: null, id: null },
      },
      items: [{ name: 'Degree', label: `${names.cyrillic} (${names.chinese})`, price: 10, surcharge: 0, total: 10 }],
      showPriceHeadings: true,
      summary: [{ label: 'Total', amount: 10 }],
    } as unknown as InvoiceView;
    const pdf = await renderer.render(invoiceHtml(inv));
    const fonts = fontsOf(pdf);
    const listing = execFileSync('sh', ['-c', 'pdffonts -'], { input: pdf }).toString('utf8');
    // Latin and Cyrillic stay in the embedded Inter; Arabic comes from a system face (DejaVu Sans or Noto Sans
    // Arabic), Han from Noto Sans CJK, whose CFF outlines Chromium embeds as Type 3 glyphs (each with its Unicode).
    // Without fonts-noto-cjk the Han characters are Inter's empty .notdef boxes and no Type 3 font is there.
    expect(fonts.some((f) => f.startsWith('Inter-'))).toBe(true);
    expect(fonts.some((f) => /Arabic|DejaVuSans/.test(f))).toBe(true);
    expect(/^\[none\]\s+Type 3\s+Custom\s+yes\s+no\s+yes/m.test(listing) || fonts.some((f) => /CJK/.test(f))).toBe(true);
    // No glyph is missing (a .notdef box would read back as nothing or as U+FFFD).
    const read = text(pdf);
    expect(read).toContain(names.chinese);
    expect(read).toContain(names.cyrillic);
    expect(read).toContain('Москва');
    expect(read).not.toContain('\uFFFD');
    // Arabic reads back as its letters (pdftotext gives them in logical or visual order, per word).
    for (const word of names.arabic.split(' ')) {
      expect(read.includes(word) || read.includes([...word].reverse().join(''))).toBe(true);
    }
  });
});

