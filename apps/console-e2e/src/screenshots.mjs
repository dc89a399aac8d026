// Screenshots of every console screen at 1280x800 into screenshots/console/ (git-ignored), for review by eye; the
// lists that have a phone layout also at 390 px, where a screen wider than the phone counts as not taken.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { consoleSignIn, VIEWPORT } from './browser.mjs';

const PHONE = { width: 390, height: 844 };

/** [file name, path under /console, what must be on screen before the picture is taken (phone: at 390 px)] */
const SCREENS = [
  ['01-dashboard', '/', { role: 'heading', name: 'Verifications by result' }],
  ['02-customers', '/customers', { text: 'Acme Recruitment Ltd' }],
  ['03-customer-show', '/customers/acme/show', { text: 'Access (changes apply at once)' }],
  ['03b-customer-show-users-audit', '/customers/acme/show', { text: 'Audit trail (audit-acme)', scrollTo: 'Users' }],
  ['04-customer-edit', '/customers/acme', { text: 'Allowed verification types' }],
  ['05-users', '/users', { text: 'alice@acme.test' }],
  ['05b-user-show', '/users?filter=%7B%22q%22%3A%22bob%40acme.test%22%7D', { text: 'bob@acme.test', click: 'bob@acme.test', then: 'Last sign-in' }],
  ['06-verifications', '/verifications', { text: 'Verifications' }],
  ['08-institutes', '/institutes', { role: 'columnheader', name: 'Surcharge' }],
  ['09-institute-show', '/institutes/uni-demo/show', { text: 'Summary' }],
  ['10-institute-import', '/institutes/uni-demo/import', { text: 'Choose a CSV file' }],
  [
    '10b-institute-import-errors',
    '/institutes/uni-demo/import',
    {
      text: 'Choose a CSV file',
      upload: 'firstName,lastName,dob,qualification,course,gradYear,studentId,email\nAda,Lovelace,1815-12-10,BSc (Hons),Mathematics,1835,UD900001,ada@example.test\nCharles,,1791-12-26,BSc (Hons),Mathematics,1812,UD900002,cb@example.test\nMary,Somerville,not a date,BSc (Hons),Physics,1826,UD900003,ms@example.test\n',
      then: 'Nothing was imported',
    },
  ],
  ['11-invoices', '/invoices', { text: 'Invoices' }],
  ['11b-invoices-phone', '/invoices', { text: 'Invoices', phone: true }],
  ['12-credit-movements', '/credit-movements', { text: 'Credit movements' }],
  ['13-notices', '/notices', { text: 'Notices' }],
  ['13b-notices-phone', '/notices', { text: 'Notices', phone: true }],
  ['14-notice-create', '/notices/create', { text: 'Customers see a published notice' }],
  ['15-news', '/news', { text: 'News and alerts' }],
  ['15b-country-notifications', '/country-notifications', { text: 'Country notifications' }],
  ['15c-country-notification-create', '/country-notifications/create', { label: 'Message *' }],
  ['16-approval-processes', '/approval-processes', { text: 'Approval processes' }],
  ['17-projections', '/projections', { text: 'stream-stats' }],
  ['18-failed-jobs', '/failed-jobs', { text: 'Failed jobs' }],
  ['19-mails', '/mails', { text: 'Mails' }],
  ['20-debug-recordings', '/debug-recordings', { text: 'Debug sessions' }],
  ['21-error-reports', '/error-reports', { text: 'Error reports' }],
];

async function settle(page, expect) {
  if (expect.upload) {
    await page.getByText(expect.text).first().waitFor({ timeout: 15000 });
    await page.locator('#records-file').setInputFiles({ name: 'records.csv', mimeType: 'text/csv', buffer: Buffer.from(expect.upload) });
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText(expect.then).first().waitFor({ timeout: 15000 });
  } else if (expect.click) {
    await page.getByText(expect.click, { exact: true }).first().click();
    await page.getByText(expect.then, { exact: false }).first().waitFor({ timeout: 15000 });
  } else if (expect.role) await page.getByRole(expect.role, { name: expect.name }).first().waitFor({ timeout: 15000 });
  else if (expect.label) await page.getByLabel(expect.label, { exact: true }).first().waitFor({ timeout: 15000 });
  else await page.getByText(expect.text, { exact: false }).first().waitFor({ timeout: 15000 });
  // Lists fade rows in and react-admin shows a progress bar while it loads: wait for both to end.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  if (expect.scrollTo) {
    await page.getByRole('heading', { name: expect.scrollTo, exact: true }).first().scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, -80));
  }
  await page.waitForTimeout(300);
}

export async function takeScreenshots(browser, baseUrl, outDir, extra = []) {
  mkdirSync(outDir, { recursive: true });
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-GB', timezoneId: 'Europe/London' });
  const page = await context.newPage();
  await consoleSignIn(page, baseUrl);
  const taken = [];
  const failed = [];
  // A read (GET) the API refuses as bad input is the console's own mistake (a sort, filter or page size the
  // resource does not take): react-admin shows an error toast over a list that stays empty. Each screen must have none.
  let refused = [];
  page.on('response', (r) => {
    const url = new URL(r.url());
    if (r.request().method() === 'GET' && r.status() === 400 && url.pathname.startsWith('/v1/')) refused.push(`${url.pathname}${url.search}`);
  });
  for (const [name, route, expect] of [...SCREENS, ...extra]) {
    refused = [];
    try {
      await page.setViewportSize(expect.phone ? PHONE : VIEWPORT);
      await page.goto(`${baseUrl}/console${route}`);
      await settle(page, expect);
      const file = path.join(outDir, `${name}.png`);
      await page.screenshot({ path: file });
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      // No screen scrolls sideways, on the phone or at 1280 pixels (the customers list did, by its access chips).
      const window = expect.phone ? PHONE.width : VIEWPORT.width;
      if (wide > window) throw new Error(`${wide} px wide in a ${window} px window`);
      if (refused.length) throw new Error(`the API refused its reads as bad input (400): ${refused.join(', ')}`);
      taken.push(file);
    } catch (error) {
      failed.push(`${name}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
      await page.screenshot({ path: path.join(outDir, `${name}.failed.png`) }).catch(() => undefined);
    }
  }
  await page.setViewportSize(VIEWPORT);
  // The login page, signed out.
  const fresh = await browser.newContext({ viewport: VIEWPORT, locale: 'en-GB' });
  const login = await fresh.newPage();
  await login.goto(`${baseUrl}/console/login`);
  await login.getByRole('button', { name: 'Sign in' }).waitFor();
  await login.screenshot({ path: path.join(outDir, '00-login.png') });
  taken.push(path.join(outDir, '00-login.png'));
  await fresh.close();
  await context.close();
  return { taken, failed };
}
