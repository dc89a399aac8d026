import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { apiGet, linkFromMail, mailsTo, signIn, TINY_PDF } from '../api.ts';
import type { Journey } from '../harness.ts';
import { dismissToasts, patient, pickOption, signInThroughUi, toast } from '../ui.ts';

interface Application {
  id: string;
  status: string;
  applicant: { name: string };
  documents: { id: string }[];
}

/** Waits (up to 10 s) until a count reaches what is expected, then asserts it. */
async function expectCount(count: () => Promise<number>, expected: number, message: string) {
  const deadline = Date.now() + 10_000;
  let seen = await count();
  while (seen !== expected && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    seen = await count();
  }
  assert.equal(seen, expected, message);
}

async function signOutInPage(page: Page) {
  await page.context().clearCookies();
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}

/** anna's application to Acme, with her CV in it (added through her own documents call when she has none yet). */
async function annasApplication(baseUrl: string): Promise<Application> {
  const { content } = await apiGet<{ content: Application[] }>(baseUrl, 'anna@mail.test', '/v1/application?size=1000');
  const application = content.find((a) => a.status !== 'ARCHIVED') ?? content[0];
  assert.ok(application, 'anna has an application to Acme');
  if (application.documents.length === 0 && application.status === 'OPEN') {
    const anna = (await signIn(baseUrl, 'anna@mail.test')).token;
    const res = await fetch(`${baseUrl}/v1/application/${encodeURIComponent(application.id)}/document`, {
      method: 'POST',
      headers: { 'X-AUTH-TOKEN': anna, 'X-Client-Type': 'WEB', 'Content-Type': 'application/json' },
      body: JSON.stringify({ requirementId: 'cv', name: 'Curriculum vitae', filename: 'cv.pdf', data: `data:application/pdf;base64,${TINY_PDF.toString('base64')}` }),
    });
    assert.ok(res.ok, `anna's CV upload answered ${res.status}: ${await res.text()}`);
  }
  return application;
}

/**
 * Issue 22, the organisation's side: alice sees anna's application under Applicants, opens it, downloads all (one
 * PDF) and archives it (anna gets the mail); she invites a new applicant, who registers from the mailed link and
 * lands on the open application.
 */
export const applicantsOfAnOrganisation: Journey = {
  name: "issue 22 applicants: alice reviews, downloads and archives anna's application, and invites a new applicant",
  async run(t) {
    const { page, baseUrl } = t;
    patient(page);
    const application = await annasApplication(baseUrl);
    await signInThroughUi(page, 'alice@acme.test');

    await page.goto('/applicant/history?status=ALL');
    await page.getByRole('heading', { name: 'Invite Applicant' }).waitFor();
    const history = page.getByRole('table', { name: 'Applicant history' });
    const row = history.getByRole('row', { name: /Anna Applicant/ }).first();
    await row.waitFor();
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByText('Show only applications created on or between these dates.').waitFor();
    await page.getByLabel('Role applied for').waitFor(); // a custom filter from the server
    await t.axe('applicants-list');
    await t.shot('applicants-list');
    await page.getByRole('button', { name: 'Group Archive' }).click();
    assert.equal(await page.getByRole('button', { name: 'Archive Selected (0)' }).isDisabled(), true, 'nothing selected yet');
    await page.getByRole('button', { name: 'Cancel' }).click();

    await row.click();
    await page.waitForURL((url) => url.pathname === `/applicant/history/${application.id}`);
    await page.getByRole('heading', { name: 'Application Details' }).waitFor();
    await page.getByText('Application documents:').waitFor();
    await t.axe('view-applicant');
    await t.shot('view-applicant');

    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByRole('button', { name: 'Download All' }).click(),
    ]);
    assert.equal(readFileSync(await download.path()).subarray(0, 5).toString('latin1'), '%PDF-', 'Download All is one PDF');

    const archivedAt = Date.now() - 1000;
    await page.getByRole('button', { name: 'Archive', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Archive' });
    const stored = await apiGet<Application>(baseUrl, 'alice@acme.test', `/v1/application/${encodeURIComponent(application.id)}`);
    await confirm
      .getByText(stored.status === 'COMPLETED' ? 'Are you sure you want to archive this application?' : 'This application is incomplete, are you sure you want to archive it?')
      .waitFor();
    await t.axe('view-applicant-archive');
    await t.shot('view-applicant-archive');
    await confirm.getByRole('button', { name: 'Archive' }).click();
    await page.waitForURL((url) => url.pathname === '/applicant/history');
    const archived = await apiGet<Application>(baseUrl, 'alice@acme.test', `/v1/application/${encodeURIComponent(application.id)}`);
    assert.equal(archived.status, 'ARCHIVED');
    const deadline = Date.now() + 20_000;
    let notified = false;
    while (!notified && Date.now() < deadline) {
      notified = (await mailsTo(baseUrl, 'anna@mail.test')).some(
        (m) => m.subject === 'Your application to Acme Recruitment Ltd' && new Date(m.createdAt).getTime() >= archivedAt,
      );
      if (!notified) await new Promise((r) => setTimeout(r, 300));
    }
    assert.ok(notified, 'anna is told her application was archived');

    // Invite a new applicant: they register from the mailed link and land on their open application.
    const email = `nico.${Date.now()}@mail.test`;
    const invited = Date.now() - 1000;
    await page.locator('#invite-email').fill(email);
    await page.locator('#invite-firstname').fill('Nico');
    await page.locator('#invite-lastname').fill('Newman');
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    await toast(page, 'Applicant invitation sent.');
    await dismissToasts(page);

    const link = await linkFromMail(baseUrl, email, '/login/register/', invited);
    await signOutInPage(page);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Complete Registration' }).waitFor();
    await page.locator('#complete-password').fill('Nico-pass1');
    await page.locator('#complete-confirm').fill('Nico-pass1');
    await pickOption(page, 'complete-country', 'united k', 'United Kingdom');
    await page.getByRole('radio', { name: 'Agree', exact: true }).check();
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.waitForURL((url) => /^\/application\/[^/]+\/start\/?$/.test(url.pathname), { timeout: 60_000 });
    await page.getByRole('heading', { name: 'Qualification Verification for your application to Acme Recruitment Ltd.' }).waitFor();
    await t.shot('invited-applicant-start');
  },
};

/**
 * Verifications 2.13 and 6, the individual's side: jane (hasApplicants) reads her own applications under Applicants,
 * with an Organisation column and filter, OPEN offered and no default statuses, no reference or group archive; a row
 * opens her own view of the application.
 */
export const applicationHistoryOfAnIndividual: Journey = {
  name: 'applicants: jane reads her own application history by organisation and opens her application',
  async run(t) {
    const { page, baseUrl } = t;
    patient(page);
    const { content } = await apiGet<{ content: (Application & { owner: { name: string } })[] }>(baseUrl, 'jane@mail.test', '/v1/application?size=1000');
    const mine = content[0];
    assert.ok(mine, 'jane has an application to Acme');
    await signInThroughUi(page, 'jane@mail.test');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Applicants' }).click();
    await page.waitForURL((url) => url.pathname === '/applicant/history');
    const history = page.getByRole('table', { name: 'Applicant history' });
    await history.getByRole('columnheader', { name: 'Organisation' }).waitFor();
    const row = history.getByRole('row', { name: /Acme Recruitment Ltd/ });
    // The rows arrive after the header (the list's first answer): wait for them before counting.
    await row.first().waitFor();
    await expectCount(() => row.count(), content.length, 'every application of hers is listed, whatever its status');
    assert.equal(await history.getByRole('columnheader', { name: 'Applicant' }).count(), 0);
    assert.equal(await page.getByRole('button', { name: 'Group Archive' }).count(), 0, 'individuals archive nothing');
    assert.equal(await page.getByRole('heading', { name: 'Invite Applicant' }).count(), 0);

    await page.getByRole('button', { name: 'Filters' }).click();
    const statuses = page.getByRole('group', { name: 'Status' });
    await statuses.getByRole('checkbox', { name: 'Open' }).waitFor();
    assert.equal(await statuses.getByRole('checkbox', { name: 'Archived' }).count(), 0, 'ARCHIVED is for organisations');
    await page.getByRole('textbox', { name: 'Organisation' }).fill('globex');
    await history.getByText('No applications match these filters.').waitFor();
    await page.getByRole('textbox', { name: 'Organisation' }).fill('acme');
    await row.first().waitFor();
    await t.axe('applicants-individual');
    await t.shot('applicants-individual');

    await row.first().click();
    await page.waitForURL((url) => url.pathname === `/application/history/${mine.id}`);
    await page.getByRole('heading', { name: `Application to ${mine.owner.name}` }).waitFor();
  },
};

interface ReferralRow {
  id: string;
  company: { name: string };
  total: number | null;
}

/** Issue 22, referrals (2.14): alice's Referrals page lists Globex (referred by Acme) and its verifications with prices. */
export const referralsOfAnOrganisation: Journey = {
  name: 'issue 22 referrals: alice sees her referred organisation and its verifications with prices',
  async run(t) {
    const { page, baseUrl } = t;
    patient(page);
    const api = await apiGet<{ content: ReferralRow[] }>(baseUrl, 'alice@acme.test', '/v1/referral/history');
    assert.ok(api.content.length > 0, 'the demo has verifications by a referred organisation');
    await signInThroughUi(page, 'alice@acme.test');
    await page.goto('/referrals/list');
    await page.getByRole('heading', { name: 'Past verifications requested by your referrals' }).waitFor();
    const list = page.getByRole('table', { name: 'Referrals' });
    await list.getByRole('row', { name: /Globex Corp\s+Company/ }).waitFor();
    const history = page.getByRole('table', { name: 'Referral history' });
    await history.getByRole('row', { name: /Siobhan O'Brien/ }).waitFor();
    const priced = history.getByRole('row', { name: /Globex Corp/ }).filter({ hasText: /\$\d+\.\d\d/ });
    assert.ok((await priced.count()) > 0, 'rows show their price');
    await page.getByLabel('Name or QCID').fill('siobhan');
    await history.getByRole('row', { name: /Homer Jay/ }).waitFor({ state: 'detached' });
    await t.axe('referrals');
    await t.shot('referrals');
    // The row opens the verification (2.14), read only for the referrer.
    await history.getByRole('row', { name: /Siobhan O'Brien/ }).click();
    await page.waitForURL((url) => /^\/verification\/history\/[^/]+$/.test(url.pathname));
    await page.getByRole('main').getByText("Siobhan", { exact: false }).first().waitFor();
    assert.equal(await page.getByText('Verification not found', { exact: false }).count(), 0, 'the referrer may open it');
    await t.axe('referral-verification');
    await t.shot('referral-verification');
  },
};
