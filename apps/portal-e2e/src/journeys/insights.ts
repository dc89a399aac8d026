import assert from 'node:assert/strict';
import { apiGet, signIn } from '../api.ts';
import type { Journey } from '../harness.ts';
import { expectTitle, signInThroughUi } from '../ui.ts';

/** How many of alice's verifications her history lists under a result filter (an alias or a result). */
async function historyCount(baseUrl: string, token: string, result: string): Promise<number> {
  const res = await fetch(`${baseUrl}/v1/verification?result=${result}&page=0&size=1`, {
    headers: { 'X-AUTH-TOKEN': token, 'X-Client-Type': 'WEB' },
  });
  if (!res.ok) throw new Error(`GET /verification?result=${result} answered ${res.status}`);
  return ((await res.json()) as { totalSize: number }).totalSize;
}

/**
 * Issue 23: alice's Home (money 2.5) and Dashboard (2.6) show counts that match her verification history, the volume
 * chart from the analytics read model, the staff's news and maintenance alert, and the RSS feed's News card.
 */
export const homeAndDashboard: Journey = {
  name: "insights: alice's home and dashboard, counts matching her history",
  async run({ page, shot, axe, baseUrl }) {
    const { token } = await signIn(baseUrl, 'alice@acme.test');
    const pending = await historyCount(baseUrl, token, 'PENDING');
    const action = await historyCount(baseUrl, token, 'ACTION');
    const verified = await historyCount(baseUrl, token, 'VERIFIED');
    assert.ok(pending + action + verified > 0, 'alice has verifications in the demo data');

    await signInThroughUi(page, 'alice@acme.test');
    await expectTitle(page, 'Home');
    const main = page.getByRole('main');
    await main.getByLabel(`Verifications in Progress: ${pending}`).waitFor();
    await main.getByLabel(`Verifications with Action Required: ${action}`).waitFor();
    // The alerts card: the maintenance alert under System Maintenance, the other sections' empty texts.
    await main.getByText('Planned maintenance').waitFor();
    await main.getByText('There are no new updates.').waitFor();
    // Latest News from the news staff publish, dated like '1st January 2024'.
    const news = main.getByRole('region', { name: 'Latest News' });
    await news.getByRole('heading', { name: 'Faster checks in Europe' }).waitFor();
    // Its picture, loaded from the API through the page's own content security policy (img-src 'self').
    const picture = news.getByRole('listitem').filter({ hasText: 'Faster checks in Europe' }).locator('img');
    await picture.waitFor();
    await picture.scrollIntoViewIfNeeded();
    await page.waitForFunction((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0, await picture.elementHandle());
    const date = (await news.locator('.MuiTypography-caption').first().innerText()).trim();
    assert.match(date, /^\d{1,2}(st|nd|rd|th) [A-Z][a-z]+ \d{4}$/, `a news date reads like '1st January 2024' (${date})`);
    // The volume chart, Monthly (12): this month's point is alice's company's verifications recorded this month.
    const volume = await fetch(`${baseUrl}/v1/analytics/home/volume?periods=12`, { headers: { 'X-AUTH-TOKEN': token } });
    const months = ((await volume.json()) as { currentPeriod: { date: string; count: number }[] }).currentPeriod;
    assert.equal(months.length, 12);
    const figure = main.getByRole('figure', { name: 'Verification volume' });
    await figure.locator('svg').first().waitFor();
    const lastRow = figure.locator('table tbody tr').last();
    assert.equal((await lastRow.locator('td').innerText()).trim(), String(months[11].count), "this month's volume in the chart");
    await page.waitForTimeout(500); // the line's entry animation
    await axe('home');
    await shot('home');

    await main.getByRole('combobox', { name: 'Period' }).click();
    await page.getByRole('option', { name: 'Weekly (52)' }).click();
    await figure.locator('table tbody tr').nth(51).waitFor();
    const monday = (await figure.locator('table tbody tr th').last().innerText()).trim();
    assert.equal(new Date(`${monday} UTC`).getUTCDay(), 1, `weeks are labelled by their Monday (${monday})`);
    await page.waitForTimeout(500);
    await shot('home-weekly');

    await main.getByRole('link', { name: 'View Verifications in Progress' }).click();
    await page.waitForURL((url) => url.pathname === '/verification/history' && url.searchParams.get('result') === 'PENDING');
    // The history opened on pending verifications names their institutes once (verifications 2.15). The modal opens
    // as soon as the rows load and hides the page behind it from assistive technology (MUI sets aria-hidden on the
    // rest), so it is answered before the page's heading is looked for.
    const pendingModal = page.getByRole('dialog', { name: 'Pending Verifications' });
    await pendingModal.getByRole('button', { name: 'I Understand' }).click();
    await pendingModal.waitFor({ state: 'hidden' });
    await expectTitle(page, 'History list');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await expectTitle(page, 'Dashboard');
    await main.getByLabel(`Verifications in Progress: ${pending}`).waitFor();
    await main.getByLabel(`Action Required: ${action}`).waitFor();
    await main.getByLabel(`Verified: ${verified}`).waitFor();
    // The applicant cards count alice's applications per status, as her applicant history lists them.
    for (const [status, title] of [['OPEN', 'Open Applications'], ['COMPLETED', 'Completed Applications']] as const) {
      const listed = await apiGet<{ totalSize: number }>(baseUrl, 'alice@acme.test', `/v1/application?status=${status}&size=1`);
      assert.ok(status !== 'COMPLETED' || listed.totalSize > 0, 'the demo has a completed application');
      await main.getByLabel(`${title}: ${listed.totalSize}`).waitFor();
    }
    await main.getByRole('region', { name: 'Applicant History' }).getByRole('listitem').first().waitFor();
    await main.getByRole('region', { name: 'Referral History' }).getByRole('listitem').first().waitFor();
    await main.getByRole('link', { name: 'Topup' }).waitFor();
    await main.getByRole('link', { name: 'Verify High School' }).waitFor();
    // The News card reads the product's own RSS feed back.
    await main.getByRole('region', { name: 'News' }).getByRole('link', { name: 'Faster checks in Europe' }).waitFor();
    await main.getByRole('region', { name: 'Verification History' }).getByRole('listitem').first().waitFor();
    // The Education Verification institute picker: the search, then the wizard with the institute chosen.
    const picker = main.getByRole('region', { name: 'Education Verification' });
    await picker.getByLabel('Institute name').fill('Aberdeen');
    await picker.getByRole('table', { name: 'Institutes' }).getByRole('button', { name: /^Aberdeen Technical University/ }).waitFor();
    await axe('dashboard');
    await shot('dashboard');
    await main.getByRole('link', { name: 'View Verified' }).click();
    await page.waitForURL((url) => url.pathname === '/verification/history' && url.searchParams.get('result') === 'VERIFIED');
    await page.goBack();
    await picker.getByLabel('Institute name').fill('Aberdeen');
    await picker.getByRole('table', { name: 'Institutes' }).getByRole('button', { name: /^Aberdeen Technical University/ }).click();
    await page.waitForURL((url) => url.pathname === '/verification/new' && url.searchParams.has('institute'));
    await main.getByRole('region', { name: 'Institute Details' }).getByText('Aberdeen Technical University').first().waitFor();
  },
};
