import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { mailsTo, signIn } from '../api.ts';
import type { Journey } from '../harness.ts';
import { dismissToasts, expectTitle, signInThroughUi, toast } from '../ui.ts';

const IRENE = 'irene@uni-demo.test';
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const pendingTable = (page: Page) => page.getByRole('table', { name: 'Pending Verifications' });
const THANKS = 'Thank you for taking the time to respond to this request.';

async function signOut(page: Page) {
  await nav(page).getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('dialog', { name: 'Logout?' }).getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
  await page.context().clearCookies();
}

/** irene opens a pending request by its name from the Pending Verifications list. */
async function openPending(page: Page, name: string) {
  await nav(page).getByRole('link', { name: 'Pending Verifications' }).click();
  await expectTitle(page, 'Pending Verifications');
  await page.getByRole('heading', { name: 'Verifications to be resolved by you and your team' }).waitFor();
  await pendingTable(page)
    .getByRole('row', { name: new RegExp(name) })
    .first()
    .click();
  await expectTitle(page, 'Resolve Pending Verification');
  await page.getByRole('heading', { name: THANKS }).waitFor();
}

/** The Resolution form's name and job title: the account's name is the default; irene has no title on file. */
async function fillResolver(page: Page) {
  assert.equal(
    await page.getByLabel(/^Your name/).inputValue(),
    'Irene Ingram',
    'the name comes from the account',
  );
  await page.getByLabel(/^Job title \/ department/).fill('Registrar');
}

/** alice opens her verification of `name` from the history. */
async function aliceOpens(page: Page, name: string) {
  await page.goto(`/verification/history?query=${encodeURIComponent(name)}`);
  await expectTitle(page, 'History list');
  await page
    .getByRole('table', { name: 'Verification history' })
    .getByRole('row', { name: new RegExp(name) })
    .first()
    .click();
  await expectTitle(page, 'View Verification');
}

/** Issue 16, journey 3: irene resolves Priya Patel's request Verified with a comment; alice sees it. */
export const resolveVerified: Journey = {
  name: 'resolve: irene resolves a pending request Verified with a comment, alice sees result, notes and timeline',
  async run({ page, shot, axe }) {
    await signInThroughUi(page, IRENE);
    await nav(page).getByRole('link', { name: 'Pending Verifications' }).click();
    await expectTitle(page, 'Pending Verifications');
    await pendingTable(page).getByText('Priya Patel').waitFor();
    await page.getByText(/^Showing 1 to \d+ of \d+ entries$/).waitFor();
    await axe('pending-list');
    await shot('pending-list');

    await openPending(page, 'Priya Patel');
    const resolveUrl = page.url();
    const request = page.getByRole('region', { name: 'Verification Request' });
    await request.getByText('Priya').first().waitFor();
    await page.getByRole('region', { name: 'Event History' }).waitFor();
    await fillResolver(page);
    await axe('resolve-page');
    await shot('resolve-page');

    await page.getByLabel('Comments or corrections').fill('Awarded with merit in 2018.');
    await page.getByRole('button', { name: 'Verified', exact: true }).click();
    await toast(page, 'Verification resolved, thank you.');
    await expectTitle(page, 'Pending Verifications');
    await page.getByText(/^Showing \d+ to \d+ of \d+ entries$/).waitFor();
    // The resolve call answers once the list's read model has the change, and the portal drops its cached pending
    // lists on a resolution, so the list shown now is read afresh and no longer holds the request.
    assert.equal(await pendingTable(page).getByText('Priya Patel').count(), 0, 'no longer pending');
    await dismissToasts(page);

    // The resolved list has it, in its own words, and opens it read only.
    await nav(page).getByRole('link', { name: 'Resolved Verifications' }).click();
    await expectTitle(page, 'Resolved Verifications');
    await page
      .getByRole('heading', { name: 'Verifications previously resolved by you and your team' })
      .waitFor();
    const resolved = page.getByRole('table', { name: 'Resolved Verifications' });
    const priya = resolved.getByRole('row', { name: /Priya Patel/ });
    await priya.getByText('Verified').waitFor();
    await resolved
      .getByRole('row', { name: /Liam Walsh/ })
      .getByText('Rejected')
      .waitFor();
    await axe('resolved-list');
    await shot('resolved-list');
    await priya.click();
    await expectTitle(page, 'Verification view, read-only');
    const card = page.getByRole('region', { name: 'Result' });
    await card.getByText('Awarded with merit in 2018.').waitFor();
    await card.getByText('Irene Ingram, Registrar').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Verified', exact: true }).count(), 0, 'read only');
    await axe('resolved-view');
    await shot('resolved-view');

    // A second visit to the resolved request: Already Resolved.
    await page.goto(resolveUrl);
    await expectTitle(page, 'Resolve Pending Verification');
    await page.getByRole('heading', { name: 'Already Resolved' }).waitFor();

    await signOut(page);
    await signInThroughUi(page, 'alice@acme.test');
    await aliceOpens(page, 'Priya Patel');
    const result = page.getByRole('region', { name: 'Result' });
    await result.getByText('Verified', { exact: true }).waitFor();
    await result.getByText('Awarded with merit in 2018.').waitFor();
    await page
      .getByRole('region', { name: 'Event History' })
      .getByText(/changed status to Verified/)
      .waitFor();
    await axe('alice-view-resolved');
    await shot('alice-view-resolved');
  },
};

/** Issue 16, journey 4: a Reject without a comment is refused in the API's words; with one, alice sees Action Required. */
export const resolveRejected: Journey = {
  name: 'resolve: irene rejects without a comment (refused) and with one, alice sees Action Required',
  async run({ page, shot, axe }) {
    // Oliver Quinn's request waits for irene (journey 2 sent it; on its own this journey sends it itself).
    await signInThroughUi(page, 'alice@acme.test');
    await aliceOpens(page, 'Oliver Quinn');
    const manual = page.getByRole('button', { name: 'Send for manual checking' });
    const pending = page.getByText(/This verification is being reviewed by the Institute's records staff\./);
    await Promise.race([manual.waitFor(), pending.waitFor()]);
    if ((await manual.count()) > 0) {
      await manual.click();
      await pending.waitFor();
    }
    // 2.15: the history opened to check pending verifications names their institutes once.
    await page.goto('/verification/history?result=PENDING');
    const modal = page.getByRole('dialog', { name: 'Pending Verifications' });
    await modal.getByText(/^You currently have pending verifications at .*University of Demo.*\.$/).waitFor();
    await modal.getByText(/every 48 hours/).waitFor();
    await axe('pending-modal');
    await shot('pending-modal');
    await modal.getByRole('button', { name: 'I Understand' }).click();
    await modal.waitFor({ state: 'hidden' });
    await signOut(page);

    await signInThroughUi(page, IRENE);
    await openPending(page, 'Oliver Quinn');
    await fillResolver(page);
    await page.getByRole('button', { name: 'Reject', exact: true }).click();
    const comments = page.getByLabel('Comments or corrections');
    await page.getByText('A comment is required for this resolution').waitFor();
    assert.equal(await comments.getAttribute('aria-invalid'), 'true');
    await axe('resolve-page-refused');
    await shot('resolve-page-refused');

    await comments.fill('The consent form is not signed. Please upload a signed copy.');
    await page.getByRole('button', { name: 'Reject', exact: true }).click();
    await toast(page, 'Verification resolved, thank you.');
    await expectTitle(page, 'Pending Verifications');
    await signOut(page);

    await signInThroughUi(page, 'alice@acme.test');
    await page.goto('/verification/history?query=Oliver');
    await page
      .getByRole('table', { name: 'Verification history' })
      .getByRole('row', { name: /Oliver Quinn/ })
      .getByText('Action Required')
      .waitFor();
    await aliceOpens(page, 'Oliver Quinn');
    await page.getByText('The consent form is not signed. Please upload a signed copy.').first().waitFor();
    await page
      .getByRole('region', { name: 'Event History' })
      .getByText(/^Irene Ingram \(Registrar\), University of Demo, changed status to Action Required/)
      .waitFor();
    await axe('alice-view-rejected');
    await shot('alice-view-rejected');
  },
};

/** The resolve link mailed to irene for a request, as a path (/verify/{key}). */
async function resolveLinkFor(baseUrl: string, name: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    for (const mail of await mailsTo(baseUrl, IRENE)) {
      if (!mail.subject.includes(name)) continue;
      const match = /\/verify\/[A-Za-z0-9_-]+/.exec(`${mail.text ?? ''} ${mail.html ?? ''}`);
      if (match) return match[0];
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`no resolve link mailed to ${IRENE} for ${name}`);
}

/** Issue 16, journey 5: the mailed /verify/{key} link, signed out: resolve, Done!, Already Resolved, a wrong key. */
export const publicResolve: Journey = {
  name: 'resolve: a public resolver answers through the mailed /verify link signed out',
  async run({ page, baseUrl, shot, axe }) {
    const link = await resolveLinkFor(baseUrl, 'Homer Jay');
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: THANKS }).waitFor();
    await page.getByRole('region', { name: 'Verification Request' }).getByText('Homer').first().waitFor();
    assert.equal(
      await page.getByRole('region', { name: 'Event History' }).count(),
      0,
      'no timeline in public',
    );
    assert.equal(await page.getByLabel(/^Your name/).inputValue(), '', 'no defaults without an account');
    await axe('public-resolve');
    await shot('public-resolve');

    await page.getByLabel(/^Your name/).fill('Rita Records');
    await page.getByLabel(/^Job title \/ department/).fill('Records Office');
    // Only Reject needs a comment (Not Verified may go without one, 2.11).
    await page.getByRole('button', { name: 'Reject', exact: true }).click();
    await page.getByText('A comment is required for this resolution').waitFor();
    await page.getByLabel('Comments or corrections').fill('The award is confirmed.');
    await page.getByRole('button', { name: 'Verified', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Done!' }).waitFor();
    await page
      .getByText('Thank you for taking the time to respond to this request... You may now close this window.')
      .waitFor();
    await axe('public-resolve-done');
    await shot('public-resolve-done');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Already Resolved' }).waitFor();
    await shot('public-resolve-already');

    await page.goto('/verify/not-a-real-key');
    await page.getByRole('heading', { level: 1, name: 'Oops!' }).waitFor();
    await page
      .getByText(
        /Something went wrong loading this verification request\. Please try again or report this error\./,
      )
      .waitFor();
    await axe('public-resolve-oops');
    await shot('public-resolve-oops');

    // Carol's record shows the public resolver's answer.
    const { token } = await signIn(baseUrl, 'carol@globex.test');
    const list = (await (
      await fetch(`${baseUrl}/v1/verification?query=Homer`, {
        headers: { 'X-AUTH-TOKEN': token, 'X-Client-Type': 'WEB' },
      })
    ).json()) as { content: { result: string }[] };
    assert.equal(list.content[0]?.result, 'VERIFIED');
  },
};

async function setRestrictedUserView(baseUrl: string, on: boolean) {
  const { token } = await signIn(baseUrl, 'alice@acme.test');
  const res = await fetch(`${baseUrl}/v1/company`, {
    method: 'PUT',
    headers: { 'X-AUTH-TOKEN': token, 'X-Client-Type': 'WEB', 'Content-Type': 'application/json' },
    body: JSON.stringify({ restrictedUserView: on }),
  });
  assert.ok(res.ok, `PUT /company answered ${res.status}`);
}

/** Issue 16, journey 6: under Restricted User View bob sees only the verifications he requested. */
export const restrictedHistory: Journey = {
  name: 'verification history: bob under a restricted user view sees only his own',
  async run({ page, baseUrl, shot, axe }) {
    await setRestrictedUserView(baseUrl, true);
    try {
      await signInThroughUi(page, 'bob@acme.test');
      await page.goto('/verification/history');
      await expectTitle(page, 'History list');
      const history = page.getByRole('table', { name: 'Verification history' });
      await history.getByText('Grace Hall').waitFor();
      await page.getByText(/^Showing 1 to \d+ of \d+ entries$/).waitFor();
      for (const other of ['Jane Doe', 'Oliver Quinn', 'Priya Patel']) {
        assert.equal(await history.getByText(other).count(), 0, `${other} is alice's`);
      }
      const users = await history.locator('tbody tr td:nth-child(4)').allInnerTexts();
      assert.ok(
        users.length > 0 && users.every((u) => u.trim() === 'bob@acme.test'),
        `requested by: ${users.join(', ')}`,
      );
      await axe('history-restricted');
      await shot('history-restricted');
    } finally {
      await setRestrictedUserView(baseUrl, false);
    }
  },
};
