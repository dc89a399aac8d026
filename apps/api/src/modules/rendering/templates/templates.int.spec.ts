import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { initialVerificationState } from '@credence/domain';
import type { AppConfig } from '../../../config/config.schema';
import { PdfRenderer } from '../browser/pdf-renderer';
import { certificateContent } from '../certificates/certificate-content';
import { certificateHtml } from './certificate.template';
import { invoiceHtml, type InvoiceView } from './invoice.template';

/** The real templates with hostile customer text in every field they print, through the real renderer. */
describe('templates against injected markup', () => {
  let server: Server;
  let hits = 0;
  let evil = '';
  const renderer = new PdfRenderer({ pdf: { poolSize: 1, maxRendersPerBrowser: 100, renderTimeoutMs: 15000 } } as AppConfig);
  beforeAll(async () => {
    server = createServer((_req, res) => {
      hits++;
      res.end('x');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    evil = `<img src=${base}/img><script src="${base}/js"></script><link rel=stylesheet href="${base}/css"><iframe src="${base}/frame"></iframe>`;
  });
  afterAll(async () => {
    await renderer.onApplicationShutdown();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  // Lines joined: where the long injected text wraps depends on the font's widths.
  const text = (pdf: Buffer) => execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString('utf8').replace(/\s+/g, ' ');

  it('prints a certificate whose name, reference, fields, subjects and notes carry markup as text, and fetches nothing', async () => {
    const state = {
      ...initialVerificationState(),
      exists: true,
      id: 'QC1',
      result: 'VERIFIED' as const,
      companyName: evil,
      customerReference: evil,
      person: { firstname: evil, middlename: null, surname: 'Doe', dob: '1990-01-01' },
      fields: { course: evil },
      subjects: [{ name: evil, mark: evil }],
      notes: evil,
      approvedByName: evil,
      thirdPartyData: { [evil]: evil },
    };
    const html = certificateHtml(
      certificateContent(state, 1n, { ignoreNotes: false }),
      { code: 'c', verifyUrl: 'https://credence.example/certificate/c', qrSvg: '<svg></svg>', digest: 'd', issuedAt: new Date() },
      { label: 'In partnership with', name: evil, logo: null },
    );
    expect(html).not.toMatch(/<(img|script|link|iframe)\b[^>]*127\.0\.0\.1/);
    const pdf = await renderer.render(html);
    expect(text(pdf)).toContain('<img src=http://127.0.0.1');
    expect(renderer.stats().blockedRequests).toBe(0);
    expect(hits).toBe(0);
  });

  it("prints an invoice whose customer name, address and item names carry markup as text, and fetches nothing", async () => {
    const inv = {
      id: '1', created: new Date().toISOString(), receiptId: evil, transactionId: evil, title: 'Invoice', currencySymbol: '£',
      company: { name: evil, vatId: evil, addressStreet1: evil, addressStreet2: null, addressStreet3: null, addressCity: evil, addressPostCode: null, addressCountry: { name: evil, id: null } },
      items: [{ name: evil, label: evil, price: 1, surcharge: 0, total: 1 }],
      showPriceHeadings: true,
      summary: [{ label: 'Total', amount: 1 }],
    } as unknown as InvoiceView;
    const html = invoiceHtml(inv);
    expect(html).not.toMatch(/<(img|script|link|iframe)\b[^>]*127\.0\.0\.1/);
    const pdf = await renderer.render(html);
    expect(text(pdf)).toContain('<script src="http://127.0.0.1');
    expect(renderer.stats().blockedRequests).toBe(0);
    expect(hits).toBe(0);
  });
});

describe('templates over several pages', () => {
  const renderer = new PdfRenderer({ pdf: { poolSize: 1, maxRendersPerBrowser: 100, renderTimeoutMs: 15000 } } as AppConfig);
  afterAll(() => renderer.onApplicationShutdown());
  const pages = (pdf: Buffer) => execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString('utf8').split('\f').filter((p) => p.trim());

  it("repeats the invoice's column headings on every page, and wraps a long unbroken name inside its column", async () => {
    const inv = {
      id: '1', created: '2026-01-02T00:00:00Z', receiptId: 'R1', transactionId: 'T1', title: 'Invoice', currencySymbol: '£',
      company: { name: 'Acme', vatId: null, addressStreet1: 'Y'.repeat(120), addressStreet2: null, addressStreet3: null, addressCity: 'London', addressPostCode: null, addressCountry: { name: 'United Kingdom', id: null } },
      items: Array.from({ length: 60 }, (_, i) => ({ name: 'x', label: i === 0 ? 'Z'.repeat(120) : `Candidate ${i} (University of Demo)`, price: 10, surcharge: 1, total: 11 })),
      showPriceHeadings: true,
      summary: [{ label: 'Total', amount: 660 }],
    } as unknown as InvoiceView;
    const pdf = await renderer.render(invoiceHtml(inv));
    const printed = pages(pdf);
    expect(printed.length).toBeGreaterThan(1);
    for (const page of printed) expect(page).toContain('Institute Surcharge');
    expect(printed[0].replace(/\s+/g, '')).toContain('Z'.repeat(120));
    // Every word ends inside the A4 page (595 pt wide), short of the edge: nothing runs off it.
    const boxes = execFileSync('pdftotext', ['-bbox', '-', '-'], { input: pdf }).toString('utf8');
    const rightmost = Math.max(...[...boxes.matchAll(/xMax="([\d.]+)"/g)].map((m) => Number(m[1])));
    expect(rightmost).toBeLessThan(575);
  });
});
