import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { metrics } from '@opentelemetry/api';
import { createPool, type Pool } from 'generic-pool';
import puppeteer, { type Browser, type CDPSession, type HTTPRequest, type JSHandle, type Page } from 'puppeteer';
import type { AppConfig, PdfSettings } from '../../../config/config.schema';
import { APP_CONFIG } from '../../../config/config.tokens';
import { embeddedFontStyle, FONT_STYLE_ID } from '../templates/fonts';
import { type LocatedChromium, locateChromium } from './chromium-locator';

/** STACK.md's flags: headless, no GPU, and none of the background traffic Chromium starts on its own. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--no-default-browser-check',
];

/** How puppeteer starts the browser found: the npm build also needs its own libraries and fonts. */
export function launchOptions(chromium: LocatedChromium) {
  const options = { executablePath: chromium.executablePath, headless: true, args: CHROMIUM_ARGS };
  if (!chromium.libraryPath && !chromium.fontConfigFile) return options;
  // The browser inherits this process's environment, as puppeteer's default does; only these two are added.
  // eslint-disable-next-line no-restricted-properties
  const inherited = process.env;
  const env: Record<string, string | undefined> = { ...inherited };
  if (chromium.libraryPath) env.LD_LIBRARY_PATH = [chromium.libraryPath, inherited.LD_LIBRARY_PATH].filter(Boolean).join(':');
  if (chromium.fontConfigFile) env.FONTCONFIG_FILE = chromium.fontConfigFile;
  return { ...options, env };
}

/**
 * Each browser gets its own profile folder, `credence-chromium-profile-<pid>-<random>` in the temporary folder,
 * removed when that browser goes (closed, retired or killed); folders of processes no longer running (a crash, a
 * kill -9 of the API) are removed at the next launch. Never a profile shared between processes or browsers.
 */
export const PROFILE_PREFIX = 'credence-chromium-profile-';

/** Removes the profile folders of API processes that are not running any more. */
export async function removeStaleProfiles(root = tmpdir()): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await readdir(root).catch(() => [] as string[])) {
    if (!name.startsWith(PROFILE_PREFIX)) continue;
    const pid = Number(name.slice(PROFILE_PREFIX.length).split('-')[0]);
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || running(pid)) continue;
    await rm(join(root, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

interface Generation {
  id: number;
  browser: Browser;
  /** Its own profile folder, removed when it disconnects. */
  userDataDir: string;
  renders: number;
  /** Pages of this browser alive in the pool (borrowed or idle). */
  pages: number;
  /** Replaced after maxRendersPerBrowser renders, or gone (crashed): its pages are destroyed, not reused. */
  retired: boolean;
}

interface Slot {
  page: Page;
  gen: Generation;
  /** SWAP_DOCUMENT in the page, while the page holds the kept document (KEPT_DOCUMENT, or a document swapped into it). */
  swap: JSHandle | null;
  /** A DevTools session of the page, for printing in one round trip. */
  cdp: CDPSession | null;
}

/** A4 in inches, as puppeteer's format 'A4' gives Page.printToPDF. */
const A4 = { paperWidth: 8.27, paperHeight: 11.7 };

/**
 * What each pooled page loads once: an empty document whose only content is the embedded fonts' <style> (300 kB of
 * @font-face rules with the font files inline). Parsing that and decoding the fonts cost ~20 ms of Chromium's CPU
 * per render when every document carried them; a document swapped into this one finds them ready.
 */
const KEPT_DOCUMENT_HEAD =
  `<!doctype html><html><head><meta charset="utf-8">` +
  `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:">`;
const keptDocument = () => `${KEPT_DOCUMENT_HEAD}${embeddedFontStyle()}</head><body></body></html>`;

/**
 * Runs in the page (DevTools' evaluation; the page's own scripts stay disabled): the document `doc`, parsed by
 * DOMParser (no scripts run), replaces the kept one's head, <html> attributes and body, with the kept fonts <style>
 * standing where doc has its empty placeholder. Resolves once its images are decoded and its fonts ready, as the
 * 'load' of setContent did; answers false when the page does not hold the kept document.
 * Plain JavaScript: the API compiles without the DOM's types.
 */
const SWAP_DOCUMENT = `async (doc, id) => {
  const fonts = document.getElementById(id);
  if (!fonts || fonts.parentNode !== document.head) return false;
  const parsed = new DOMParser().parseFromString(doc, 'text/html');
  const placeholder = parsed.getElementById(id);
  if (!placeholder || placeholder.parentNode !== parsed.head) return false;
  const root = document.documentElement;
  for (const a of [...root.attributes]) root.removeAttribute(a.name);
  for (const a of [...parsed.documentElement.attributes]) root.setAttribute(a.name, a.value);
  for (const n of [...document.head.childNodes]) if (n !== fonts) n.remove();
  const nodes = [...parsed.head.childNodes];
  const at = nodes.indexOf(placeholder);
  fonts.before(...nodes.slice(0, at).map((n) => document.adoptNode(n)));
  fonts.after(...nodes.slice(at + 1).map((n) => document.adoptNode(n)));
  document.body.replaceWith(document.adoptNode(parsed.body));
  await Promise.all([...document.images].map((img) => img.decode().catch(() => undefined)));
  await document.fonts.ready;
  return true;
}`;

type SwapDocument = (doc: string, id: string) => Promise<boolean>;

/** `work`, or a RenderFailedError after `ms` (page.evaluate has no timeout of its own). */
async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RenderFailedError(`PDF render timed out after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export interface PdfOptions {
  landscape?: boolean;
}

/** A render that failed: the page is thrown away; the caller answers an error, never a half-written PDF. */
export class RenderFailedError extends Error {
  constructor(message: string, override readonly cause?: unknown) {
    super(message);
    this.name = 'RenderFailedError';
  }
}

const meter = metrics.getMeter('credence-api');
const renderDuration = meter.createHistogram('credence.pdf.render.duration', { unit: 'ms', description: 'HTML to PDF in the pooled Chromium' });
const browserRestarts = meter.createCounter('credence.pdf.browser.restarts', { description: 'Chromium replaced after a crash or its render quota' });
const blockedRequests = meter.createCounter('credence.pdf.requests.blocked', { description: 'Requests a template tried to make, refused' });

/**
 * HTML to PDF with one long-lived headless Chromium and a small pool of reused pages (generic-pool): a reused
 * page renders an A4 page in ~50 ms where a new browser costs 300-800 ms (STACK.md). The browser starts at the
 * first render, not at boot, and is replaced when it crashes ('disconnected') or after N renders. Pages run
 * without JavaScript and refuse every request that is not a data: URL, so a template (and any customer text in
 * it) cannot reach the network. A page keeps one document with the embedded fonts parsed, and our templates'
 * documents are swapped into it (same pixels as a fresh document, ~25 ms less of Chromium's CPU per render).
 */
@Injectable()
export class PdfRenderer implements OnApplicationShutdown {
  private readonly logger = new Logger('PdfRenderer');
  private readonly settings: PdfSettings;
  private pool: Pool<Slot> | null = null;
  private current: Promise<Generation> | null = null;
  private currentGen: Generation | null = null;
  private readonly generations = new Set<Generation>();
  private nextGeneration = 1;
  private closed = false;
  private readonly counters = { renders: 0, failures: 0, retries: 0, launches: 0, restarts: 0, blockedRequests: 0 };

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.settings = config.pdf;
    meter
      .createObservableGauge('credence.pdf.pool.size', { description: 'Pages of the PDF pool: total, borrowed, waiting requests' })
      .addCallback((result) => {
        if (!this.pool) return;
        result.observe(this.pool.size, { state: 'total' });
        result.observe(this.pool.borrowed, { state: 'borrowed' });
        result.observe(this.pool.pending, { state: 'waiting' });
      });
  }

  /** For tests and the benchmark: what the pool has done so far. */
  stats() {
    return {
      ...this.counters,
      started: this.current !== null,
      poolSize: this.pool?.size ?? 0,
      borrowed: this.pool?.borrowed ?? 0,
      waiting: this.pool?.pending ?? 0,
      browserPid: [...this.generations].find((g) => !g.retired)?.browser.process()?.pid ?? null,
    };
  }

  /** The HTML (a whole document) as an A4 PDF. Retried once on a fresh page when the browser went away mid-render. */
  async render(html: string, options: PdfOptions = {}): Promise<Buffer> {
    if (this.closed) throw new RenderFailedError('The PDF renderer is shut down.');
    const pool = this.getPool();
    for (let attempt = 1; ; attempt++) {
      const started = performance.now();
      // A browser that cannot start fails this request now; the pool would otherwise retry its create forever.
      await this.browser();
      const slot = await pool.acquire();
      try {
        const pdf = await this.renderOn(slot, html, options);
        renderDuration.record(performance.now() - started, { outcome: 'ok' });
        this.counters.renders++;
        slot.gen.renders++;
        if (slot.gen.renders >= this.settings.maxRendersPerBrowser) this.retire(slot.gen, 'render quota reached');
        await pool.release(slot);
        return pdf;
      } catch (e) {
        renderDuration.record(performance.now() - started, { outcome: 'error' });
        await pool.destroy(slot);
        const browserGone = !slot.gen.browser.connected;
        if (browserGone) this.retire(slot.gen, 'disconnected during a render');
        if (browserGone && attempt === 1 && !this.closed) {
          this.counters.retries++;
          continue;
        }
        this.counters.failures++;
        throw e instanceof RenderFailedError ? e : new RenderFailedError(`PDF render failed: ${(e as Error).message}`, e);
      }
    }
  }

  private async renderOn(slot: Slot, html: string, options: PdfOptions): Promise<Buffer> {
    const { page } = slot;
    const timeout = this.settings.renderTimeoutMs;
    // Our templates' documents (documentShell: a doctype, the fonts <style> in the head) go into the page's kept
    // document, which has the fonts parsed already; anything else replaces the page's document as it is.
    const fonts = embeddedFontStyle();
    const at = html.indexOf(fonts);
    if (at >= 0 && /^\s*<!doctype html>/i.test(html)) {
      if (!slot.swap) {
        await page.setContent(keptDocument(), { waitUntil: 'load', timeout });
        slot.swap = await page.evaluateHandle(SWAP_DOCUMENT);
      }
      const doc = `${html.slice(0, at)}<style id="${FONT_STYLE_ID}"></style>${html.slice(at + fonts.length)}`;
      const swapped = await within(timeout, slot.swap.evaluate((swap, d, id) => (swap as SwapDocument)(d, id), doc, FONT_STYLE_ID));
      if (!swapped) throw new RenderFailedError('PDF render failed: the page lost its kept document');
      return this.print(slot, options);
    } else {
      // The page's JavaScript context (and with it the swap function) goes with its document.
      if (slot.swap) await slot.swap.dispose().catch(() => undefined);
      slot.swap = null;
      await page.setContent(html, { waitUntil: 'load', timeout });
    }
    const pdf = await page.pdf({ format: 'A4', landscape: options.landscape ?? false, printBackground: true, preferCSSPageSize: true, timeout });
    // The document stays in the idle page until the next render replaces it: blanking it costs a round trip
    // (~10 ms) per render, and the page lives only inside this process's own browser.
    return Buffer.from(pdf);
  }

  /**
   * What page.pdf asks Chromium for (A4, backgrounds, the CSS page size, a tagged PDF, no outline, no margins of
   * its own), in one DevTools round trip: the file comes back in the answer (ReturnAsBase64) instead of through a
   * stream read in chunks (IO.read round trips and IO.close), and without page.pdf's own wait for document.fonts,
   * which the swap has awaited already. At one request at a time these round trips were a good part of a render.
   */
  private async print(slot: Slot, options: PdfOptions): Promise<Buffer> {
    slot.cdp ??= await slot.page.createCDPSession();
    const printed = (await within(
      this.settings.renderTimeoutMs,
      slot.cdp.send('Page.printToPDF', {
        transferMode: 'ReturnAsBase64',
        landscape: options.landscape ?? false,
        printBackground: true,
        preferCSSPageSize: true,
        ...A4,
        marginTop: 0,
        marginBottom: 0,
        marginLeft: 0,
        marginRight: 0,
        scale: 1,
        displayHeaderFooter: false,
        generateTaggedPDF: true,
        generateDocumentOutline: false,
      }),
    )) as { data: string };
    return Buffer.from(printed.data, 'base64');
  }

  private getPool(): Pool<Slot> {
    this.pool ??= createPool<Slot>(
      {
        create: async () => {
          const gen = await this.browser();
          const page = await gen.browser.newPage();
          gen.pages++;
          await page.setJavaScriptEnabled(false);
          await page.setRequestInterception(true);
          page.on('request', (req) => this.intercept(req));
          return { page, gen, swap: null, cdp: null };
        },
        destroy: async (slot) => {
          slot.gen.pages--;
          if (slot.cdp) await slot.cdp.detach().catch(() => undefined);
          await slot.page.close().catch(() => undefined);
          if (slot.gen.retired && slot.gen.pages <= 0) await this.closeGeneration(slot.gen);
        },
        validate: async (slot) => !slot.gen.retired && slot.gen.browser.connected && !slot.page.isClosed(),
      },
      { max: this.settings.poolSize, min: 0, testOnBorrow: true, acquireTimeoutMillis: this.settings.renderTimeoutMs },
    );
    return this.pool;
  }

  /** The template's own data (data: URLs) loads; everything else is refused and counted. */
  private intercept(req: HTTPRequest) {
    if (req.isInterceptResolutionHandled()) return;
    const url = req.url();
    if (url.startsWith('data:') || url === 'about:blank') {
      void req.continue().catch(() => undefined);
      return;
    }
    this.counters.blockedRequests++;
    blockedRequests.add(1);
    // The URL itself may carry customer text: only its scheme goes to the log.
    this.logger.warn(`refused a ${url.split(':')[0]}: request from a PDF template`);
    void req.abort('blockedbyclient').catch(() => undefined);
  }

  private browser(): Promise<Generation> {
    if (!this.current) {
      const launching = this.launch();
      this.current = launching;
      launching.catch(() => {
        if (this.current === launching) this.current = null;
      });
    }
    return this.current;
  }

  private async launch(): Promise<Generation> {
    const chromium = await locateChromium(this.settings);
    const started = performance.now();
    if (this.counters.launches === 0) await removeStaleProfiles();
    const userDataDir = await mkdtemp(join(tmpdir(), `${PROFILE_PREFIX}${process.pid}-`));
    let browser: Browser;
    try {
      browser = await puppeteer.launch({ ...launchOptions(chromium), userDataDir, handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false });
    } catch (e) {
      await rm(userDataDir, { recursive: true, force: true });
      throw e;
    }
    const gen: Generation = { id: this.nextGeneration++, browser, userDataDir, renders: 0, pages: 0, retired: false };
    this.generations.add(gen);
    this.currentGen = gen;
    if (this.counters.launches++ > 0) {
      this.counters.restarts++;
      browserRestarts.add(1);
    }
    browser.on('disconnected', () => {
      if (!gen.retired) this.retire(gen, 'disconnected');
      this.generations.delete(gen);
      void this.removeProfile(gen);
    });
    this.logger.log(`chromium ${gen.id} (${chromium.source}: ${chromium.executablePath}) started in ${Math.round(performance.now() - started)} ms`);
    return gen;
  }

  /** New pages come from a new browser; this one closes once its last page is destroyed. */
  private retire(gen: Generation, why: string) {
    if (gen.retired) return;
    gen.retired = true;
    this.logger.log(`chromium ${gen.id} retired: ${why}`);
    if (this.currentGen === gen) {
      this.currentGen = null;
      this.current = null;
    }
    if (gen.pages <= 0) void this.closeGeneration(gen);
  }

  private async closeGeneration(gen: Generation) {
    this.generations.delete(gen);
    if (gen.browser.connected) await gen.browser.close().catch(() => undefined);
    await this.removeProfile(gen);
  }

  private readonly removingProfiles = new Set<Promise<void>>();

  /** The browser's profile folder, once its processes are gone (a killed browser's children may still be exiting). */
  private removeProfile(gen: Generation): Promise<void> {
    const removing = (async () => {
      const proc = gen.browser.process();
      if (proc && proc.exitCode === null && proc.signalCode === null) await new Promise((resolve) => proc.once('exit', resolve));
      await rm(gen.userDataDir, { recursive: true, force: true, maxRetries: 3 }).catch(() => undefined);
    })();
    this.removingProfiles.add(removing);
    void removing.finally(() => this.removingProfiles.delete(removing));
    return removing;
  }

  async onApplicationShutdown() {
    this.closed = true;
    if (this.pool) {
      const pool = this.pool;
      this.pool = null;
      await pool.drain().catch(() => undefined);
      await pool.clear().catch(() => undefined);
    }
    const launching = this.current;
    this.current = null;
    this.currentGen = null;
    // A launch still under way finishes first, so its browser is closed too.
    if (launching) await launching.catch(() => null);
    await Promise.all([...this.generations].map((g) => this.closeGeneration(g)));
    await Promise.all([...this.removingProfiles]);
  }
}
