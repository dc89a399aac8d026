import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { signIn } from '../api.ts';
import type { Journey } from '../harness.ts';
import { dismissToasts, expectTitle, signInThroughUi, toast } from '../ui.ts';

async function creditOf(baseUrl: string, username: string): Promise<number> {
  const { token } = await signIn(baseUrl, username);
  const res = await fetch(`${baseUrl}/v1/credit?includeBTToken=false`, { headers: { 'X-AUTH-TOKEN': token, 'X-Client-Type': 'WEB' } });
  if (!res.ok) throw new Error(`GET /credit answered ${res.status}`);
  return ((await res.json()) as { credit: number }).credit;
}

/**
 * Issue 21: alice opens Invoices (money 2.13), opens a credit purchase's invoice (2.14), prints and downloads its
 * PDF, buys 50 credit (2.11: a declined card buys nothing, then a 3-D Secure challenge) and lands on the new invoice;
 * dave orders credits (2.12) and sees 'Order sent'.
 */
export const invoicesAndCreditOrder: Journey = {
  name: 'money: invoices list, an invoice and its PDF, Buy Credit; dave orders credits',
  async run({ page, shot, axe, baseUrl }) {
    await signInThroughUi(page, 'alice@acme.test');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Invoices' }).click();
    await expectTitle(page, 'Invoices list');
    await page.getByRole('heading', { name: 'Invoices', exact: true }).waitFor();
    await page.getByText('Past credit transactions processed by you and your team').waitFor();
    const list = page.getByRole('table', { name: 'Invoices' });
    const purchase = list.getByRole('row', { name: /Credit Purchase: Invoice/ }).first();
    await purchase.waitFor();
    await page.getByText(/^Showing 1 to \d+ of \d+ entries$/).waitFor();
    await axe('money-invoices');
    await shot('money-invoices');

    await purchase.click();
    await expectTitle(page, 'Invoice');
    await page.getByRole('heading', { level: 2, name: 'Invoice', exact: true }).waitFor();
    const items = page.getByRole('table', { name: 'Items' });
    await items.getByRole('row', { name: /^Total £/ }).waitFor();
    await page.getByText('Acme Recruitment Ltd').first().waitFor();
    await axe('money-invoice');
    await shot('money-invoice');

    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /\.pdf$/);
    const head = readFileSync(await download.path()).subarray(0, 5).toString('latin1');
    assert.equal(head, '%PDF-', 'the invoice is a PDF');
    // The print layout: the invoice alone, without the shell.
    await page.emulateMedia({ media: 'print' });
    await shot('money-invoice-print');
    await page.emulateMedia({ media: 'screen' });

    // Buy Credit: 50 credit; a declined card buys nothing; the 3-D Secure challenge pays.
    const before = await creditOf(baseUrl, 'alice@acme.test');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Buy Credit' }).click();
    await expectTitle(page, 'Buy Credit');
    await page.getByRole('heading', { name: 'Credit Order' }).waitFor();
    await page.getByLabel('Extra credit (£)').fill('50');
    await page.getByRole('row', { name: 'Total £50.00', exact: true }).waitFor();
    await axe('money-buy-credit');
    await shot('money-buy-credit');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    const card = page.getByRole('region', { name: 'Card payment' });
    await card.getByText('£50.00').waitFor();
    await card.getByLabel(/^Card number/).fill('4000 1111 1111 1115');
    await card.getByLabel(/^Expiration date/).fill('12/30');
    await card.getByLabel(/^CVV/).fill('123');
    await card.getByRole('button', { name: 'Pay' }).click();
    await card.getByRole('alert').getByText('declined', { exact: false }).waitFor();
    await axe('money-buy-credit-declined');
    await shot('money-buy-credit-declined');
    assert.equal(await creditOf(baseUrl, 'alice@acme.test'), before, 'a declined card buys nothing');
    await card.getByLabel(/^Card number/).fill('4000 0000 0000 1091');
    await card.getByRole('button', { name: 'Pay' }).click();
    const challenge = page.getByRole('dialog', { name: '3-D Secure' });
    await challenge.getByLabel('Verification code').fill('1234');
    await challenge.getByRole('button', { name: 'Submit' }).click();
    const paid = await toast(page, 'has been saved to your invoices history.');
    const invoiceId = /Invoice (\S+) has been saved/.exec(paid)?.[1] ?? '';
    await page.waitForURL((url) => url.pathname === `/credit/history/${invoiceId}`);
    await page.getByRole('table', { name: 'Items' }).getByText('Exact Credit Amount').waitFor();
    assert.equal(await creditOf(baseUrl, 'alice@acme.test'), before + 50, 'the balance rose by 50');
    await dismissToasts(page);
    await shot('money-buy-credit-invoice');

    // dave (tokens): Order Credits, the form's rules, then 'Order sent'.
    await page.context().clearCookies();
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await signInThroughUi(page, 'dave@initech.test');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Order Credits' }).click();
    await expectTitle(page, 'Order Credit Tokens');
    await page.getByRole('heading', { name: 'Order Credits' }).waitFor();
    await page.getByText('Please fill out this form to order more credits. You will be contacted for payment.').waitFor();
    await axe('money-order-credits');
    await shot('money-order-credits');
    await page.getByRole('button', { name: 'Order', exact: true }).click();
    await page.getByText('Name is required.').waitFor();
    await shot('money-order-credits-errors');
    await page.getByLabel(/^Name/).fill('Dave Bolton');
    await page.getByLabel(/^Organisation/).fill('Initech');
    await page.getByLabel(/^Department \/ Faculty/).fill('Admissions');
    await page.getByLabel(/^Number of credits/).fill('40');
    await page.getByRole('button', { name: 'Order', exact: true }).click();
    await page.getByRole('heading', { name: 'Order sent' }).waitFor();
    await page
      .getByText(
        'Your order for more credit has been sent to your account manager. You will be contacted by them shortly to complete your order.',
      )
      .waitFor();
    await axe('money-order-sent');
    await shot('money-order-sent');
  },
};
