import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppConfig } from '../../../config/config.schema';
import { appendMetadata } from '../pdf/pdf-finishing';
import { html, trustedMarkup } from '../templates/html';
import { PdfRenderer } from './pdf-renderer';

const config = (over: Partial<AppConfig['pdf']> = {}) =>
  ({ pdf: { poolSize: 2, maxRendersPerBrowser: 500, renderTimeoutMs: 15000, ...over } }) as AppConfig;

const textOf = (pdf: Buffer) => pdf.subarray(0, 5).toString('latin1');

describe('PdfRenderer (a real headless Chromium)', () => {
  let server: Server;
  let hits = 0;
  let base = '';
  beforeAll(async () => {
    server = createServer((_req, res) => {
      hits++;
      res.end('x');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('does not start Chromium until the first render, and closes it on shutdown', async () => {
    const renderer = new PdfRenderer(config());
    expect(renderer.stats().started).toBe(false);
    const pdf = await renderer.render(html`<!doctype html><p>Hello</p>`.value);
    expect(textOf(pdf)).toBe('%PDF-');
    const pid = renderer.stats().browserPid ?? 0;
    expect(pid).toBeGreaterThan(0);
    await renderer.onApplicationShutdown();
    expect(() => process.kill(pid, 0)).toThrow();
  });

  it('escapes an injected <img> and <script> in a customer field and never fetches anything', async () => {
    const renderer = new PdfRenderer(config());
    try {
      const name = `<img src=${base}/img-from-name><script src="${base}/script-from-name"></script><link rel=stylesheet href=${base}/css>`;
      const pdf = await renderer.render(html`<!doctype html><h1>${name}</h1><p title="${name}">x</p>`.value);
      expect(textOf(pdf)).toBe('%PDF-');
      expect(renderer.stats().blockedRequests).toBe(0);
      expect(hits).toBe(0);

      // Markup that does reach the page (our own, deliberately) is refused by the interception, and counted.
      await renderer.render(html`<!doctype html>${trustedMarkup(`<img src="${base}/trusted"><link rel=stylesheet href="${base}/x.css">`)}`.value);
      expect(renderer.stats().blockedRequests).toBe(2);
      expect(hits).toBe(0);
    } finally {
      await renderer.onApplicationShutdown();
    }
  });

  it('recovers when Chromium is killed in the middle of a render: retried on a new browser, the next render works', async () => {
    const renderer = new PdfRenderer(config({ poolSize: 2 }));
    try {
      await renderer.render('<!doctype html><p>warm</p>');
      const pid = renderer.stats().browserPid ?? 0;
      // A big document keeps the render busy long enough to kill the browser under it.
      const big = `<!doctype html>${'<p>line of a long certificate</p>'.repeat(6000)}`;
      const during = renderer.render(big);
      setTimeout(() => process.kill(pid, 'SIGKILL'), 30);
      const outcome = await during.then(
        (pdf) => ({ ok: textOf(pdf) === '%PDF-' }),
        (e: Error) => ({ ok: false, error: e.name }),
      );
      // Either retried to success or failed cleanly with a RenderFailedError: never a hang or an unhandled crash.
      expect([{ ok: true }, { ok: false, error: 'RenderFailedError' }]).toContainEqual(outcome);
      const next = await renderer.render('<!doctype html><p>after the crash</p>');
      expect(textOf(next)).toBe('%PDF-');
      const stats = renderer.stats();
      expect(stats.restarts).toBeGreaterThanOrEqual(1);
      expect(stats.browserPid).not.toBe(pid);
    } finally {
      await renderer.onApplicationShutdown();
    }
  });

  it('replaces the browser after its render quota and keeps rendering', async () => {
    const renderer = new PdfRenderer(config({ maxRendersPerBrowser: 2, poolSize: 1 }));
    try {
      const pids = new Set<number>();
      for (let i = 0; i < 5; i++) {
        await renderer.render(`<!doctype html><p>${i}</p>`);
        pids.add(renderer.stats().browserPid ?? 0);
      }
      expect(renderer.stats().restarts).toBeGreaterThanOrEqual(2);
      expect(renderer.stats().renders).toBe(5);
    } finally {
      await renderer.onApplicationShutdown();
    }
  });

  it("finishes Chromium's PDF with an appended metadata update (no pdf-lib rewrite), which poppler reads", async () => {
    const renderer = new PdfRenderer(config());
    try {
      const pdf = await renderer.render('<!doctype html><html><head><title>Certificate</title></head><body><p>Hello</p></body></html>');
      const finished = await appendMetadata(pdf, { title: 'Verification Certificate QC1', subject: 's', keywords: ['QC1'], issuedAt: new Date('2026-01-01T00:00:00Z'), custom: { CredenceContentDigest: 'ab'.repeat(32) } });
      expect(finished).not.toBeNull();
      const info = execFileSync('pdfinfo', ['-custom', '-'], { input: finished }).toString('utf8');
      expect(info).toMatch(/Title:\s+Verification Certificate QC1/);
      expect(info).toMatch(/CredenceContentDigest:\s*(ab){32}/);
      expect(info).not.toMatch(/HeadlessChrome|Skia/);
      expect(execFileSync('pdftotext', ['-', '-'], { input: finished }).toString('utf8')).toContain('Hello');
    } finally {
      await renderer.onApplicationShutdown();
    }
  });

  it('answers a clear error naming the setting when no browser can be found', async () => {
    const renderer = new PdfRenderer(config({ executablePath: '/nowhere/chromium', executablePathSetting: 'CHROMIUM_PATH' }));
    await expect(renderer.render('<p>x</p>')).rejects.toThrow(/CHROMIUM_PATH=\/nowhere\/chromium/);
    await renderer.onApplicationShutdown();
  });
});
