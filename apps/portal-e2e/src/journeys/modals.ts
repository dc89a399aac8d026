import assert from 'node:assert/strict';
import type { Page, Route } from 'playwright-core';
import type { Journey } from '../harness.ts';
import { toast } from '../ui.ts';

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const token = (claims: Record<string, unknown>) =>
  `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}.unsigned`;

const claims = (over: Record<string, unknown>) => ({
  sub: 'terry@acme.test',
  expOffset: 900,
  paymentType: 'CARD',
  allowedTypes: '["edu","emp","pli","pce","hsc"]',
  authorities: [{ authority: 'ROLE_USER' }],
  isIndividual: false,
  currency: 'GBP',
  ...over,
});

/**
 * No demo account has out-of-date terms or an unacknowledged welcome message, so these two modals are shown with
 * the API's answers played by the browser: what is checked is the portal's side of spec 2.3 and 4.5.
 */
async function fakeApi(page: Page, first: Record<string, unknown>) {
  let current = token(claims(first));
  const puts: unknown[] = [];
  await page.route('**/v1/**', async (route: Route) => {
    const req = route.request();
    const url = new URL(req.url());
    const path = url.pathname;
    const json = (body: unknown, status = 200) =>
      route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
    if (path === '/v1/auth' && req.method() === 'POST') {
      return route.fulfill({
        status: 200,
        headers: { 'x-auth-token': current, 'x-refresh-token': 'r1' },
        body: '',
      });
    }
    if (path === '/v1/auth' && req.method() === 'GET') {
      current = token(claims({ tcsVersion: 3, interuptMessageAck: '2026-11-21' }));
      return route.fulfill({
        status: 200,
        headers: { 'x-auth-token': current, 'x-refresh-token': 'r2' },
        body: '',
      });
    }
    if (path === '/v1/account' && req.method() === 'GET') {
      return json({
        firstname: 'Terry',
        lastname: 'Terms',
        username: 'terry@acme.test',
        marketing: true,
        notifications: true,
      });
    }
    if (path === '/v1/account' && req.method() === 'PUT') {
      puts.push(req.postDataJSON());
      return route.fulfill({ status: 204, body: '' });
    }
    if (path === '/v1/info/') return json({ version: 'faked' });
    if (path === '/v1/notice') return json({ content: [], totalSize: 0 });
    return json({ errors: [{ message: 'not faked' }] }, 404);
  });
  return puts;
}

async function signIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email address / Username').fill('terry@acme.test');
  await page.locator('#login-password').fill('Whatever-1');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  // A modal hides the rest of the page from assistive technology, top bar included: wait on the address.
  await page.waitForURL((url) => url.pathname === '/home');
}

export const termsAndWelcome: Journey = {
  name: 'the terms modal and the welcome modal (API answers played by the browser)',
  async run({ page, shot, axe }) {
    const puts = await fakeApi(page, { tcsVersion: 2, interuptMessageAck: '2024-01-01' });
    await signIn(page);
    const terms = page.getByRole('dialog', { name: 'Before you continue ...' });
    await terms.getByRole('radio', { name: 'Disagree' }).check();
    await terms.getByText('You must accept our terms & conditions in order to use our service.').waitFor();
    await axe('terms-modal');
    await shot('terms-modal');
    await terms.getByRole('radio', { name: 'Agree', exact: true }).check();
    await terms.getByRole('button', { name: 'Submit' }).click();
    await toast(page, 'Thank you! Your selections have been updated.');
    await terms.waitFor({ state: 'detached' });
    assert.equal((puts[0] as { tcsVersion: number }).tcsVersion, 3);

    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.evaluate(() => localStorage.clear());
    await fakeApi(page, { tcsVersion: 3, interuptMessageAck: '2018-10-01' });
    await signIn(page);
    const welcome = page.getByRole('dialog', { name: 'Welcome!' });
    await welcome.waitFor();
    await axe('welcome-modal');
    await shot('welcome-modal');
    await welcome.getByRole('button', { name: "Great, let's go!" }).click();
    await welcome.waitFor({ state: 'detached' });
  },
};
