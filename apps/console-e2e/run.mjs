// The console's browser journey (issue 9): starts the app on a free port against a fresh embedded PostgreSQL, runs
// the staff journey in the system Chromium, takes a screenshot of every console screen, stops the app. The exit
// code is the journey's result.
//
//   node apps/console-e2e/run.mjs                                  build, start, run, stop
//   E2E_BASE_URL=http://localhost:3200 node apps/console-e2e/run.mjs   against an app that is already running
//   node apps/console-e2e/run.mjs replay                            the replay journey alone (the auditor's)
//
// Screenshots go to screenshots/console/ (git-ignored), the app's log and a JSON summary to tmp/console-e2e/.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

if (Number(process.versions.node.split('.')[0]) < 24) {
  const root = path.resolve(import.meta.dirname, '..', '..');
  const r = spawnSync('sh', [path.join(root, 'tools', 'node24.sh'), 'node', import.meta.filename, ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(r.status ?? 1);
}

const { repoRoot, startApp } = await import('./src/app.mjs');
const { launch } = await import('./src/browser.mjs');
const { runJourney } = await import('./src/journey.mjs');
const { runReplayJourney } = await import('./src/replay-journey.mjs');
const { takeScreenshots } = await import('./src/screenshots.mjs');
const { invoiceAwaitingPayment, pendingVerification } = await import('./src/api.mjs');

const out = path.join(repoRoot, 'tmp', 'console-e2e');
mkdirSync(out, { recursive: true });
let app = null;
let baseUrl = process.env.E2E_BASE_URL;
const stopApp = async () => {
  const running = app;
  app = null;
  await running?.stop();
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stopApp().then(() => process.exit(130)));

let ok = false;
const summary = { startedAt: new Date().toISOString(), steps: [], screenshots: { taken: 0, failed: [] } };
let browser = null;
try {
  if (!baseUrl) {
    process.stdout.write(`starting the app (log: ${path.relative(repoRoot, path.join(out, 'app.log'))}) ...\n`);
    const started = Date.now();
    app = await startApp(path.join(out, 'app.log'));
    baseUrl = app.baseUrl;
    process.stdout.write(`app ready at ${baseUrl} in ${((Date.now() - started) / 1000).toFixed(1)} s\n\n`);
  }
  browser = await launch();
  const only = process.argv[2];
  ok = true;
  if (!only) {
    process.stdout.write('staff journey\n');
    try {
      summary.steps = await runJourney(browser, baseUrl);
      ok = summary.steps.every((s) => s.ok);
    } catch {
      ok = false;
    }
  }
  process.stdout.write('\nreplay journey (issue 24)\n');
  try {
    summary.replaySteps = await runReplayJourney(browser, baseUrl, path.join(repoRoot, 'screenshots', 'console'));
    ok = ok && summary.replaySteps.every((s) => s.ok);
  } catch {
    ok = false;
  }
  if (!only) {
    process.stdout.write('\nscreenshots\n');
    const { id } = await pendingVerification(baseUrl, 'SCREENSHOT-1').catch(() => ({ id: null }));
    const extra = id
      ? [
          ['07-verification-show', `/verifications/${id}/show`, { text: 'Event timeline' }],
          ['07b-verification-timeline', `/verifications/${id}/show`, { text: 'Event timeline', scrollTo: 'Event timeline' }],
          ['07c-verification-timeline-phone', `/verifications/${id}/show`, { text: 'Event timeline', scrollTo: 'Event timeline', phone: true }],
          ['07d-verification-timeline-details', `/verifications/${id}/show`, { click: 'Details', then: '"fields": {', scrollTo: 'Event timeline' }],
        ]
      : [];
    // Dates typed DD/MM/YYYY: a list filter, and the day received of an invoice marked paid.
    const from = encodeURIComponent('{"fromDate":"2026-11-01"}');
    extra.push(
      ['06b-verifications-from-date', `/verifications?filter=${from}`, { role: 'group', name: 'From' }],
      ['06c-verifications-from-date-phone', `/verifications?filter=${from}`, { role: 'group', name: 'From', phone: true }],
    );
    const invoiceId = await invoiceAwaitingPayment(baseUrl).catch(() => null);
    if (invoiceId) {
      extra.push(
        ['11c-invoice-mark-paid', `/invoices/${invoiceId}/show`, { click: 'Mark paid', then: 'Date received' }],
        ['11d-invoice-mark-paid-phone', `/invoices/${invoiceId}/show`, { click: 'Mark paid', then: 'Date received', phone: true }],
        ['11e-invoice-show-phone', `/invoices/${invoiceId}/show`, { text: 'Total Paid', phone: true }],
      );
    } else summary.notes = [...(summary.notes ?? []), 'no invoice awaiting payment: the Mark paid screenshots were not taken'];
    const shots = await takeScreenshots(browser, baseUrl, path.join(repoRoot, 'screenshots', 'console'), extra);
    summary.screenshots = { taken: shots.taken.length, failed: shots.failed };
    process.stdout.write(`  ${shots.taken.length} screenshots in screenshots/console/\n`);
    for (const f of shots.failed) process.stdout.write(`  not taken: ${f}\n`);
  }
} catch (error) {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  ok = false;
} finally {
  await browser?.close().catch(() => undefined);
  await stopApp();
}
summary.ok = ok;
writeFileSync(path.join(out, 'summary.json'), JSON.stringify(summary, null, 2));
process.stdout.write(`\njourney ${ok ? 'passed' : 'FAILED'}\n`);
process.exit(ok ? 0 : 1);
