// The auditor's replay in the console (issue 24): the demo auditor (auditor@credence.test, a stored staff role)
// signs in to the console, lands on the verifications (no Dashboard, no other staff resource in the menu), opens a
// demo verification with no action button on it, replays it to three of its events with the Replay panel (first,
// middle, last), checks the state and what each event changed, verifies the history, and takes a screenshot of each
// instant (desktop) and of the panel and its changes on a phone; axe on the panel. The API refuses the auditor's
// write (403).
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { api, apiSignIn } from './api.mjs';
import { VIEWPORT } from './browser.mjs';

const PHONE = { width: 390, height: 844 };
const AUDITOR = 'auditor@credence.test';
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Serious or critical axe violations inside the Replay section. */
async function axeViolations(page) {
  await page.waitForTimeout(400);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(`${axeSource}\n;void 0;`);
  return page.evaluate(async () => {
    const section = document.querySelector('section[aria-labelledby="replay-heading"]');
    const result = await window.axe.run(section ?? document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

/** The demo verification with the longest history among the first staff list page. */
async function longestDemoVerification(baseUrl, token) {
  const list = await api(baseUrl, token, '/admin/verifications?range=[0,24]');
  if (list.status !== 200) throw new Error(`the staff list answered ${list.status}`);
  let best = null;
  for (const v of list.body) {
    const replay = await api(baseUrl, token, `/admin/verifications/${encodeURIComponent(v.id)}/state`);
    if (replay.status === 200 && (!best || replay.body.lastRevision > best.lastRevision)) best = { id: v.id, lastRevision: replay.body.lastRevision };
  }
  if (!best || best.lastRevision < 2) throw new Error('no demo verification has three events to replay to');
  return best;
}

export async function runReplayJourney(browser, baseUrl, shotsDir, log = (line) => process.stdout.write(`${line}\n`)) {
  const results = [];
  const step = async (name, fn) => {
    const started = Date.now();
    try {
      const note = await fn();
      results.push({ name, ok: true, note: note ?? null, ms: Date.now() - started });
      log(`  ✓ ${name} (${Date.now() - started} ms)${note ? `: ${note}` : ''}`);
    } catch (error) {
      results.push({ name, ok: false, error: error instanceof Error ? error.message : String(error), ms: Date.now() - started });
      log(`  ✗ ${name}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
      throw error;
    }
  };
  mkdirSync(shotsDir, { recursive: true });
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-GB', timezoneId: 'Europe/London' });
  // Generous: on a loaded two-core machine the first console load alone can take tens of seconds.
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  try {
    // The auditor's own token reads the staff list: the API admits auditors to it (and to nothing else of /admin).
    const token = await apiSignIn(baseUrl, AUDITOR);
    const { id, lastRevision } = await longestDemoVerification(baseUrl, token);
    const instants = [0, Math.floor(lastRevision / 2), lastRevision];

    await step(`the auditor signs in to the console and lands on the verifications, the only section they may read`, async () => {
      await page.goto(`${baseUrl}/console/login`);
      await page.getByLabel('Email address / Username').fill(AUDITOR);
      await page.getByLabel('Password').fill('Demo-pass1');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(/\/console\/verifications(\?|$)/);
      await page.getByRole('cell', { name: id, exact: true }).waitFor();
      // The menu's sections; the list's own pager (MUI's 'pagination navigation', there once the list has a second
      // page, as it has after the portal journeys) is not a section.
      const sections = await page
        .getByRole('navigation')
        .evaluateAll((navs) => navs.map((n) => n.getAttribute('aria-label')).filter((l) => l && l !== 'pagination navigation'));
      if (sections.join(',') !== 'Verifications') throw new Error(`the menu shows ${sections.join(', ')}`);
      for (const other of ['Dashboard', 'Users', 'Customers', 'Invoices']) {
        if (await page.getByRole('menuitem', { name: other }).count()) throw new Error(`the menu offers ${other}`);
      }
      await page.screenshot({ path: path.join(shotsDir, '20-replay-0-auditor-verifications.png') });
      await page.setViewportSize(PHONE);
      await page.screenshot({ path: path.join(shotsDir, '20-replay-0-auditor-verifications-phone.png') });
      await page.setViewportSize(VIEWPORT);
      return 'menu: Verifications only';
    });

    await step(`the auditor opens ${id}: no action button, and its replay`, async () => {
      await page.goto(`${baseUrl}/console/verifications/${encodeURIComponent(id)}/show`);
      await page.getByRole('heading', { name: 'Replay' }).waitFor();
      await page.getByRole('heading', { name: 'Event timeline' }).waitFor();
      await page.getByRole('list', { name: 'Events to replay to' }).getByRole('button').nth(lastRevision).waitFor();
      // Staff administrators always have 'Add comment' here (and Resolve, Cancel... by state).
      for (const action of ['Add comment', 'Resolve', 'Cancel verification', 'Mark delayed at source', 'Edit', 'Delete']) {
        if (await page.getByRole('button', { name: action, exact: true }).count()) throw new Error(`the auditor is offered ${action}`);
      }
      const refused = await api(baseUrl, token, `/admin/verifications/${encodeURIComponent(id)}/comment`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ comment: 'audited' }),
      });
      if (refused.status !== 403 || refused.body?.errors?.[0]?.message !== 'Auditors can replay, export and verify; they cannot change anything.') {
        throw new Error(`the API answered the auditor's comment ${refused.status} ${JSON.stringify(refused.body)}`);
      }
      await page.screenshot({ path: path.join(shotsDir, '20-replay-0-auditor-show.png') });
      return `${lastRevision + 1} events; no action button; the API refuses a comment with 403`;
    });

    for (const [n, revision] of instants.entries()) {
      await step(`replays to revision ${revision} (instant ${n + 1} of 3)`, async () => {
        const events = page.getByRole('list', { name: 'Events to replay to' });
        const item = events.getByRole('button', { name: new RegExp(`^${revision}\\. `) });
        const label = (await item.innerText()).split('\n')[0];
        await item.click();
        await page.getByText(new RegExp(`^State as of revision ${revision}: `)).waitFor();
        const diff = page.getByRole('table', { name: 'What this event changed' });
        await diff.waitFor();
        const rows = await diff.getByRole('row').count();
        // Only the picked event looks picked, with the pointer elsewhere: no grey focus or ripple left on the last pick.
        await page.mouse.move(0, 0);
        await page.waitForTimeout(700);
        const marked = await events.evaluate((list) =>
          [...list.querySelectorAll('[role="button"]')]
            .filter((b) => getComputedStyle(b).backgroundColor !== 'rgba(0, 0, 0, 0)' || b.querySelector('.MuiTouchRipple-child'))
            .map((b) => b.innerText.split('\n')[0]),
        );
        if (marked.length !== 1 || !marked[0].startsWith(`${revision}. `)) throw new Error(`the list marks ${marked.join(' and ') || 'no event'} as picked`);
        // The state's result and stage in words, with the exact codes beside them.
        const summary = await page.getByText(/^Result /).first().innerText();
        if (/^Result [A-Z_]+ /.test(summary)) throw new Error(`the replay header reads a raw code: ${summary}`);
        const slider = page.getByRole('slider', { name: 'Replay to revision' });
        if ((await slider.getAttribute('aria-valuenow')) !== String(revision)) throw new Error('the slider does not show the picked revision');
        await page.getByRole('heading', { name: 'Replay' }).scrollIntoViewIfNeeded();
        await page.evaluate(() => document.querySelector('section[aria-labelledby="replay-heading"]')?.scrollIntoView({ block: 'start' }));
        await page.screenshot({ path: path.join(shotsDir, `20-replay-${n + 1}-revision-${revision}.png`) });
        return `${label}; ${rows - 1} changed field(s)`;
      });
    }

    await step('verifies the history', async () => {
      await page.getByRole('button', { name: 'Verify history' }).click();
      await page.getByText(/^History intact: /).waitFor();
      await page.screenshot({ path: path.join(shotsDir, '20-replay-verified.png') });
    });

    await step('the replay panel has no serious axe violation, and reads on a phone', async () => {
      const violations = await axeViolations(page);
      if (violations.length) throw new Error(violations.join('; '));
      await page.setViewportSize(PHONE);
      await page.evaluate(() => document.querySelector('section[aria-labelledby="replay-heading"]')?.scrollIntoView({ block: 'start' }));
      await page.screenshot({ path: path.join(shotsDir, '20-replay-phone.png') });
      // What the last event changed, and the first event's objects, on a phone: nothing cut mid-word. Loaded afresh
      // at phone size, as a phone would: after a resize react-admin's sidebar drawer hides the page from roles.
      await page.reload();
      await page.getByRole('table', { name: 'What this event changed' }).waitFor();
      await page.getByRole('table', { name: 'What this event changed' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(shotsDir, '20-replay-phone-changes.png') });
      await page.getByRole('list', { name: 'Events to replay to' }).getByRole('button', { name: /^0\. / }).click();
      await page.getByText(/^State as of revision 0: /).waitFor();
      await page.getByRole('table', { name: 'What this event changed' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(shotsDir, '20-replay-phone-revision-0.png') });
      const overflow = await page.evaluate(() => {
        const section = document.querySelector('section[aria-labelledby="replay-heading"]');
        // The changes table scrolls in its own box rather than push the page: it must fit that box all the same.
        const table = document.querySelector('table[aria-label="What this event changed"]');
        return Math.max(section ? section.scrollWidth - section.clientWidth : 0, table?.parentElement ? table.offsetWidth - table.parentElement.clientWidth : 0);
      });
      if (overflow > 0) throw new Error(`the replay panel runs ${overflow} px past a 390 px phone`);
    });
  } finally {
    await context.close();
  }
  return results;
}
