// Screenshots only, against an app that is already running: node apps/console-e2e/shots.mjs http://localhost:3217
import path from 'node:path';
import { launch } from './src/browser.mjs';
import { repoRoot } from './src/app.mjs';
import { takeScreenshots } from './src/screenshots.mjs';
import { pendingVerification } from './src/api.mjs';

const baseUrl = process.argv[2] ?? process.env.E2E_BASE_URL ?? 'http://localhost:3200';
const browser = await launch();
try {
  const { id } = await pendingVerification(baseUrl);
  const extra = id ? [['07-verification-show', `/verifications/${id}/show`, { text: 'Event timeline' }], ['07b-verification-timeline', `/verifications/${id}/show`, { text: 'Event timeline', scrollTo: 'Event timeline' }], ['07c-verification-timeline-phone', `/verifications/${id}/show`, { text: 'Event timeline', scrollTo: 'Event timeline', phone: true }], ['07d-verification-timeline-details', `/verifications/${id}/show`, { click: 'Details', then: '"fields": {', scrollTo: 'Event timeline' }]] : [];
  const { taken, failed } = await takeScreenshots(browser, baseUrl, path.join(repoRoot, 'screenshots', 'console'), extra);
  process.stdout.write(`${taken.length} screenshots in screenshots/console/\n`);
  for (const f of failed) process.stdout.write(`  not taken: ${f}\n`);
  process.exitCode = failed.length ? 1 : 0;
} finally {
  await browser.close();
}
