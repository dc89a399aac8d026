// A small journey runner on playwright-core and the system Chromium: one browser, a fresh context per journey,
// screenshots at desktop and phone width, an axe check per screen, and a summary whose exit code is the result.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { repoRoot } from './app.ts';

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;
export const SHOTS_DIR = path.join(repoRoot, 'screenshots', 'portal');

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export class Skip extends Error {}

export interface JourneyContext {
  page: Page;
  context: BrowserContext;
  baseUrl: string;
  /** Saves the current screen at desktop and phone width (screenshots/portal/{name}-desktop.png, -phone.png). */
  shot: (name: string) => Promise<void>;
  /** Fails the journey when axe finds a serious or critical violation on the current screen. */
  axe: (screen: string) => Promise<void>;
  /** Ends the journey as skipped, with the reason printed in the summary. */
  skip: (reason: string) => never;
  log: (line: string) => void;
}

export interface Journey {
  name: string;
  run: (t: JourneyContext) => Promise<void>;
}

interface Outcome {
  name: string;
  status: 'passed' | 'failed' | 'skipped';
  ms: number;
  detail?: string;
}

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    env: { ...process.env, LANGUAGE: 'en_GB', LANG: 'en_GB.UTF-8' },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // The browser's own language, as a UK customer's: a native date field draws its format (dd/mm/yyyy) from it,
      // not from the context's locale, and without it showed the US mm/dd/yyyy beside our '28 Nov 2026' dates.
      '--lang=en-GB',
    ],
  });
}

/**
 * Waits until the screen stands still: two frames (React's commit and the transitions it starts), then until every
 * finite animation and CSS transition on the page (MUI's fades, slides, collapses) has finished. Endless ones
 * (spinners, skeleton pulses) are not waited for. Replaces fixed sleeps: as long as the page needs, and no longer.
 */
export async function settle(page: Page): Promise<void> {
  const still = page.evaluate(async () => {
    const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));
    await frame();
    await frame();
    for (let round = 0; round < 20; round++) {
      const running = document
        .getAnimations()
        .filter(
          (a) => a.playState === 'running' && Number.isFinite(Number(a.effect?.getComputedTiming().endTime)),
        );
      if (running.length === 0) return;
      await Promise.race([
        Promise.all(running.map((a) => a.finished.catch(() => undefined))),
        new Promise((r) => setTimeout(r, 2000)),
      ]);
      await frame();
    }
  });
  // A page that navigates meanwhile (its context destroyed) has its new document to load instead.
  await still.catch(() => page.waitForLoadState('load').catch(() => undefined));
}

async function runAxe(page: Page, screen: string) {
  // Menus and dialogs fade in: measured mid-fade, every text would fail its contrast.
  await settle(page);
  // Evaluated through the DevTools protocol, not added as an inline <script>: the app's Content-Security-Policy
  // (no inline scripts, issue 19) refuses the latter, as it should.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(`${axeSource}\n;void 0;`);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            opts: object,
          ) => Promise<{
            violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
  });
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (serious.length > 0) {
    const lines = serious.map((v) => `  ${v.impact} ${v.id}: ${v.help} (${v.targets.join(', ')})`);
    throw new Error(`axe found ${serious.length} serious violation(s) on ${screen}:\n${lines.join('\n')}`);
  }
}

/**
 * Fails a screenshot whose page is wider than the screen: the page then scrolls sideways, and what sticks out is cut
 * off at the edge (the dashboard's lower cards once stood 4 px past a phone's edge, a grid column grown to its
 * content's width). A table that scrolls inside its own box does not count: only the document's width does.
 */
async function noSidewaysScroll(page: Page, shot: string, width: number): Promise<void> {
  const past = await page.evaluate((screenWidth) => {
    if (document.documentElement.scrollWidth <= screenWidth) return null;
    const sticking = Array.from(document.querySelectorAll('body *'))
      .filter((el) => el.getBoundingClientRect().right > screenWidth + 0.5)
      .filter(
        (el) => !el.parentElement || el.parentElement.getBoundingClientRect().right <= screenWidth + 0.5,
      )
      .slice(0, 5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${String(el.className).split(' ').slice(0, 2).join('.')}: "${(el.textContent ?? '').trim().slice(0, 40)}"`,
      );
    return { scrollWidth: document.documentElement.scrollWidth, sticking };
  }, width);
  if (past)
    throw new Error(
      `${shot}: the page is ${past.scrollWidth} px wide on a ${width} px screen; sticking out:\n  ${past.sticking.join('\n  ')}`,
    );
}

export async function runJourneys(
  journeys: Journey[],
  baseUrl: string,
  only?: string,
  resultsFile = 'results.json',
): Promise<boolean> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  const browser = await launch();
  const outcomes: Outcome[] = [];
  try {
    for (const journey of journeys) {
      if (only && !journey.name.includes(only)) continue;
      const context = await browser.newContext({
        viewport: DESKTOP,
        baseURL: baseUrl,
        locale: 'en-GB',
        timezoneId: 'UTC',
        // Screenshots show what a screen settles on: x-charts honours prefers-reduced-motion, and with it a line is
        // drawn at once. Otherwise the phone shot, taken right after the resize, caught a line chart replaying its
        // left-to-right reveal, and a series that rises only at its last point showed no line at all.
        reducedMotion: 'reduce',
      });
      context.setDefaultTimeout(15_000);
      const page = await context.newPage();
      const consoleErrors: string[] = [];
      page.on('pageerror', (e) => consoleErrors.push(String(e)));
      // A read (GET) the API refuses as bad input (400) or as not the user's to read (403) is the portal's own mistake:
      // the individual's dashboard once asked for a page of 500 verifications, the API allows 100, and the card the
      // answer was for stayed empty, silently; an individual's home asked for the organisations' volume chart.
      const refusedReads: string[] = [];
      page.on('response', (r) => {
        const url = new URL(r.url());
        if (
          r.request().method() === 'GET' &&
          (r.status() === 400 || r.status() === 403) &&
          url.pathname.startsWith('/v1/')
        )
          refusedReads.push(`${r.status()} ${url.pathname}${url.search}`);
      });
      const started = Date.now();
      const t: JourneyContext = {
        page,
        context,
        baseUrl,
        shot: async (name) => {
          await page.waitForLoadState('networkidle').catch(() => undefined);
          const size = page.viewportSize() ?? DESKTOP;
          for (const [suffix, viewport] of [
            ['desktop', DESKTOP],
            ['phone', PHONE],
          ] as const) {
            await page.setViewportSize(viewport);
            // From the top: fixed bars would otherwise be drawn where the page happened to be scrolled.
            await page.evaluate(() => window.scrollTo(0, 0));
            // The layout of the new width (MUI's media queries re-render, drawers slide) has settled.
            await settle(page);
            await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${suffix}.png`), fullPage: true });
            await noSidewaysScroll(page, `${name}-${suffix}`, viewport.width);
          }
          await page.setViewportSize(size);
          await settle(page);
        },
        axe: (screen) => runAxe(page, screen),
        skip: (reason) => {
          throw new Skip(reason);
        },
        log: (line) => process.stdout.write(`    ${line}\n`),
      };
      let outcome: Outcome;
      try {
        await journey.run(t);
        if (consoleErrors.length)
          throw new Error(`uncaught errors in the page:\n  ${consoleErrors.join('\n  ')}`);
        if (refusedReads.length)
          throw new Error(
            `the API refused the portal's reads (400 bad input, 403 not the user's):\n  ${refusedReads.join('\n  ')}`,
          );
        outcome = { name: journey.name, status: 'passed', ms: Date.now() - started };
      } catch (error) {
        if (error instanceof Skip) {
          outcome = {
            name: journey.name,
            status: 'skipped',
            ms: Date.now() - started,
            detail: error.message,
          };
        } else {
          const failure = path.join(
            SHOTS_DIR,
            'failures',
            `${journey.name.replace(/[^a-z0-9]+/gi, '-')}.png`,
          );
          mkdirSync(path.dirname(failure), { recursive: true });
          await page.screenshot({ path: failure, fullPage: true }).catch(() => undefined);
          const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
          outcome = {
            name: journey.name,
            status: 'failed',
            ms: Date.now() - started,
            detail: `${detail}\n    screenshot: ${failure}`,
          };
        }
      }
      outcomes.push(outcome);
      const mark = { passed: '✓', failed: '✗', skipped: '-' }[outcome.status];
      process.stdout.write(`${mark} ${outcome.name} (${(outcome.ms / 1000).toFixed(1)} s)\n`);
      if (outcome.detail) process.stdout.write(`    ${outcome.detail.split('\n').join('\n    ')}\n`);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const count = (s: Outcome['status']) => outcomes.filter((o) => o.status === s).length;
  process.stdout.write(
    `\n${count('passed')} passed, ${count('failed')} failed, ${count('skipped')} skipped\n`,
  );
  writeFileSync(
    path.join(repoRoot, 'tmp', 'portal-e2e', resultsFile),
    JSON.stringify({ baseUrl, outcomes }, null, 2),
  );
  return count('failed') === 0 && count('passed') > 0;
}
