import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { signIn } from '../api.ts';
import type { Journey } from '../harness.ts';
import { dismissToasts, expectTitle, signInThroughUi } from '../ui.ts';

const history = (page: Page) => page.getByRole('table', { name: 'Verification history' });

/** Issue 16, journey 1: alice filters her history, opens a Verified result, reads its timeline, downloads the certificate. */
export const historyAndCertificate: Journey = {
  name: 'verification history: filter, open a Verified result, timeline, certificate PDF, checked signed out',
  async run({ page, shot, axe }) {
    await signInThroughUi(page, 'alice@acme.test');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Verification History' })
      .click();
    await expectTitle(page, 'History list');
    await page.getByRole('heading', { name: 'Past verifications requested by you and your team' }).waitFor();
    await history(page).getByText('Oliver Quinn').waitFor();
    await page.getByText(/^Showing 1 to \d+ of \d+ entries$/).waitFor();
    await axe('verification-history');
    await shot('verification-history');

    // The Filters panel: Result Verified, the last week (the demo data was made at start), a name.
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    const panel = page.getByRole('region', { name: 'Filters' });
    // A date is typed day first, whatever the browser's language (verifications.md 9: input dd/MM/yyyy). The journeys'
    // browser runs in UTC, as the days here are counted.
    const weekAgo = new Date(Date.now() - 7 * 86_400_000);
    const isoWeekAgo = weekAgo.toISOString().slice(0, 10);
    const [y, m, d] = isoWeekAgo.split('-');
    await panel.getByRole('group', { name: 'From' }).getByRole('spinbutton', { name: 'Day' }).click();
    await page.keyboard.type(`${d}${m}${y}`);
    await page.waitForURL((url) => url.searchParams.get('fromDate') === isoWeekAgo);
    await page.getByRole('button', { name: 'Filters (1)' }).waitFor();
    // To's calendar opens on From's month; days after today cannot be picked.
    await panel.getByRole('group', { name: 'To' }).getByRole('button', { name: /^Choose date/ }).click();
    const calendar = page.getByRole('dialog').filter({ has: page.getByRole('grid') });
    await calendar
      .getByText(weekAgo.toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }))
      .waitFor();
    await shot('verification-history-calendar');
    await page.keyboard.press('Escape');
    await calendar.waitFor({ state: 'hidden' });
    await panel.getByRole('combobox', { name: 'Result' }).click();
    await page.getByRole('option', { name: 'Verified', exact: true }).click();
    await page.keyboard.press('Escape');
    await panel.getByRole('button', { name: 'Last week' }).click();
    await panel.getByLabel('Name or QCID').fill('Jane');
    await panel.getByLabel('Name or QCID').press('Enter');
    await page.getByRole('button', { name: 'Filters (3)' }).waitFor();
    await page.waitForURL(
      (url) => url.searchParams.get('query') === 'Jane' && url.searchParams.get('result') === 'VERIFIED',
    );
    await page.getByText('Showing 1 to 1 of 1 entries').waitFor();
    const jane = history(page).getByRole('row', { name: /Jane Doe/ });
    await jane.getByText('Verified').waitFor();
    assert.equal(
      await history(page).getByText('Oliver Quinn').count(),
      0,
      'the filters leave out other results',
    );
    await axe('verification-history-filters');
    await shot('verification-history-filters');

    // The Verified result: the card, the timeline, the certificate.
    await jane.click();
    await expectTitle(page, 'View Verification');
    const result = page.getByRole('region', { name: 'Result' });
    await result.getByText('ACME-1001').waitFor();
    await result.getByText('University of Demo').first().waitFor();
    await result.getByRole('table', { name: 'Data from records' }).waitFor();
    const timeline = page.getByRole('region', { name: 'Event History' });
    await timeline.getByText('Verification request submitted by alice@acme.test.').waitFor();
    await timeline.getByText(/changed status to Verified/).waitFor();
    await axe('verification-view-verified');
    await shot('verification-view-verified');

    const switchNotes = result.getByRole('switch', { name: 'Include Institute/Employer provided details?' });
    assert.equal(await switchNotes.isChecked(), true);
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      result.getByRole('button', { name: 'Download certificate' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^Certificate-.+\.pdf$/);
    const file = await download.path();
    const head = readFileSync(file).subarray(0, 5).toString('latin1');
    assert.equal(head, '%PDF-', 'the certificate is a PDF');

    // The certificate's short URL, as printed on it (pdftotext reads it back, as a holder would read it).
    const printed = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    const code = /\/certificate\/([A-Za-z0-9_-]{22})\b/.exec(printed)?.[1];
    assert.ok(code, 'the certificate prints its verify URL with a 22-character code');

    // Back keeps the filters (they live in the URL; the list comes from the cache).
    await page.getByRole('link', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'Filters (3)' }).waitFor();
    await history(page).getByText('Jane Doe').waitFor();

    // Issue 17: anyone can check the certificate, signed out: the page says what was issued, and checks a dropped
    // PDF in the browser: the downloaded one matches, a copy with one byte changed does not.
    await page.context().clearCookies();
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await page.goto(`/certificate/${code}`);
    const issued = page.getByRole('table', { name: 'Certificate' });
    await issued.getByRole('row', { name: /QCID/ }).waitFor();
    await issued.getByRole('row', { name: /Result/ }).getByText('Verified').waitFor();
    await issued.getByRole('row', { name: /Certificate code/ }).getByText(code).waitFor();
    await page.getByText('The verification has not changed since this certificate was issued.').waitFor();
    const pdfInput = page.getByLabel('Certificate PDF');
    await pdfInput.setInputFiles(file);
    await page.getByText('This PDF is the certificate issued under this code.').waitFor();
    await axe('certificate-check-match');
    await shot('certificate-check-match');

    const bytes = readFileSync(file);
    bytes[Math.floor(bytes.length / 2)] ^= 0xff;
    const tampered = `${file}-tampered.pdf`;
    writeFileSync(tampered, bytes);
    await pdfInput.setInputFiles(tampered);
    await page
      .getByText('This PDF does not match the certificate issued under this code: it may have been altered.')
      .waitFor();
    await axe('certificate-check-tampered');
    await shot('certificate-check-tampered');

    // An unknown code (same length, never issued).
    await page.goto(`/certificate/${'A'.repeat(22)}`);
    await page.getByText('No certificate was issued with this code.').waitFor();
    await axe('certificate-check-unknown');
    await shot('certificate-check-unknown');
  },
};

/**
 * Issue 16, journey 2: alice amends a NOT_FOUND result's date of birth and re-submits it (retriesLeft goes down),
 * then sends it for manual checking, and it is pending for irene.
 */
export const amendAndResubmit: Journey = {
  name: 'verification view: NOT_FOUND amended and re-submitted, then sent for manual checking',
  async run({ page, baseUrl, shot, axe }) {
    await signInThroughUi(page, 'alice@acme.test');
    await page.goto('/verification/history?result=ACTION&query=Oliver');
    await expectTitle(page, 'History list');
    await page.getByRole('button', { name: 'Filters (2)' }).waitFor();
    await history(page)
      .getByRole('row', { name: /Oliver Quinn/ })
      .click();
    await expectTitle(page, 'View Verification');
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    await page.getByText('Your action is required!').waitFor();
    await page
      .getByText(
        'We have searched the data we hold for this institute, but no match for your request could be found.',
      )
      .waitFor();
    const retries = async () => {
      const text = await page
        .getByText(/^Re-submit for free to be checked automatically, limited to \d+ more time\(s\)\.$/)
        .innerText();
      return Number(/limited to (\d+)/.exec(text)?.[1]);
    };
    const before = await retries();
    assert.ok(before > 0, 'a free re-check is left');
    await axe('verification-view-not-found');
    await shot('verification-view-not-found');

    // The date of birth as typed (dd/MM/yyyy); an invalid one is refused in the spec's words first.
    const dob = page.getByLabel(/^Date of Birth/);
    await dob.fill('31/02/1990');
    await page.getByRole('button', { name: 'Re-submit' }).click();
    await page.getByText('The date of birth must be a valid date in the format DD/MM/YYYY').waitFor();
    await dismissToasts(page);
    await dob.fill('15/07/1990');
    await page.getByRole('button', { name: 'Re-submit' }).click();

    // The automatic check runs again in the background; the record comes back NOT_FOUND with one re-check fewer.
    const deadline = Date.now() + 60_000;
    for (;;) {
      await page.reload();
      const again = page.getByText('Your action is required!');
      await Promise.race([again.waitFor(), page.getByRole('region', { name: 'Result' }).waitFor()]);
      if ((await again.count()) > 0 && (await retries()) === before - 1) break;
      if (Date.now() > deadline) throw new Error('the re-submitted request did not come back from its check');
      await page.waitForTimeout(1000);
    }
    assert.equal(
      await page.getByLabel(/^Date of Birth/).inputValue(),
      '15/07/1990',
      'the amended date was kept',
    );
    await page
      .getByRole('region', { name: 'Event History' })
      .getByText(/Verification re-submitted by alice@acme.test/)
      .waitFor();

    // Manual checking: the request becomes pending with the institute, and irene has it.
    await page.getByRole('button', { name: 'Send for manual checking' }).click();
    await page.getByText(/This verification is being reviewed by the Institute's records staff\./).waitFor();
    await axe('verification-view-pending');
    await shot('verification-view-pending');
    const { token } = await signIn(baseUrl, 'irene@uni-demo.test');
    const res = await fetch(`${baseUrl}/v1/verification/pending?page=0&size=100`, {
      headers: { 'X-AUTH-TOKEN': token, 'X-Client-Type': 'WEB' },
    });
    assert.equal(res.status, 200);
    const pending = (await res.json()) as { content: { id: string }[] };
    assert.ok(
      pending.content.some((v) => v.id === id),
      `${id} waits for irene`,
    );
  },
};
