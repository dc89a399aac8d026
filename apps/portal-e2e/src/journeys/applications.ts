import assert from 'node:assert/strict';
import { apiGet, linkFromMail, signIn, TINY_PDF } from '../api.ts';
import type { Journey } from '../harness.ts';
import { dismissToasts, signInThroughUi, toast, patient } from '../ui.ts';

const PDF = TINY_PDF;

interface Application {
  id: string;
  status: string;
  verificationCount: number;
  verifications: { id: string; instituteId: string }[];
  fields: { key: string; value: string | null }[];
  documents: { name: string; requirementId: string | null }[];
}

/**
 * Issue 22 (the applicant's side) and issue 15 (the application flow in the wizard): anna signs in and lands on her
 * application's start page (one open application), fills the Application Details (candidate number, role, her CV
 * through the documents route), adds a Higher Education verification at University of Demo, confirms she added
 * everything, pays by card (Acme's applications make the applicant pay), and sees 'Application Submitted'. The
 * API's record: the application is submitted with her verification, her fields and her CV; her view of it says so.
 */
export const annaSubmitsApplication: Journey = {
  name: 'applications: anna completes her open application to Acme and submits it',
  async run(t) {
    const { page, baseUrl } = t;
    patient(page);
    await signInThroughUi(page, 'anna@mail.test');
    await page.waitForURL((url) => /^\/application\/[^/]+\/start$/.test(url.pathname));
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/')[2] ?? '');
    await page.getByRole('heading', { name: 'Qualification Verification for your application to Acme Recruitment Ltd.' }).waitFor();
    await page.getByText('Please verify your highest qualification and upload your CV.').waitFor();
    assert.equal(await page.getByLabel('Organisation').inputValue(), 'Acme Recruitment Ltd');

    // Next without the required field and CV: the spec's words, nothing saved.
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByText('The Candidate number field is required.').waitFor();
    await page.getByText('This document is required').first().waitFor();
    await dismissToasts(page);
    await t.axe('application-details-errors');
    await t.shot('application-details-errors');

    await page.getByLabel(/^Candidate number/).fill('CAND-0001');
    await page.getByRole('combobox', { name: /^Role applied for/ }).click();
    await page.getByRole('option', { name: 'Graduate analyst' }).click();
    await page.getByLabel('Curriculum vitae file').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByRole('button', { name: 'View Curriculum vitae' }).waitFor();
    await t.axe('application-details');
    await t.shot('application-details');
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    // The start screen: the application's types (Acme: Higher Education 1-3, licences, identity), no Reference.
    const cards = page.getByRole('list', { name: 'Check types' });
    await cards.getByText('Add one per qualification.').waitFor();
    assert.equal(await page.getByLabel('Number of Higher Education checks').inputValue(), '1', "at least one, as the application's bounds say");
    assert.equal(await page.getByLabel(/Your Reference/).count(), 0, 'no reference inside an application');
    await t.axe('application-start');
    await t.shot('application-start');
    await page.getByLabel('First name').fill('Anna');
    await page.getByLabel('Last name').fill('Applicant');
    await page.getByLabel('Date of birth').fill('03/03/1996');
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    await page.getByText(/Please be sure to add ALL verifications you would like included in your application/).waitFor();
    await page.getByLabel('Institute name').fill('University of Demo');
    const row = page.getByRole('table', { name: 'Institutes' }).getByRole('row', { name: /University of Demo/ });
    await row.waitFor();
    await row.getByRole('button', { name: /University of Demo/ }).click();
    await page.getByRole('region', { name: 'Institute Details' }).waitFor();
    await page.getByRole('combobox', { name: /^Qualification/ }).fill('BSc');
    await page.getByRole('option', { name: 'BSc (Hons)' }).click();
    await page.getByLabel(/^Course \/ Subject/).fill('Economics');
    await page.getByLabel(/^Year of Graduation/).fill('2018');
    await page.getByLabel(/^Student ID/).fill('UD100777');
    await page.getByLabel('Institute Consent Form file').setInputFiles({ name: 'consent.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByRole('button', { name: 'View Institute Consent Form' }).waitFor();
    await t.axe('application-verification');
    await t.shot('application-verification');
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    // Acme's applications make the applicant pay: the order is shown and paid by card.
    await page.getByRole('region', { name: 'Your Order' }).getByText('Plus VAT (20 %)').waitFor();
    await page.getByRole('switch', { name: 'Terms & Consent' }).check();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Submit application' });
    await confirm.getByText('Have you added all the credential verifications required for your application to Acme Recruitment Ltd?').waitFor();
    await t.axe('application-confirm');
    await t.shot('application-confirm');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await page.getByRole('heading', { name: 'Payment Details' }).waitFor();
    const card = page.getByRole('region', { name: 'Card payment' });
    await card.getByLabel(/^Card number/).fill('5555 5555 5555 4444');
    await card.getByLabel(/^Expiration date/).fill('12/30');
    await card.getByLabel(/^CVV/).fill('123');
    await card.getByRole('button', { name: 'Pay' }).click();

    const submitted = await toast(page, 'Your application to Acme Recruitment Ltd has been submitted. You will be contacted again after it is reviewed.');
    assert.match(submitted, /Application Submitted/);
    await page.waitForURL((url) => url.pathname.startsWith('/verification/history/'), { waitUntil: 'commit' });
    await t.shot('application-submitted');

    const stored = await apiGet<Application>(baseUrl, 'anna@mail.test', `/v1/application/${encodeURIComponent(id)}`);
    assert.notEqual(stored.status, 'OPEN', 'the application is closed by the submission');
    assert.equal(stored.verificationCount, 1);
    assert.equal(stored.verifications[0]?.instituteId, 'uni-demo');
    assert.equal(stored.fields.find((f) => f.key === 'candidateNumber')?.value, 'CAND-0001');
    assert.equal(stored.fields.find((f) => f.key === 'role')?.value, 'Graduate analyst');
    assert.ok(stored.documents.some((d) => d.requirementId === 'cv'), 'her CV is in the application');
    const session = await page.evaluate(() => localStorage.getItem('credence.portal.session'));
    assert.ok(!session?.includes('"applicationInProgress":"'), 'the in-progress mark is cleared after leaving');

    // Her view of it: submitted, read only.
    await dismissToasts(page);
    await page.goto(`/application/history/${encodeURIComponent(id)}`);
    await page.getByRole('heading', { name: 'Application to Acme Recruitment Ltd' }).waitFor();
    await page.getByText('Your application to Acme Recruitment Ltd has been submitted.', { exact: false }).first().waitFor();
    await page.getByRole('list', { name: 'Verifications included' }).getByRole('link', { name: /Anna Applicant - University of Demo/ }).waitFor();
    await t.axe('application-history');
    await t.shot('application-history');
  },
};

/** A call to the API as a signed-in user (token), its JSON answer; a non-2xx answer throws with its text. */
async function apiSend<T>(baseUrl: string, token: string, method: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'X-AUTH-TOKEN': token, 'X-Client-Type': 'WEB', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return (res.status === 204 ? null : await res.json()) as T;
}

/**
 * Issue 15 (verifications 2.13's 'Select Verifications'): Acme invites Wendy, who registers from the mailed link and
 * already has a degree verified outside the application (ordered through the API); on her open application's page
 * she fills its details and attaches her CV outside the flow (Save: 'Application details saved.'), then moves the
 * degree from her wallet's Verifications to Selected and saves: 'Verification selection saved.', and the API's
 * application includes the details, the CV and the degree, still open.
 */
export const applicantSelectsWalletVerification: Journey = {
  name: 'applications: an applicant selects a wallet verification into the open application',
  async run(t) {
    const { page, baseUrl } = t;
    patient(page);
    const email = `wendy.${Date.now()}@mail.test`;
    const password = 'Wendy-pass1';
    const alice = (await signIn(baseUrl, 'alice@acme.test')).token;
    const invited = Date.now() - 1000;
    await apiSend(baseUrl, alice, 'POST', '/v1/register/applicant', { email, firstname: 'Wendy', lastname: 'Walsh', ref: 'CAND-0777' });
    const register = await linkFromMail(baseUrl, email, '/login/register/', invited);
    await apiSend(baseUrl, '', 'PUT', `/v1/register/${register.split('/').pop()}`, { password, confirmPassword: password, company: { addressCountry: { id: 'GB' } } });
    const wendy = (await signIn(baseUrl, email, password)).token;
    const degree = await apiSend<{ id: string }>(baseUrl, wendy, 'POST', '/v1/verification', {
      instituteId: 'uni-demo',
      type: 'UNI',
      fields: { firstname: 'Wendy', middlename: null, surname: 'Walsh', dob: '1994-02-02', qualification: 'BSc (Hons)', course: 'History', gradYear: 2016 },
      documents: [{ requirementId: 'consent-institute', name: 'Institute Consent Form', data: `data:application/pdf;base64,${TINY_PDF.toString('base64')}`, filename: 'consent.pdf' }],
      consent: true,
      creditPurchase: { amount: 0, btNonce: 'fake-valid-nonce', btSaveCard: false },
    });

    await signInThroughUi(page, email, password);
    await page.waitForURL((url) => /^\/application\/[^/]+\/start$/.test(url.pathname));
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/')[2] ?? '');
    await page.goto(`/application/history/${encodeURIComponent(id)}`);
    await page.getByRole('heading', { name: 'Application to Acme Recruitment Ltd' }).waitFor();
    await page.getByText('No verifications have been included yet.').waitFor();
    // The details outside the flow (2.13): the required field first, the CV stored as it is attached, then Save.
    const details = page.getByRole('region', { name: 'Application' });
    await details.getByRole('button', { name: 'Save', exact: true }).click();
    await details.getByText('The Candidate number field is required.').waitFor();
    await dismissToasts(page);
    await details.getByLabel(/^Candidate number/).fill('CAND-0778');
    await details.getByLabel('Curriculum vitae file').setInputFiles({ name: 'wendy-cv.pdf', mimeType: 'application/pdf', buffer: TINY_PDF });
    await details.getByRole('button', { name: 'View Curriculum vitae' }).waitFor();
    await details.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Application details saved.');
    await t.axe('application-open-details');
    await t.shot('application-open-details');
    await dismissToasts(page);
    await page.getByRole('button', { name: 'Select Verifications' }).click();
    const dialog = page.getByRole('dialog', { name: 'Select Verifications' });
    const wallet = dialog.getByRole('list', { name: 'Verifications' });
    await wallet.getByRole('checkbox', { name: /Wendy Walsh - University of Demo/ }).check();
    await dialog.getByRole('button', { name: 'Move to Selected' }).click();
    await dialog.getByRole('list', { name: 'Selected' }).getByText('Wendy Walsh - University of Demo').waitFor();
    await t.axe('application-select-verifications');
    await t.shot('application-select-verifications');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Verification selection saved.');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('list', { name: 'Verifications included' }).getByRole('link', { name: /Wendy Walsh - University of Demo/ }).waitFor();
    await dismissToasts(page);
    await t.shot('application-selected');

    const res = await fetch(`${baseUrl}/v1/application/${encodeURIComponent(id)}`, { headers: { 'X-AUTH-TOKEN': wendy, 'X-Client-Type': 'WEB' } });
    assert.equal(res.status, 200);
    const stored = (await res.json()) as Application;
    assert.equal(stored.status, 'OPEN', 'neither saving nor selecting submits the application');
    assert.deepEqual(stored.verifications.map((v) => v.id), [degree.id]);
    assert.equal(stored.fields.find((f) => f.key === 'candidateNumber')?.value, 'CAND-0778');
    assert.deepEqual(stored.documents.map((d) => [d.name, d.requirementId]), [['Curriculum vitae', 'cv']]);
  },
};
