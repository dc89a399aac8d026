import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { signIn, STAFF, TINY_PDF, apiGet } from '../api.ts';
import type { Journey } from '../harness.ts';
import { dismissToasts, expectTitle, signInThroughUi, toast, patient } from '../ui.ts';

const PDF = TINY_PDF;

/** Staff give an account credits (POST /admin/credit-grants): an institute account pays for its checks in credits. */
async function grantCredits(baseUrl: string, companyId: string, amount: number) {
  const { token } = await signIn(baseUrl, STAFF);
  const res = await fetch(`${baseUrl}/admin/credit-grants`, {
    method: 'POST',
    headers: { 'X-AUTH-TOKEN': token, 'X-Client-Type': 'WEB', 'Content-Type': 'application/json' },
    body: JSON.stringify({ companyId, amount, reason: 'Portal journey: credits for an institute order' }),
  });
  if (!res.ok) throw new Error(`POST /admin/credit-grants answered ${res.status}: ${await res.text()}`);
}

interface Row {
  id: string;
  result: string;
  instituteId: string;
  company: { id: string; name: string };
  fields: { firstname: string; surname: string };
}
const latest = async (baseUrl: string, username: string) =>
  (await apiGet<{ content: Row[]; totalSize: number }>(baseUrl, username, '/v1/verification?page=0&size=5')).content;

async function payWithCard(page: Page) {
  await page.getByRole('heading', { name: 'Payment Details' }).waitFor();
  const card = page.getByRole('region', { name: 'Card payment' });
  await card.getByLabel(/^Card number/).fill('5555 5555 5555 4444');
  await card.getByLabel(/^Expiration date/).fill('12/30');
  await card.getByLabel(/^CVV/).fill('123');
  await card.getByRole('button', { name: 'Pay' }).click();
}

/** University of Demo picked by name on the details of the one entry, its degree filled for the person given. */
async function fillDemoDegree(page: Page) {
  await page.getByLabel('Institute name').fill('University of Demo');
  const row = page.getByRole('table', { name: 'Institutes' }).getByRole('row', { name: /University of Demo/ });
  await row.waitFor();
  await row.getByRole('button', { name: /University of Demo/ }).click();
  await page.getByRole('region', { name: 'Institute Details' }).waitFor();
  await page.getByLabel(/^First name/).fill('Priya');
  await page.getByLabel(/^Last name/).fill('Nair');
  await page.getByLabel(/^Date of birth/).fill('21/07/1993');
  await page.getByRole('combobox', { name: /^Qualification/ }).fill('BSc');
  await page.getByRole('option', { name: 'BSc (Hons)' }).click();
  await page.getByLabel(/^Course \/ Subject/).fill('Chemistry');
  await page.getByLabel(/^Year of Graduation/).fill('2015');
}

/** Issue 15, journey 4: indy orders a High School verification through the board selector, pays, lands on /wallet. */
export const individualHighSchool: Journey = {
  name: 'ordering: indy orders a High School verification through the board selector and lands on /wallet',
  async run(t) {
    const { page, baseUrl } = t;
    patient(page);
    const before = await latest(baseUrl, 'indy@mail.test');
    await signInThroughUi(page, 'indy@mail.test');
    await page.goto('/verification/new?nhsc=1');
    await page.getByText('Select the country where the employer/school is located:').waitFor();
    await page.getByRole('combobox', { name: /^Country/ }).click();
    await page.getByRole('option', { name: 'United Kingdom', exact: true }).click();
    await page.getByText('This country verifies high school qualifications via an examination board or authority.').waitFor();
    await t.axe('high-school-board');
    await t.shot('high-school-board');
    await page.getByRole('combobox', { name: /^Examination Board \/ Authority/ }).click();
    await page.getByRole('option', { name: 'AQA', exact: true }).click();
    await page.getByRole('region', { name: 'Country' }).getByText('AQA').waitFor();
    await page.getByLabel(/^First name/).fill('Indy');
    await page.getByLabel(/^Last name/).fill('Individual');
    await page.getByLabel(/^Date of birth/).fill('14/05/1990');
    await page.getByLabel(/^School Name/).fill('Demo Academy');
    await page.getByLabel(/^Year of Graduation/).fill('2008');
    await page.getByLabel('Course / Subject').first().fill('Mathematics');
    await page.getByLabel('Grade or Mark (Actual or Predicted)').first().fill('A');
    // The board (AQA) asks for the candidate number; it lists no documents.
    await page.getByLabel(/^Candidate \/ Index Number/).fill('4815162342');
    await t.axe('high-school-details');
    await t.shot('high-school-details');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByText('I am the individual named above and have provided copies of written consent where requested.').waitFor();
    await page.getByRole('switch', { name: 'Terms & Consent' }).check();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await payWithCard(page);
    await page.waitForURL((url) => url.pathname === '/wallet', { waitUntil: 'commit' });
    await t.shot('high-school-wallet');
    const after = await latest(baseUrl, 'indy@mail.test');
    const added = after.filter((r) => !before.some((b) => b.id === r.id));
    assert.equal(added.length, 1, 'one verification ordered');
    assert.match(added[0].instituteId, /^QC_HS_VER_SUB_GB_AQA/);
    assert.ok(!['AWAITING_CONSENT', 'UNPAID'].includes(added[0].result), `paid and submitted, got ${added[0].result}`);
  },
};

/** Issue 15, journey 5: irene (institute account, credits) orders a Higher Education check on behalf of her institute. */
export const instituteUserOrders: Journey = {
  name: 'ordering: irene (institute user) submits on behalf of her institute',
  async run(t) {
    const { page, baseUrl } = t;
    patient(page);
    const before = await latest(baseUrl, 'irene@uni-demo.test');
    // Her institute pays in credits; staff give it some first, as they would an institute that buys checks.
    await grantCredits(baseUrl, 'uni-demo-account', 5);
    await signInThroughUi(page, 'irene@uni-demo.test');
    await page.goto('/verification/new?nedu=1');
    await expectTitle(page, 'New Verification');
    // Institute accounts pay in credits: no card step, credits instead of prices.
    await page.getByRole('list', { name: 'New verification steps' }).getByText('Verification Details').waitFor();
    assert.equal(await page.getByRole('list', { name: 'New verification steps' }).getByText('Payment Details').count(), 0);
    await page.getByRole('table', { name: 'Institutes' }).getByRole('columnheader', { name: 'Credits' }).waitFor();
    await fillDemoDegree(page);
    await page.getByLabel('Institute Consent Form file').setInputFiles({ name: 'consent.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByRole('button', { name: 'View Institute Consent Form' }).waitFor();
    await t.shot('institute-user-details');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByText('I hold the written consent of the individuals named above and have provided copies of these consents where requested.').waitFor();
    await page.getByRole('switch', { name: 'Terms & Consent' }).check();
    await t.axe('institute-user-review');
    await t.shot('institute-user-review');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.waitForURL((url) => /^\/verification\/history\/[^/]+$/.test(url.pathname), { waitUntil: 'commit' });
    const after = await latest(baseUrl, 'irene@uni-demo.test');
    const added = after.filter((r) => !before.some((b) => b.id === r.id));
    assert.equal(added.length, 1, 'one verification ordered');
    assert.equal(added[0].company.id, 'uni-demo-account', 'requested by her institute');
    assert.equal(added[0].fields.firstname, 'Priya');
  },
};

/**
 * Coverage (money 2.17): the map kinds and regions, the search with prices, 'Request a new institute' when nothing
 * matches, and an institute chosen opens the wizard with it.
 */
export const coverageJourney: Journey = {
  name: 'coverage: alice looks at the map, requests an institute and orders from a search result',
  async run(t) {
    const { page } = t;
    patient(page);
    await signInThroughUi(page, 'alice@acme.test');
    await page.goto('/verification/coverage');
    await expectTitle(page, 'Coverage');
    await page.getByRole('figure', { name: 'Institutions Map' }).waitFor();
    await t.axe('coverage');
    await t.shot('coverage');
    await page.getByRole('group', { name: 'Region' }).getByRole('button', { name: 'Europe' }).click();
    await page.getByLabel('Select a map').click();
    await page.getByRole('option', { name: 'Annual Average Verification Times (Days)' }).click();
    await page.getByRole('figure', { name: 'Annual Average Verification Times (Days)' }).waitFor();
    await t.shot('coverage-europe-times');

    await page.getByLabel('Institute name').fill('zzqxw');
    await page.getByRole('button', { name: 'Request a new institute' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request a new institute' });
    await dialog.getByLabel(/^Country/).fill('Iceland');
    await dialog.getByLabel(/^Additional Information/).fill('Reykjavik campus, founded 2001.');
    await t.axe('coverage-request');
    await t.shot('coverage-request');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await toast(page, 'Institute request sent');
    await dismissToasts(page);

    await page.getByRole('group', { name: 'Region' }).getByRole('button', { name: 'World' }).click();
    await page.getByLabel('Institute name').fill('University of Demo');
    const row = page.getByRole('table', { name: 'Institutes' }).getByRole('row', { name: /University of Demo/ });
    await row.getByText(/£\d+\.\d\d/).first().waitFor();
    await t.shot('coverage-search');
    await row.getByRole('button', { name: /University of Demo/ }).click();
    await page.waitForURL((url) => url.pathname === '/verification/new' && url.searchParams.get('institute') === 'uni-demo');
    await page.getByRole('region', { name: 'Institute Details' }).getByText('University of Demo').first().waitFor();
  },
};

