import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { linkFromMail } from '../api.ts';
import type { Journey } from '../harness.ts';
import { assertSame, dismissToasts, expectTitle, pickOption, sidebarLabels, toast } from '../ui.ts';

const PASSWORD = 'Brand-new1';

async function startOrganisation(page: Page, email: string, company: string) {
  await page.goto('/login/register');
  await page.getByRole('button', { name: 'Continue: Register as an organisation' }).click();
  await page.getByLabel('First name').fill('Olivia');
  await page.getByLabel('Last name').fill('Owner');
  // Typed in capitals: the address becomes the username, lower-cased (spec 5.1).
  await page.getByLabel('Email').fill(email.toUpperCase());
  await page.getByLabel('Company Name').fill(company);
  await page.getByLabel('Job Title').fill('Head of People');
  await page.getByLabel('Phone').fill('+44 20 7946 0101');
  await page.getByLabel(/I understand that I am registering for an organisation account/).check();
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  assert.match(await toast(page, 'Please check your email to complete your registration.'), /Thank you!/);
  await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
}

async function completeOrganisation(
  page: Page,
  link: string,
  company: string,
  volume: '0-199' | '200+',
  t?: { shot: (n: string) => Promise<void>; axe: (n: string) => Promise<void> },
) {
  await page.goto(link);
  await page.getByRole('heading', { name: 'Complete Registration' }).waitFor();
  assertSame(
    await page.locator('#complete-company').inputValue(),
    company,
    'organisation name carried from the start form',
  );

  await page.locator('#complete-password').fill(PASSWORD);
  await page.locator('#complete-confirm').fill(PASSWORD);
  await page.getByRole('radio', { name: volume }).check();

  // Country search: no match is an invalid search; a VAT country other than GB shows the VAT note; GB does not.
  const country = page.locator('#complete-country');
  await country.click();
  await country.fill('zzz');
  await page.getByText('No country matches “zzz”').waitFor();
  await country.fill('');
  const first = await page.getByRole('option').nth(0).innerText();
  const second = await page.getByRole('option').nth(1).innerText();
  assertSame([first, second], ['United Kingdom', 'United States'], 'country order: GB, US, then the rest');
  await pickOption(page, 'complete-country', 'germ', 'Germany');
  await page
    .getByText(
      'Due to VAT charging rules in your country, if you do not enter a VAT number you will be charged VAT.',
    )
    .waitFor();
  await pickOption(page, 'complete-country', 'united k', 'United Kingdom');
  await page.getByLabel('VAT ID').waitFor();
  assert.equal(await page.getByText('Due to VAT charging rules').count(), 0, 'no VAT note for GB');

  await pickOption(page, 'complete-industry', 'bank', 'Banking');
  await page.getByRole('radio', { name: 'Disagree' }).check();
  await page.getByText('You must accept our terms & conditions in order to use our service.').waitFor();
  await page.getByText('Please resolve the errors above.').waitFor();
  assert.equal(await page.getByRole('button', { name: 'Register', exact: true }).isDisabled(), true);
  await page.getByRole('radio', { name: 'Agree', exact: true }).check();
  if (t) {
    await t.axe('register-complete');
    await t.shot('register-complete');
  }
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  assert.match(await toast(page, 'Your registration is complete.'), /Welcome!/);
}

export const registerOrganisation: Journey = {
  name: 'register an organisation through the e-mailed link, complete, land on home',
  async run(t) {
    const { page, baseUrl } = t;
    const email = `olivia.${Date.now()}@newco.test`;
    const started = Date.now() - 5_000;
    await startOrganisation(page, email, 'Newco Trading Ltd');
    await t.axe('register-check-inbox');
    await dismissToasts(page);
    await t.shot('register-check-inbox');

    const link = await linkFromMail(baseUrl, email, '/login/register/', started);
    await completeOrganisation(page, link, 'Newco Trading Ltd', '0-199', t);
    await page.waitForURL((url) => url.pathname === '/home');
    await expectTitle(page, 'Home');
    assertSame(
      await sidebarLabels(page),
      [
        'Home',
        'Dashboard',
        'New Verification',
        'Verification History',
        'Buy Credit',
        'Invoices',
        'Country Insights',
        'Account',
        'FAQS',
        'Logout',
      ],
      'a new organisation (card) sees the organisation menu',
    );
    // A new organisation's admin: no terms or welcome modal (registration accepted the terms just now).
    assert.equal(await page.getByRole('dialog').count(), 0, 'no entry modal after registering');
  },
};

export const registerLargeOrganisation: Journey = {
  name: 'an organisation expecting 200+ checks lands on BookAMeeting',
  async run({ page, baseUrl }) {
    const email = `omar.${Date.now()}@bigco.test`;
    const started = Date.now() - 5_000;
    await startOrganisation(page, email, 'Bigco Holdings');
    const link = await linkFromMail(baseUrl, email, '/login/register/', started);
    await completeOrganisation(page, link, 'Bigco Holdings', '200+');
    await page.waitForURL((url) => url.pathname === '/BookAMeeting');
    await page.getByRole('link', { name: 'Continue to dashboard' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await expectTitle(page, 'Dashboard');
  },
};

export const registerIndividual: Journey = {
  name: 'register as an individual and land on the wallet',
  async run({ page, baseUrl }) {
    const email = `ivy.${Date.now()}@mail.test`;
    const started = Date.now() - 5_000;
    await page.goto('/login/register#register-as-individual');
    assert.equal(
      await page.getByRole('button', { name: 'Continue: Register as an organisation' }).count(),
      0,
      'the hash hides the organisation card',
    );
    await page.getByRole('button', { name: 'Continue: Register as an individual' }).click();
    await page.getByRole('heading', { name: 'Register as an individual' }).waitFor();
    // An empty submit scrolls up and says so (spec 5.1 and 8).
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await toast(page, 'Please correct the errors shown below.');
    await page.getByText('First name is required').waitFor();
    await page.getByLabel('First name').fill('Ivy');
    await page.getByLabel('Last name').fill('Individual');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();

    const link = await linkFromMail(baseUrl, email, '/login/register/', started);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Complete Registration' }).waitFor();
    assert.equal(await page.locator('#complete-industry').count(), 0, 'no industry for individuals');
    await page.locator('#complete-password').fill(PASSWORD);
    await page.locator('#complete-confirm').fill(PASSWORD);
    await pickOption(page, 'complete-country', 'united k', 'United Kingdom');
    await page.getByRole('radio', { name: 'Agree', exact: true }).check();
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/wallet');
    await expectTitle(page, "I'm Verified Wallet");
  },
};
