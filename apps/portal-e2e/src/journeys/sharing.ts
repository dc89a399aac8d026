import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, linkFromMail } from '../api.ts';
import { DESKTOP, PHONE, SHOTS_DIR, type Journey, type JourneyContext } from '../harness.ts';
import { assertSame, dismissToasts, expectTitle, signInThroughUi, toast } from '../ui.ts';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

const GONE = 'This verification or wallet could not be found, or the owner has stopped sharing it with you.';

/** A page of its own, signed out (no stored session, no cookies), as whoever the link was sent to. */
async function freshPage(browser: Browser, baseUrl: string) {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl, locale: 'en-GB', timezoneId: 'UTC' });
  context.setDefaultTimeout(45_000);
  return { context, page: await context.newPage() };
}

/** Desktop and phone screenshots and axe of a page that is not the journey's own. */
async function shotAndAxe(page: Page, name: string) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(400);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(`${axeSource}\n;void 0;`);
  const serious = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (d: Document, o: object) => Promise<{ violations: { id: string; impact: string; help: string }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.impact} ${v.id}: ${v.help}`);
  });
  assert.deepEqual(serious, [], `axe on ${name}`);
  for (const [suffix, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(350);
    await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${suffix}.png`), fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}

/** On a phone the page is no wider than the screen (nothing to scroll sideways). */
async function fitsPhone(page: Page, what: string) {
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(350);
  const [scrollWidth, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  assert.ok(scrollWidth <= width, `${what} at ${width} px is ${scrollWidth} px wide`);
  await page.setViewportSize(DESKTOP);
}

/** No toast on screen before a screenshot: closes them until none is left (one may arrive while another leaves). */
async function noToasts(page: Page) {
  const toasts = page.locator('.MuiSnackbar-root');
  for (let i = 0; i < 20; i++) {
    await dismissToasts(page);
    await page.waitForTimeout(250);
    if ((await toasts.count()) === 0) return;
  }
  assert.fail(`a toast stays on screen: ${await toasts.first().innerText()}`);
}

/** Adds a private share in the open Sharing Center. */
async function sharePrivately(page: Page, email: string) {
  await page.getByRole('button', { name: 'Privately share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Privately share' });
  await dialog.getByText('500 character(s) left').waitFor();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByText(`${500 - email.length} character(s) left`).waitFor();
  return dialog;
}

/** indy's wallet, with the verification that is Verified opened from it. */
async function openVerifiedFromWallet(t: JourneyContext) {
  const { page } = t;
  await page.goto('/wallet');
  await expectTitle(page, "I'm Verified Wallet");
  const verified = page.locator('li').filter({ has: page.locator('[data-result="VERIFIED"]') }).first();
  await verified.waitFor();
  await verified.getByRole('link', { name: /^View / }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/verification/history/'));
  // The wallet stays on screen while the view's code loads, and it has a Sharing Center button of its own.
  await expectTitle(page, 'View Verification');
  await page.getByRole('region', { name: 'Result' }).waitFor();
  await page.getByRole('button', { name: 'Sharing Center' }).click();
  await page.getByRole('heading', { name: 'Public sharing' }).waitFor();
}

export const shareVerificationPublicly: Journey = {
  name: 'sharing: indy shares a verification publicly, the link opens signed out, then the deleted share shows the 204 text',
  async run(t) {
    const { page, context, baseUrl } = t;
    // Generous waits: the journeys share a loaded machine.
    page.setDefaultTimeout(45_000);
    const started = Date.now() - 5_000;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await signInThroughUi(page, 'indy@mail.test');
    await page.goto('/wallet');
    await expectTitle(page, "I'm Verified Wallet");
    await page.getByRole('heading', { name: /^Education History/ }).waitFor();
    await page.locator('[data-result="VERIFIED"]').first().waitFor();
    // Each item with its timeline (2.12): the Verified one's, opened.
    const verifiedItem = page.locator('li').filter({ has: page.locator('[data-result="VERIFIED"]') }).first();
    await verifiedItem.getByRole('button', { name: /^Show the timeline of / }).click();
    await verifiedItem.getByText(/changed status to Verified\./).waitFor();
    assertSame(await page.getByRole('link', { name: 'Add another Education History Verification' }).getAttribute('href'), '/verification/new?nedu=1', 'the add link');
    await t.axe('wallet');
    await fitsPhone(page, 'the wallet');
    await t.shot('wallet');

    await openVerifiedFromWallet(t);
    await page.getByText('This verification is not being privately shared with anyone.').waitFor();
    // A private share too, to an address with an account, so both parts of the Sharing Center hold one.
    const privately = await sharePrivately(page, 'carol@globex.test');
    // An expiry is typed day first; a day already gone is refused, with the first day allowed, and Share waits for a
    // good one (the share is not made without the expiry asked for).
    const expiry = privately.getByRole('group', { name: 'Expires after (optional)' });
    const dayDigits = (ms: number) => {
      const [y, m, d] = new Date(ms).toISOString().slice(0, 10).split('-');
      return `${d}${m}${y}`;
    };
    await expiry.getByRole('spinbutton', { name: 'Day' }).click();
    await page.keyboard.type(dayDigits(Date.now() - 86_400_000));
    await privately.getByText(/^Pick a date on or after \d{2} \w{3} \d{4}\.$/).waitFor();
    assert.equal(await privately.getByRole('button', { name: 'Share' }).isDisabled(), true, 'Share waits for a good expiry');
    await t.shot('private-share-expiry-refused');
    await expiry.getByRole('spinbutton', { name: 'Day' }).click();
    await page.keyboard.type(dayDigits(Date.now() + 30 * 86_400_000));
    await privately.getByText(/^Pick a date on or after/).waitFor({ state: 'hidden' });
    await privately.getByRole('button', { name: 'Share' }).click();
    await toast(page, 'Private share added.');
    await page.getByRole('row').filter({ hasText: 'carol@globex.test' }).getByText('Registered as Carol Chen.').waitFor();
    await dismissToasts(page);

    // Carol's mail leads to the share; signed out it is the 204 text and a way to sign in, which comes back to it.
    const browser = context.browser();
    assert.ok(browser, 'the journey runs in a browser');
    const carolPath = await linkFromMail(baseUrl, 'carol@globex.test', '/view/', started);
    const carol = await freshPage(browser, baseUrl);
    await carol.page.goto(carolPath);
    await carol.page.getByRole('heading', { level: 1, name: GONE }).waitFor();
    await carol.page.getByText('If it was shared with you privately, sign in with the e-mail address it was sent to.').waitFor();
    await carol.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await carol.page.getByLabel('Email address / Username').fill('carol@globex.test');
    await carol.page.locator('#login-password').fill(DEMO_PASSWORD);
    await carol.page.getByRole('button', { name: 'Login', exact: true }).click();
    await carol.page.waitForURL((url) => url.pathname === carolPath);
    await carol.page.getByRole('heading', { level: 1, name: 'Indy Individual' }).waitFor();
    assertSame(await carol.page.locator('[data-result]').evaluateAll((els) => els.map((e) => e.getAttribute('data-result'))), ['VERIFIED'], 'the verification shared with carol');
    await carol.context.close();
    await page.getByRole('button', { name: 'Generate public sharing link' }).click();
    const confirm = page.getByRole('dialog', { name: 'Generate public sharing link' });
    await confirm
      .getByText('Are you sure you want to add a public sharing url? Anyone with this url will be able to view your verification. You can delete it any time.')
      .waitFor();
    await t.axe('share-public-confirm');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await toast(page, 'Public share added.');
    const link = await page.locator('#public-share-link').inputValue();
    assert.match(link, /\/view\/[A-Za-z0-9_-]{22,}$/, 'the public link');
    await page.getByRole('button', { name: 'Copy' }).click();
    await toast(page, 'Copied to clipboard');
    assertSame(await page.evaluate(() => navigator.clipboard.readText()), link, 'the link on the clipboard');
    await noToasts(page);
    await t.axe('verification-sharing-center');
    await fitsPhone(page, "the verification's Sharing Center");
    await t.shot('verification-sharing-center');

    // Whoever gets the link: a browser with no session.
    const visitor = await freshPage(browser, baseUrl);
    await visitor.page.goto(new URL(link).pathname);
    await visitor.page.getByRole('heading', { level: 1, name: 'Indy Individual' }).waitFor();
    await visitor.page.getByRole('heading', { name: /^Education History/ }).waitFor();
    assertSame(await visitor.page.locator('[data-result]').evaluateAll((els) => els.map((e) => e.getAttribute('data-result'))), ['VERIFIED'], 'the one shared verification');
    assert.equal(await visitor.page.getByText(/pending|action required/i).count(), 0, 'no action or pending counts in public');
    assert.equal(await visitor.page.getByRole('link', { name: /Add another/ }).count(), 0, 'no add buttons in public');
    await shotAndAxe(visitor.page, 'share-view-public');

    // The owner sees the opening (a date, never who), then deletes the share.
    // The Sharing Center stays open across the reload ('#sharing-center').
    await page.reload();
    await page.getByText(/^Shared .* · Viewed 1 time, last/).waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const del = page.getByRole('dialog', { name: 'Delete share' });
    await del.getByText('Nobody will be able to view your verification any longer.').waitFor();
    await del.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Share deleted.');
    await page.getByRole('button', { name: 'Generate public sharing link' }).waitFor();
    await dismissToasts(page);
    // And the private one, whose confirmation names the invitee and the result.
    await page.getByRole('button', { name: 'Delete the private share with carol@globex.test' }).click();
    const delPrivate = page.getByRole('dialog', { name: 'Delete share' });
    await delPrivate
      .getByText('Are you sure you want to delete this private share? User carol@globex.test will no longer be able to view your verification result')
      .waitFor();
    await delPrivate.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Share deleted.');
    await page.getByText('This verification is not being privately shared with anyone.').waitFor();

    // At once: the same link now answers 204.
    await visitor.page.reload();
    await visitor.page.getByRole('heading', { level: 1, name: GONE }).waitFor();
    await visitor.page.getByText('Please close this window.').waitFor();
    await shotAndAxe(visitor.page, 'share-view-gone');
    await visitor.context.close();
  },
};

export const shareWalletPrivately: Journey = {
  name: 'sharing: indy shares the wallet privately, the invitee registers from the mailed link and sees only Verified results',
  async run(t) {
    const { page, context, baseUrl } = t;
    page.setDefaultTimeout(45_000);
    const invitee = `hannah.${Date.now()}@recruit.test`;
    const started = Date.now() - 5_000;
    await signInThroughUi(page, 'indy@mail.test');
    await page.goto('/wallet');
    await expectTitle(page, "I'm Verified Wallet");
    // The wallet holds more than Verified results (a pending one at least).
    await page.locator('[data-result="PENDING"]').first().waitFor();
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await page.getByText('Only Verified results from your wallet will be visible to third parties you share it with.').waitFor();
    const dialog = await sharePrivately(page, invitee);
    await t.axe('share-private-dialog');
    await dialog.getByRole('button', { name: 'Share' }).click();
    await toast(page, 'Private share added.');
    const row = page.getByRole('row').filter({ hasText: invitee });
    await row.getByText('Invited, not yet registered.').waitFor();
    await noToasts(page);
    // A public link of the wallet as well, for the screenshots of both parts; deleted again afterwards.
    await page.getByRole('button', { name: 'Generate public sharing link' }).click();
    const confirm = page.getByRole('dialog', { name: 'Generate public sharing link' });
    await confirm
      .getByText('Are you sure you want to add a public sharing url? Anyone with this url will be able to view your verification wallet. You can delete it any time.')
      .waitFor();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await toast(page, 'Public share added.');
    await noToasts(page);
    await t.axe('wallet-sharing-center');
    await fitsPhone(page, "the wallet's Sharing Center");
    await t.shot('wallet-sharing-center');
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const del = page.getByRole('dialog', { name: 'Delete share' });
    await del.getByText('Nobody will be able to view your verification wallet any longer.').waitFor();
    await del.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Share deleted.');
    await page.getByRole('button', { name: 'Generate public sharing link' }).waitFor();

    // The invitee's mail leads to the registration with shareinvite: an organisation, the e-mail prefilled and locked.
    const registerPath = await linkFromMail(baseUrl, invitee, '/login/register', started);
    assert.match(registerPath, /^\/login\/register\?shareinvite=[A-Za-z0-9_-]+&e=/, 'the shareinvite link');
    await page.evaluate(() => localStorage.clear());
    await context.clearCookies();
    await page.goto(registerPath);
    const email = page.getByLabel('Email');
    await email.waitFor();
    assertSame(await email.inputValue(), invitee, 'the invited e-mail, prefilled');
    assert.ok((await email.isDisabled()) || (await email.getAttribute('readonly')) !== null, 'the e-mail is locked');
    await page.getByLabel('First name').fill('Hannah');
    await page.getByLabel('Last name').fill('Recruiter');
    await page.getByLabel('Company Name').fill('Recruit Ltd');
    await page.getByLabel('Job Title').fill('Talent partner');
    await page.getByLabel('Phone').fill('+44 20 7946 0102');
    await page.getByLabel(/I understand that I am registering for an organisation account/).check();
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();

    const complete = await linkFromMail(baseUrl, invitee, '/login/register/', started);
    await page.goto(complete);
    await page.getByRole('heading', { name: 'Complete Registration' }).waitFor();
    await page.locator('#complete-password').fill('Hannah-pass1');
    await page.locator('#complete-confirm').fill('Hannah-pass1');
    await page.getByRole('radio', { name: '0-199' }).check();
    for (const [id, text, option] of [
      ['complete-country', 'united k', 'United Kingdom'],
      ['complete-industry', 'bank', 'Banking'],
    ] as const) {
      const input = page.locator(`#${id}`);
      await input.click();
      await input.fill(text);
      await page.getByRole('option', { name: option, exact: true }).click();
    }
    await page.getByRole('radio', { name: 'Agree', exact: true }).check();
    await page.getByRole('button', { name: 'Register', exact: true }).click();

    // Registered and signed in, they land on what was shared with them: only the Verified results.
    await page.waitForURL((url) => url.pathname.startsWith('/view/'));
    await page.getByRole('heading', { level: 1, name: 'Indy Individual' }).waitFor();
    await page.locator('[data-result]').first().waitFor();
    const results = await page.locator('[data-result]').evaluateAll((els) => els.map((e) => e.getAttribute('data-result')));
    assert.ok(results.length >= 1, 'at least one shared result');
    assert.ok(results.every((r) => r === 'VERIFIED'), `only Verified results: ${results.join(', ')}`);
    await noToasts(page);
    await t.axe('share-view-invitee');
    await fitsPhone(page, "the invitee's view");
    await t.shot('share-view-invitee');
  },
};
