import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppConfig } from '../../../config/config.schema';
import { appendMetadata } from '../pdf/pdf-finishing';
import { FONT_STYLE_ID } from '../templates/fonts';
import { html, trustedMarkup } from '../templates/html';
import { documentShell } from '../templates/layout';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PdfRenderer, PROFILE_PREFIX, removeStaleProfiles } from './pdf-renderer';

/** This process's browser profile folders in the temporary folder. */
const ownProfiles = () => readdirSync(tmpdir()).filter((n) => n.startsWith(`${PROFILE_PREFIX}${process.pid}-`));

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
      // The killed browser's profile went with it: only the live browser's own is left.
      for (let i = 0; ownProfiles().length > 1 && i < 50; i++) await new Promise((r) => setTimeout(r, 100));
      expect(ownProfiles()).toHaveLength(1);
    } finally {
      await renderer.onApplicationShutdown();
    }
    expect(ownProfiles()).toEqual([]);
  }, 180_000);

  it('gives each browser its own profile folder, removed with it; folders of dead processes are swept', async () => {
    // A process that no longer runs (pid 2^22 + 1 is above Linux's pid_max) left its profile behind.
    const stale = join(tmpdir(), `${PROFILE_PREFIX}4194305-abc`);
    mkdirSync(join(stale, 'Default'), { recursive: true });
    const renderer = new PdfRenderer(config({ poolSize: 1 }));
    try {
      await renderer.render('<!doctype html><p>profile</p>');
      expect(ownProfiles()).toHaveLength(1);
      expect(readdirSync(tmpdir())).not.toContain(`${PROFILE_PREFIX}4194305-abc`);
    } finally {
      await renderer.onApplicationShutdown();
    }
    expect(ownProfiles()).toEqual([]);
    expect(await removeStaleProfiles()).toEqual([]);
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

  it("renders the templates' documents in the page's kept document: the same pixels as a fresh document, nothing left of the previous one", async () => {
    const renderer = new PdfRenderer(config({ poolSize: 1 }));
    // pdftoppm (poppler 22) takes '-' as the output root literally and writes '-.png', so stdout was empty and every
    // comparison below held whatever was drawn: the page goes to a file of its own and is read back.
    const pngDir = mkdtempSync(join(tmpdir(), 'credence-png-'));
    let pngs = 0;
    const png = (pdf: Buffer) => {
      const root = join(pngDir, String(++pngs));
      execFileSync('pdftoppm', ['-r', '40', '-png', '-singlefile', '-', root], { input: pdf });
      const bytes = readFileSync(`${root}.png`);
      expect(bytes.length).toBeGreaterThan(100);
      return bytes;
    };
    const text = (pdf: Buffer) => execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString('utf8');
    try {
      const first = documentShell('First', 'body { background: #fde; } h1 { font-size: 30pt; }', html`<h1>First document</h1><p>Łukasz Иван Σωκράτης</p>`);
      const second = documentShell('Second', '.x { color: #123; }', html`<h1>Second document</h1><p class="x">Łukasz Иван Σωκράτης</p>`);
      const kept = [await renderer.render(first), await renderer.render(second), await renderer.render(first)];
      // The fonts <style> no longer recognised: each document replaces the page's, as page.setContent does.
      const fresh = (doc: string) => doc.replace(`<style id="${FONT_STYLE_ID}">`, '<style id="other">');
      expect(fresh(first)).not.toBe(first);
      const fresh1 = await renderer.render(fresh(first));
      const fresh2 = await renderer.render(fresh(second));
      // The comparison sees a difference where there is one.
      expect(png(kept[0]).equals(png(kept[1]))).toBe(false);
      expect(png(kept[0]).equals(png(fresh1))).toBe(true);
      expect(png(kept[1]).equals(png(fresh2))).toBe(true);
      expect(png(kept[2]).equals(png(fresh1))).toBe(true);
      // Printed in one DevTools call (kept) or by page.pdf (fresh): the same page size, tagging and page count.
      const info = (pdf: Buffer) =>
        execFileSync('pdfinfo', ['-'], { input: pdf }).toString('utf8').split('\n').filter((l) => /^(Tagged|Pages|Page size|PDF version):/.test(l));
      expect(info(kept[0])).toEqual(info(fresh1));
      expect(info(kept[0])).toContain('Tagged:          yes');
      expect(text(kept[1])).toContain('Second document');
      expect(text(kept[1])).not.toContain('First document');
      expect(execFileSync('sh', ['-c', 'pdffonts -'], { input: kept[1] }).toString('utf8')).toMatch(/Inter-Regular/);
    } finally {
      rmSync(pngDir, { recursive: true, force: true });
      await renderer.onApplicationShutdown();
    }
  });

  it('fetches nothing in a kept-document render either: escaped customer text, and markup that reaches the page', async () => {
    const renderer = new PdfRenderer(config({ poolSize: 1 }));
    try {
      const before = hits;
      const name = `<img src=${base}/img-from-name><link rel=stylesheet href=${base}/css-from-name>`;
      await renderer.render(documentShell('t', '', html`<h1>${name}</h1>`));
      expect(renderer.stats().blockedRequests).toBe(0);
      // The documents' Content-Security-Policy stops these before the request interception sees them, as it does
      // when the same document replaces the page's (a fresh document): nothing reaches the network either way.
      const trusted = documentShell('t', '', html`${trustedMarkup(`<img src="${base}/trusted"><link rel=stylesheet href="${base}/x.css">`)}<p>x</p>`);
      await renderer.render(trusted);
      await renderer.render(trusted.replace(`<style id="${FONT_STYLE_ID}">`, '<style id="other">'));
      expect(renderer.stats().blockedRequests).toBe(0);
      expect(hits).toBe(before);
      // The kept document carries the same policy from its start: a document without one is held to it too.
      await renderer.render(trusted.replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, ''));
      expect(hits).toBe(before);
    } finally {
      await renderer.onApplicationShutdown();
    }
  });

  it("finishes Chromium's PDF with an appended metadata update (no pdf-lib rewrite), which poppler reads", async () => {
    const renderer = new PdfRenderer(config());
    try {
      const pdf = await renderer.render('<!doctype html><html><head><title>Certificate</title></head><body><p>Hello</p></body></html>');
      const appended = await appendMetadata(pdf, { title: 'Verification Certificate QC1', subject: 's', keywords: ['QC1'], issuedAt: new Date('2026-01-01T00:00:00Z'), custom: { CredenceContentDigest: 'ab'.repeat(32) } });
      expect(appended).not.toBeNull();
      const finished = appended as Buffer;
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
