import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { apiGet, TINY_PDF } from '../api.ts';
import type { Journey, JourneyContext } from '../harness.ts';
import { dismissToasts, expectTitle, signInThroughUi, toast } from '../ui.ts';

const PDF = TINY_PDF;

interface Record {
  id: string;
  result: string;
  invoiceId: string | null;
  instituteId: string;
  fields: { firstname: string; surname: string; dob: string; gradYear?: number; course?: string };
  documents: { name: string; requirementId: string | null }[];
}

/** From the start screen: one Higher Education check for the person named. */
async function startOneDegree(page: Page, t: JourneyContext, prefix: string, person: { first: string; last: string }) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'New Verification' }).click();
  await expectTitle(page, 'New Verification');
  const cards = page.getByRole('list', { name: 'Check types' });
  await cards.getByText('Add one per qualification.').waitFor();
  await t.axe(`${prefix}-start`);
  await t.shot(`${prefix}-start`);
  await page.getByLabel('Number of Higher Education checks').fill('1');
  await page.getByLabel('First name').fill(person.first);
  await page.getByLabel('Last name').fill(person.last);
  await page.getByLabel('Date of birth').fill('12/04/1995');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('heading', { name: 'Institute Search' }).waitFor();
}

/** Searches University of Demo by name, picks it and fills the degree's details and consent form. */
async function pickDemoAndFill(page: Page, t: JourneyContext, prefix: string, money: RegExp) {
  await page.getByLabel('Institute name').fill('University of Demo');
  const table = page.getByRole('table', { name: 'Institutes' });
  const row = table.getByRole('row', { name: /University of Demo/ });
  await row.waitFor();
  await row.getByText(money).first().waitFor();
  await t.axe(`${prefix}-institute-search`);
  await t.shot(`${prefix}-institute-search`);
  await row.getByRole('button', { name: /University of Demo/ }).click();
  const details = page.getByRole('region', { name: 'Institute Details' });
  await details.getByText('University of Demo answers most requests automatically from its records.').waitFor();
  await details.getByText(/Please ensure you use the specific Institute Consent Form required/).waitFor();
  // The start screen's details were carried over.
  assert.equal(await page.getByLabel(/^First name/).inputValue(), 'Jane');
  assert.equal(await page.getByLabel(/^Date of birth/).inputValue(), '12/04/1995');
  await page.getByRole('combobox', { name: /^Qualification/ }).fill('BSc');
  await page.getByRole('option', { name: 'BSc (Hons)' }).click();
  await page.getByLabel(/^Course \/ Subject/).fill('Computer Science');
  await page.getByLabel(/^Year of Graduation/).fill('2017');
  await page.getByLabel(/^Student ID/).fill('UD100001');
  await page.getByLabel('Institute Consent Form file').setInputFiles({ name: 'consent.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByRole('button', { name: 'View Institute Consent Form' }).waitFor();
  await t.axe(`${prefix}-details`);
  await t.shot(`${prefix}-details`);
}

/** Issue 15, journey 3: an invoice payer submits without a card; a token payer sees credits and spends one. */
export const invoiceAndTokenOrders: Journey = {
  name: 'ordering: carol (invoice) submits without a card, dave (tokens) spends a credit',
  async run(t) {
    const { page, baseUrl } = t;
    // carol: Globex pays by invoice in USD, without VAT.
    await signInThroughUi(page, 'carol@globex.test');
    await startOneDegree(page, t, 'order-invoice', { first: 'Jane', last: 'Doe' });
    await page.getByRole('list', { name: 'New verification steps' }).getByText('Payment Details').waitFor({ state: 'detached' });
    await pickDemoAndFill(page, t, 'order-invoice', /\$50\.00/);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    const order = page.getByRole('region', { name: 'Your Order' });
    await order.getByText('Plus VAT (0 %)').waitFor();
    await order.getByText('$50.00').first().waitFor();
    const submit = page.getByRole('button', { name: 'Submit', exact: true });
    assert.equal(await submit.isDisabled(), true, 'Submit waits for consent');
    await t.axe('order-invoice-review');
    await t.shot('order-invoice-review');
    await page.getByRole('switch', { name: 'Terms & Consent' }).check();
    await submit.click();
    const invoiceToast = await toast(page, 'has been saved to your invoices history.');
    const invoiceId = /Invoice (\S+) has been saved/.exec(invoiceToast)?.[1];
    assert.ok(invoiceId, invoiceToast);
    // The one verification, opened with ?invoiceId= (the view may tidy the query away once read).
    await page.waitForURL((url) => /^\/verification\/history\/[^/]+$/.test(url.pathname), { waitUntil: 'commit' });
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    await expectTitle(page, 'View Verification');
    await dismissToasts(page);
    await t.shot('order-invoice-submitted');
    const record = await apiGet<Record>(baseUrl, 'carol@globex.test', `/v1/verification/${encodeURIComponent(id)}`);
    assert.equal(record.instituteId, 'uni-demo');
    assert.deepEqual([record.fields.firstname, record.fields.surname, record.fields.dob, record.fields.gradYear], ['Jane', 'Doe', '1995-04-12', 2017]);
    assert.equal(record.invoiceId, invoiceId);
    assert.ok(!['AWAITING_CONSENT', 'UNPAID'].includes(record.result), `submitted and paid on account, got ${record.result}`);
    assert.ok(record.documents.some((d) => d.requirementId === 'consent-institute'), 'the consent form went with it');

    // dave: Initech pays in credits; the order shows credits and the balance, and the balance drops by one.
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    const before = (await apiGet<{ credit: number }>(baseUrl, 'dave@initech.test', '/v1/credit?includeBTToken=false')).credit;
    await signInThroughUi(page, 'dave@initech.test');
    await startOneDegree(page, t, 'order-tokens', { first: 'Jane', last: 'Doe' });
    await pickDemoAndFill(page, t, 'order-tokens', /^1 credit$/);
    await page.getByText('Cost: 1 credit').waitFor();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    const tokens = page.getByRole('region', { name: 'Your Order' });
    await tokens.getByText(`Current balance: ${before === 1 ? '1 credit' : `${before} credits`}`).waitFor();
    await t.axe('order-tokens-review');
    await t.shot('order-tokens-review');
    await page.getByRole('switch', { name: 'Terms & Consent' }).check();
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.waitForURL((url) => /^\/verification\/history\/[^/]+$/.test(url.pathname), { waitUntil: 'commit' });
    const daveId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    const after = (await apiGet<{ credit: number }>(baseUrl, 'dave@initech.test', '/v1/credit?includeBTToken=false')).credit;
    assert.equal(after, before - 1, 'one credit spent');
    const daveRecord = await apiGet<Record>(baseUrl, 'dave@initech.test', `/v1/verification/${encodeURIComponent(daveId)}`);
    assert.ok(!['AWAITING_CONSENT', 'UNPAID'].includes(daveRecord.result), `submitted, got ${daveRecord.result}`);
  },
};

/** Issue 15, journey 6: a draft saved for later, reopened and submitted; the unsaved-changes modal on leaving. */
export const draftSavedForLater: Journey = {
  name: 'ordering: a draft saved for later, reopened and submitted; the unsaved-changes modal',
  async run(t) {
    const { page, baseUrl } = t;
    await signInThroughUi(page, 'carol@globex.test');
    await startOneDegree(page, t, 'draft', { first: 'Jane', last: 'Doe' });
    await pickDemoAndFill(page, t, 'draft', /\$50\.00/);
    await page.getByRole('button', { name: 'Save for later' }).click();
    await toast(page, 'Verification for Jane Doe saved to history.');
    await dismissToasts(page);

    // Something new, not saved: leaving asks first; Continue stays, Discard leaves.
    await page.getByRole('button', { name: 'Add another Higher Education Verification' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Verification History' }).click();
    const modal = page.getByRole('dialog', { name: 'Unsaved Verification' });
    await modal.getByText('Your Verification has not yet been saved, if you change pages your request will be lost.').waitFor();
    await modal.getByText('Do you want to continue or discard this request?').waitFor();
    await t.axe('draft-unsaved-modal');
    await t.shot('draft-unsaved-modal');
    await modal.getByRole('button', { name: 'Continue' }).click();
    await modal.waitFor({ state: 'detached' });
    assert.equal(new URL(page.url()).pathname, '/verification/new');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Verification History' }).click();
    await page.getByRole('dialog', { name: 'Unsaved Verification' }).getByRole('button', { name: 'Discard' }).click();
    await expectTitle(page, 'History list');

    // The draft is in the history as Incomplete; opened, it is submitted from its own page.
    const history = page.getByRole('table', { name: 'Verification history' });
    const row = history.getByRole('row', { name: /Jane Doe/ }).filter({ hasText: 'Incomplete' }).first();
    await row.waitFor();
    await row.click();
    await expectTitle(page, 'View Verification');
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    const draft = await apiGet<Record>(baseUrl, 'carol@globex.test', `/v1/verification/${encodeURIComponent(id)}`);
    assert.equal(draft.result, 'AWAITING_CONSENT', 'saved for later, not submitted');
    assert.ok(draft.documents.some((d) => d.requirementId === 'consent-institute'), 'the draft kept its consent form');
    await page.getByText('This request is incomplete, please complete and submit it below.').waitFor();
    // Completed on its own page (2.9, 4): a detail changed, the consent given, then Submit sends them.
    const submit = page.getByRole('button', { name: 'Submit', exact: true });
    await page.getByLabel(/^Course/).first().waitFor();
    assert.equal(await submit.isDisabled(), true, 'Submit waits for the consent');
    await page.getByLabel(/^Course/).first().fill('Computer Science and Mathematics');
    await page.getByRole('switch', { name: 'Terms & Consent' }).check();
    await t.axe('draft-reopened');
    await t.shot('draft-reopened');
    await submit.click();
    const submitted = await (async () => {
      for (let i = 0; i < 40; i++) {
        const r = await apiGet<Record>(baseUrl, 'carol@globex.test', `/v1/verification/${encodeURIComponent(id)}`);
        if (r.result !== 'AWAITING_CONSENT') return r;
        await page.waitForTimeout(250);
      }
      throw new Error('the draft was not submitted');
    })();
    assert.ok(!['AWAITING_CONSENT', 'UNPAID'].includes(submitted.result), `submitted, got ${submitted.result}`);
    assert.ok(submitted.invoiceId, 'invoiced on submission');
    assert.equal(submitted.fields.course, 'Computer Science and Mathematics', 'submitted as amended');
  },
};

/**
 * The card step in the embedded default (money 2.10): alice (card, VAT) is refused with a declined card and with a
 * failed 3-D Secure challenge, nothing being ordered, then pays through the challenge and lands on the verification.
 */
export const cardPaymentSandbox: Journey = {
  name: 'ordering: alice pays by the sandbox card form, declined and 3-D Secure first',
  async run(t) {
    const { page, baseUrl } = t;
    const count = async () => (await apiGet<{ totalSize: number }>(baseUrl, 'alice@acme.test', '/v1/verification?size=1')).totalSize;
    const before = await count();
    await signInThroughUi(page, 'alice@acme.test');
    await startOneDegree(page, t, 'order-card', { first: 'Jane', last: 'Doe' });
    await pickDemoAndFill(page, t, 'order-card', /£50\.00/);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    const order = page.getByRole('region', { name: 'Your Order' });
    await order.getByText('Plus VAT (20 %)').waitFor();
    await page.getByRole('switch', { name: 'Terms & Consent' }).check();
    await t.axe('order-card-review');
    await t.shot('order-card-review');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('heading', { name: 'Payment Details' }).waitFor();

    const card = page.getByRole('region', { name: 'Card payment' });
    await card.getByLabel(/^Card number/).fill('4000 1111 1111 1115');
    await card.getByLabel(/^Expiration date/).fill('12/30');
    await card.getByLabel(/^CVV/).fill('123');
    await t.axe('order-card-payment');
    await t.shot('order-card-payment');
    await card.getByRole('button', { name: 'Pay' }).click();
    await card.getByRole('alert').getByText('Your card was declined. No payment has been taken.', { exact: false }).waitFor();
    await dismissToasts(page);
    await t.shot('order-card-declined');
    assert.equal(await count(), before, 'a declined card orders nothing');

    // The challenge card: a wrong code fails 3-D Secure; the right one pays.
    await card.getByLabel(/^Card number/).fill('4000 0000 0000 1091');
    await card.getByRole('button', { name: 'Pay' }).click();
    let challenge = page.getByRole('dialog', { name: '3-D Secure' });
    await challenge.getByLabel('Verification code').fill('0000');
    await t.axe('order-card-challenge');
    await t.shot('order-card-challenge');
    await challenge.getByRole('button', { name: 'Submit' }).click();
    await card.getByRole('alert').getByText('Your bank could not confirm this payment (3-D Secure).', { exact: false }).waitFor();
    await dismissToasts(page);
    assert.equal(await count(), before, 'a failed challenge orders nothing');
    await card.getByRole('button', { name: 'Pay' }).click();
    challenge = page.getByRole('dialog', { name: '3-D Secure' });
    await challenge.getByLabel('Verification code').fill('1234');
    await challenge.getByRole('button', { name: 'Submit' }).click();
    const paid = await toast(page, 'has been saved to your invoices history.');
    const invoiceId = /Invoice (\S+) has been saved/.exec(paid)?.[1];
    await page.waitForURL((url) => /^\/verification\/history\/[^/]+$/.test(url.pathname), { waitUntil: 'commit' });
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    const record = await apiGet<Record>(baseUrl, 'alice@acme.test', `/v1/verification/${encodeURIComponent(id)}`);
    assert.equal(record.invoiceId, invoiceId);
    assert.ok(!['AWAITING_CONSENT', 'UNPAID'].includes(record.result), `paid and submitted, got ${record.result}`);
    assert.equal(await count(), before + 1);
  },
};
