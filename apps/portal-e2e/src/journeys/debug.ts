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
