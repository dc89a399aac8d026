import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { Journey } from '../harness.ts';
import { signInThroughUi } from '../ui.ts';

/** The headers every page must carry (issue 19), checked on the built app as a browser receives them. */
function assertHardened(headers: Record<string, string>, where: string) {
  const csp = new Map(
    (headers['content-security-policy'] ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([k, ...v]) => [k, v] as const),
  );
  assert.deepEqual(csp.get('frame-ancestors'), ["'none'"], `${where}: frame-ancestors`);
  assert.ok(csp.get('script-src')?.includes("'self'"), `${where}: script-src 'self'`);
  assert.ok(!csp.get('script-src')?.includes("'unsafe-inline'"), `${where}: no inline scripts`);
  assert.ok(!csp.get('script-src')?.includes("'unsafe-eval'"), `${where}: no eval`);
  assert.deepEqual(csp.get('object-src'), ["'none'"], `${where}: object-src`);
  assert.equal(headers['referrer-policy'], 'no-referrer', `${where}: Referrer-Policy`);
  assert.equal(headers['x-content-type-options'], 'nosniff', `${where}: X-Content-Type-Options`);
  assert.equal(headers['x-frame-options'], 'DENY', `${where}: X-Frame-Options`);
}

/** Collects the page's CSP violations (the browser's own event), from every document the page loads. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) fromConsole.push(m.text());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return async () => [...fromConsole, ...(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations ?? []))];
}

/**
 * Issue 19: the portal, the console, the public resolve page (/verify/{key}) and the share page (/view/{key})
 * carry the CSP, frame-ancestors 'none', Referrer-Policy no-referrer and nosniff; their index.html has no inline
 * script; and the portal works under the CSP: alice signs in and opens her history, the wizard, the coverage map
 * and her invoices, with no CSP violation reported by the browser.
 */
export const securityHeaders: Journey = {
  name: 'security headers and the portal under its CSP',
  run: async ({ page, baseUrl, log }) => {
    // The pages are the product's usual ones; a loaded build machine makes their first loads slow.
    page.setDefaultTimeout(45_000);
    page.setDefaultNavigationTimeout(60_000);
    const violations = await watchViolations(page);
    for (const path of ['/', '/login', '/console/', '/verify/Zm9vYmFyYmF6cXV4LXh5ei0xMjM0NTY3ODkw', '/view/Zm9vYmFyYmF6cXV4LXh5ei0xMjM0NTY3ODkw', '/v1/info']) {
      const res = await fetch(new URL(path, baseUrl));
      const headers: Record<string, string> = {};
      res.headers.forEach((value, name) => (headers[name] = value));
      assertHardened(headers, path);
      if (path !== '/v1/info') {
        const html = await res.text();
        const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter(([, attrs, body]) => !/\bsrc=/.test(attrs) || body.trim());
        assert.equal(inline.length, 0, `${path}: inline script in the built index.html`);
      } else await res.arrayBuffer();
    }
    log('headers hold on /, /login, /console/, /verify/{key}, /view/{key} and /v1/info');

    // The browser sees the same on the public pages with a key in the URL.
    const verify = await page.goto('/verify/Zm9vYmFyYmF6cXV4LXh5ei0xMjM0NTY3ODkw', { waitUntil: 'commit' });
    assertHardened((await verify?.allHeaders()) ?? {}, '/verify/{key} in the browser');

    await signInThroughUi(page, 'alice@acme.test');
    const seen: string[] = [];
    // Screens that load the most (tables, the wizard and its card form, the map and charts), each until idle.
    for (const [path, text] of [
      ['/verification/history', 'Past verifications'],
      ['/verification/new', 'New Verification'],
      ['/verification/coverage', 'Coverage'],
      ['/credit/history', 'Invoices'],
    ] as const) {
      await page.goto(path);
      await page.getByText(text).first().waitFor();
      await page.waitForLoadState('networkidle');
      for (const v of await violations()) if (!seen.includes(v)) seen.push(`${path}: ${v}`);
    }
    assert.deepEqual(seen, [], `CSP violations in the portal:\n  ${seen.join('\n  ')}`);
    log('no CSP violation on the history, the wizard, the coverage map and the invoices');
  },
};
