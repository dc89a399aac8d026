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
 * recording, with alice's username once she signs in, is what staff replay in the console's Debug sessions.
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

    // The recorder sends every 5 s: wait for alice's chunks to arrive.
    let mine: Recording | undefined;
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const now = await apiGet<Recording[]>(baseUrl, 'admin@credence.test', '/admin/debug-recordings');
      mine = now.find(
        (r) => !before.some((b) => b.id === r.id) && r.username === 'alice@acme.test' && r.chunks >= 2,
      );
      if (mine) break;
      await page.waitForTimeout(1000);
    }
    assert.ok(mine, 'a recording of alice reached the API');
    const full = await apiGet<Recording>(
      baseUrl,
      'admin@credence.test',
      `/admin/debug-recordings/${mine.id}`,
    );
    assert.ok(
      full.events?.some((e) => e.type === 2),
      'it holds a full snapshot of the page',
    );
    assert.ok(
      full.events?.some((e) => e.type === 3),
      'and the changes after it',
    );
    assert.ok(
      !JSON.stringify(full.events).includes('Demo-pass1'),
      'what was typed in the password field is not in it',
    );
  },
};
