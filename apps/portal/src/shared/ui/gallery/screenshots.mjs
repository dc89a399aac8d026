// Screenshots of the building blocks at desktop and phone sizes, for looking at them (not committed):
//   node apps/portal/src/shared/ui/gallery/screenshots.mjs   ->  screenshots/ui/*.png
// Serves the gallery page with the portal's own Vite config and opens it in the system Chromium.
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { createServer } from 'vite';

const root = fileURLToPath(new URL('../../../../../../', import.meta.url));
const out = `${root}screenshots/ui`;
mkdirSync(out, { recursive: true });

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const server = await createServer({
  configFile: `${root}apps/portal/vite.config.ts`,
  server: { port: 0, strictPort: false, host: '127.0.0.1' },
  logLevel: 'warn',
});
await server.listen();
const address = server.httpServer?.address();
const port = typeof address === 'object' && address ? address.port : 0;
const url = `http://127.0.0.1:${port}/src/shared/ui/gallery/index.html`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  for (const [name, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ]) {
    const page = await browser.newPage({ viewport, deviceScaleFactor: 1 });
    page.on('pageerror', (e) => console.error(`${name}: ${e.message}`));
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.locator('path[data-country="GB"]').waitFor();
    await page.locator('.MuiLineChart-root, .MuiChartsSurface-root').first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    console.log(`${name}: page overflows sideways by ${overflow}px`);
    if (overflow > 0) {
      const culprits = await page.evaluate(() =>
        [...document.querySelectorAll('body *')]
          .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
          .filter(
            (e) => !e.parentElement || e.parentElement.getBoundingClientRect().right <= window.innerWidth + 1,
          )
          .slice(0, 8)
          .map(
            (e) =>
              `${e.tagName.toLowerCase()}.${String(e.className).split(' ').slice(0, 2).join('.')} right=${Math.round(e.getBoundingClientRect().right)}`,
          ),
      );
      console.log(culprits.join('\n'));
    }
    await page.addScriptTag({ content: axeSource });
    const violations = await page.evaluate(async () => {
      const result = await window.axe.run(document, { resultTypes: ['violations'] });
      return result.violations.map(
        (v) =>
          `${v.impact} ${v.id}: ${v.help} (${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(', ')})`,
      );
    });
    console.log(`${name}: axe ${violations.length ? `\n  ${violations.join('\n  ')}` : 'finds nothing'}`);
    await page.screenshot({ path: `${out}/${name}-full.png`, fullPage: true });
    const sections = page.locator('section');
    for (let i = 0; i < (await sections.count()); i++) {
      await sections.nth(i).screenshot({ path: `${out}/${name}-${i}.png` });
    }
    const map = page.locator('section').filter({ hasText: 'Annual Average Verification Times' });
    for (const region of ['Europe', 'Americas']) {
      await map.getByRole('button', { name: region, exact: true }).click();
      await map.screenshot({ path: `${out}/${name}-map-${region.toLowerCase()}.png` });
    }
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}
console.log(`screenshots in ${out}`);
