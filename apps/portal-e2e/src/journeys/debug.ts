import assert from 'node:assert/strict';
import { apiGet } from '../api.ts';
import type { Journey } from '../harness.ts';
import { expectTitle, signInThroughUi, toast } from '../ui.ts';

interface Recording {
  id: string;
  username: string | null;
  chunks: number;
  events?: { type: number; data: unknown }[];
}

/**
 * Access 2.3: /login?logit=true records the session (rrweb) for support, says so, and masks what is typed; the
 * recording, with alice's username once she signs in, is what staff replay in the console's Debug sessions. A reload
 * goes on recording with a full snapshot of a page that nests deep (the history), sent as JSON text.
 */
export const debugRecordingJourney: Journey = {
  name: 'debug recording: logit=true records alice from the sign-in page on, masked, for staff to replay',
  async run({ page, baseUrl }) {
    const before = await apiGet<Recording[]>(baseUrl, 'admin@credence.test', '/admin/debug-recordings');
    await signInThroughUi(page, 'alice@acme.test', undefined, '/login?logit=true');
    await toast(page, 'Debug Mode enabled. Application version v');
    await expectTitle(page, 'Home');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Verification History' })
      .click();
    await expectTitle(page, 'History list');
    await page.getByRole('table').first().waitFor();
    await page.reload();
    await page.getByRole('table').first().waitFor();

    // The recorder sends every 5 s: wait for alice's recording to hold a full snapshot of each page load.
    const snapshots = (r: Recording | undefined) => r?.events?.filter((e) => e.type === 2).length ?? 0;
    let full: Recording | undefined;
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const now = await apiGet<Recording[]>(baseUrl, 'admin@credence.test', '/admin/debug-recordings');
      const mine = now.find((r) => !before.some((b) => b.id === r.id) && r.username === 'alice@acme.test');
      full =
        mine &&
        (await apiGet<Recording>(baseUrl, 'admin@credence.test', `/admin/debug-recordings/${mine.id}`));
      if (snapshots(full) >= 2) break;
      await page.waitForTimeout(1000);
    }
    assert.ok(full, 'a recording of alice reached the API');
    assert.ok(snapshots(full) >= 2, `it holds a full snapshot of each page load (${snapshots(full)})`);
    assert.ok(
      full.events?.some((e) => e.type === 3),
      'and the changes after them',
    );
    assert.ok(
      !JSON.stringify(full.events).includes('Demo-pass1'),
      'what was typed in the password field is not in it',
    );
  },
};

interface ErrorReportRow {
  id: string;
  source: string;
  message: string;
  path: string;
  username: string | null;
  recordingId: string | null;
  hasRecording: boolean;
}

/**
 * Access 9: 'session replay on 100% of sessions with an error'. After a release, the code of a screen bob opens is
 * gone from the server (its chunk fails to load): the screen says 'Oops!' inside the shell, which goes on working,
 * and staff get the report, the route it happened on and a replay of what bob did before it. Trying again, with the
 * code back, shows the screen.
 */
export const errorReportJourney: Journey = {
  name: "error report: a screen that fails to load says 'Oops!' in the shell, and staff get it with a replay",
  async run({ page, baseUrl, shot, axe }) {
    const since = new Date().toISOString();
    await signInThroughUi(page, 'bob@acme.test');
    await expectTitle(page, 'Home');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Verification History' }).click();
    await expectTitle(page, 'History list');
    await page.getByRole('table').first().waitFor();

    const accountChunk = /\/assets\/AccountScreen-[^/]*\.js$/;
    await page.route(accountChunk, (route) => route.abort());
    await nav.getByRole('link', { name: 'Account' }).click();
    const oops = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Oops!' }) });
    await oops.waitFor();
    await oops
      .getByText('Something went wrong showing this page. Please try again or report this error.')
      .waitFor();
    assert.ok(await nav.getByRole('link', { name: 'Verification History' }).isVisible(), 'the shell goes on');
    await shot('screen-crash');
    await axe('a screen that failed to load');

    // Staff see the report, on the route, with the recording of what came before.
    let report: ErrorReportRow | undefined;
    let recording: (Recording & { reason?: string }) | undefined;
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const rows = await apiGet<ErrorReportRow[]>(baseUrl, 'admin@credence.test', '/admin/error-reports');
      report = rows.find((r) => r.username === 'bob@acme.test' && r.source === 'render');
      if (report?.hasRecording && report.recordingId) {
        recording = await apiGet<Recording & { reason?: string }>(
          baseUrl,
          'admin@credence.test',
          `/admin/debug-recordings/${report.recordingId}`,
        );
        if (recording.reason === 'error' && recording.events?.some((e) => e.type === 2)) break;
      }
      await page.waitForTimeout(1000);
    }
    assert.ok(report, `bob's error reached the API (since ${since})`);
    assert.equal(report.path, '/account', 'reported with its route');
    assert.match(report.message, /dynamically imported module|Importing a module script failed|fetch/i);
    assert.ok(recording, 'with a recording');
    assert.equal(recording.reason, 'error');
    assert.ok(
      recording.events?.some((e) => e.type === 2),
      'the recording starts from a full snapshot of the page before the error',
    );

    await page.unroute(accountChunk);
    await oops.getByRole('button', { name: 'Try again' }).click();
    await expectTitle(page, 'Account');
    await page.getByRole('button', { name: 'Change' }).waitFor();
  },
};
