// The staff journey of issue 9, in the system Chromium against the real app: staff signs in, finds a customer
// (Acme), toggles analytics, opens a verification and reads its timeline (resolving it as staff), marks an invoice
// paid with the day typed DD/MM/YYYY, publishes a notice that then appears in the portal shell (signed in as alice).
import { api, apiSignIn, invoiceAwaitingPayment, pendingVerification } from './api.mjs';
import path from 'node:path';
import { repoRoot } from './app.mjs';
import { consoleSignIn, VIEWPORT } from './browser.mjs';

const TIMEOUT = 20_000;

/** Each step is named, timed and reported; a skipped step says why. */
export async function runJourney(browser, baseUrl, log = (line) => process.stdout.write(`${line}\n`)) {
  const results = [];
  const step = async (name, fn) => {
    const started = Date.now();
    try {
      const note = await fn();
      const skipped = typeof note === 'string' && note.startsWith('SKIPPED');
      results.push({ name, ok: true, skipped, note: note ?? null, ms: Date.now() - started });
      log(`  ${skipped ? '-' : '✓'} ${name} (${Date.now() - started} ms)${note ? `: ${note}` : ''}`);
    } catch (error) {
      results.push({ name, ok: false, error: error instanceof Error ? error.message : String(error), ms: Date.now() - started });
      log(`  ✗ ${name}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
      throw error;
    }
  };

  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-GB', timezoneId: 'Europe/London' });
  context.setDefaultTimeout(TIMEOUT);
  const page = await context.newPage();
  const staffToken = await apiSignIn(baseUrl, 'admin@credence.test');
  const notice = `Journey notice ${new Date().toISOString()}: checks in Ruritania are delayed.`;
  /** The debug recording the journey sends, which its error report then points at. */
  let recordingId = '';

  try {
    await step('staff signs in to the console', async () => {
      await consoleSignIn(page, baseUrl);
      await page.getByText('Signed in as admin@credence.test.').waitFor();
    });

    await step('finds Acme among the customers', async () => {
      await page.getByRole('menuitem', { name: 'Customers' }).click();
      await page.getByPlaceholder("Name, id or a user's e-mail").fill('Acme');
      // The search applies after react-admin's debounce and lands in the URL: click only once it has, or the late
      // filter update navigates the list again under the click (seen on a loaded machine).
      await listFiltered(page, 'Acme');
      await page.getByRole('cell', { name: 'Acme Recruitment Ltd' }).click();
      await page.getByText('Access (changes apply at once)').waitFor();
      await page.getByRole('heading', { name: 'Account' }).waitFor();
    });

    await step('toggles analytics, which acts at once and is audited with the staff name', async () => {
      const before = (await api(baseUrl, staffToken, '/admin/customers/acme')).body.hasAnalyticsAccess;
      const toggle = page.getByRole('switch', { name: 'Analytics' });
      if ((await toggle.isChecked()) !== before) throw new Error('the switch does not show the stored value');
      await toggle.click();
      await page.getByText(`Analytics turned ${before ? 'off' : 'on'}`).waitFor();
      await expectTrue(async () => (await api(baseUrl, staffToken, '/admin/customers/acme')).body.hasAnalyticsAccess === !before, 'the API to store the new value');
      if ((await toggle.isChecked()) === before) throw new Error('the switch did not move');
      await page.reload();
      await page.getByText('Customer updated by staff').first().waitFor();
      await page.getByText('by admin@credence.test').first().waitFor();
      return `hasAnalyticsAccess ${before} -> ${!before}`;
    });

    await step('opens a verification, reads its timeline and resolves it as staff', async () => {
      const { id, reason } = await pendingVerification(baseUrl, 'JOURNEY-1');
      if (!id) return `SKIPPED: no verification could be made (${reason})`;
      await page.getByRole('menuitem', { name: 'Verifications' }).click();
      await page.getByPlaceholder('Name, QCID or reference').fill('JOURNEY-1');
      await listFiltered(page, 'JOURNEY-1');
      await page.getByRole('cell', { name: id }).click();
      await page.getByRole('heading', { name: 'Event timeline' }).waitFor();
      const timeline = page.getByRole('list', { name: 'Event timeline' });
      await timeline.getByText('Verification drafted').waitFor();
      await timeline.getByText('by alice@acme.test').first().waitFor();
      const before = await timeline.getByRole('listitem').count();
      if (before < 3) throw new Error(`expected the whole history, saw ${before} events`);

      await page.getByRole('button', { name: 'Resolve' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('radio', { name: /^Verified/ }).check();
      await dialog.getByLabel('Your name').fill('Ada Admin');
      await dialog.getByLabel('Job title / department').fill('Verification officer');
      await dialog.getByRole('combobox').click();
      await page.getByRole('option').first().click();
      await dialog.getByLabel('Comments or corrections').fill('Confirmed with the registry.');
      await dialog.getByRole('button', { name: 'Resolve' }).click();
      await page.getByText('Verification resolved, thank you.').waitFor();
      await expectTrue(async () => (await api(baseUrl, staffToken, `/admin/verifications/${id}`)).body?.result === 'VERIFIED', 'the verification to be VERIFIED');
      await page.reload();
      await page.getByRole('list', { name: 'Event timeline' }).getByText('by admin@credence.test').first().waitFor();
      const after = await page.getByRole('list', { name: 'Event timeline' }).getByRole('listitem').count();
      if (after <= before) throw new Error('the resolution did not appear on the timeline');
      return `${id}: ${before} events, then ${after} after the staff resolution`;
    });

    await step("marks an invoice account's invoice paid, the day received typed day first", async () => {
      const invoiceId = await invoiceAwaitingPayment(baseUrl);
      if (!invoiceId) throw new Error('no invoice awaiting payment could be made (carol of Globex Corp, who pay by invoice, ordering)');
      await page.goto(`${baseUrl}/console/invoices/${invoiceId}/show`);
      await page.getByText('Awaiting payment').waitFor();
      await page.getByRole('button', { name: 'Mark paid' }).click();
      const dialog = page.getByRole('dialog', { name: `Mark invoice ${invoiceId} paid` });
      await dialog.getByLabel(/Payment reference/).fill('BACS JOURNEY-1');
      // Yesterday in London, typed DD/MM/YYYY whatever the browser's language.
      const [dd, mm, yyyy] = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: '2-digit', month: '2-digit', year: 'numeric' })
        .format(new Date(Date.now() - 86_400_000))
        .split('/');
      await dialog.getByRole('spinbutton', { name: 'Day' }).click();
      await page.keyboard.type(`${dd}${mm}${yyyy}`);
      const shown = (await dialog.getByRole('group', { name: /Date received/ }).getByRole('spinbutton').allInnerTexts()).join('/');
      if (shown !== `${dd}/${mm}/${yyyy}`) throw new Error(`the field shows ${shown}, not ${dd}/${mm}/${yyyy}`);
      await dialog.getByRole('button', { name: 'Mark paid' }).click();
      await page.getByText(`Invoice ${invoiceId} marked paid`).waitFor();
      const stored = (await api(baseUrl, staffToken, `/admin/invoices/${invoiceId}`)).body;
      if (stored.status !== 'PAID' || !String(stored.paidAt).startsWith(`${yyyy}-${mm}-${dd}`)) {
        throw new Error(`the invoice is stored ${stored.status}, paid ${stored.paidAt}`);
      }
      return `invoice ${invoiceId} paid on ${yyyy}-${mm}-${dd}`;
    });

    await step('publishes a notice', async () => {
      await page.getByRole('menuitem', { name: 'Notices' }).click();
      await page.getByRole('link', { name: 'New notice' }).click();
      await page.getByText('Customers see a published notice').waitFor();
      await page.getByRole('textbox', { name: /^Message/ }).fill(notice);
      await page.getByRole('switch', { name: 'Published' }).or(page.getByLabel('Published')).first().check();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('cell', { name: notice }).waitFor();
      const listed = await api(baseUrl, staffToken, `/admin/notices?filter=${encodeURIComponent(JSON.stringify({ q: 'Journey notice', published: true }))}`);
      if (!listed.body.some((n) => n.message === notice)) throw new Error('the notice is not stored as published');
    });

    await step('publishes a news item with a picture, served to the portal from its own address', async () => {
      const title = `Journey news ${new Date().toISOString()}`;
      await page.getByRole('menuitem', { name: 'News and alerts' }).click();
      await page.getByRole('link', { name: 'New item' }).click();
      await page.getByRole('textbox', { name: /^Title/ }).fill(title);
      await page.getByRole('textbox', { name: /^Message/ }).fill('A news item with a picture, from the console journey.');
      await page.locator('input[type="file"]').setInputFiles(path.join(repoRoot, 'apps/api/assets/demo/news-europe.png'));
      await page.getByRole('img', { name: 'news-europe.png' }).waitFor();
      await page.getByLabel('Published').first().check();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('cell', { name: title }).waitFor();
      const listed = await api(baseUrl, staffToken, `/admin/news?filter=${encodeURIComponent(JSON.stringify({ q: title }))}`);
      const src = listed.body[0]?.image?.src;
      if (!src) throw new Error('the news item is stored without its picture');
      const served = await fetch(`${baseUrl}${src}`);
      if (served.status !== 200 || served.headers.get('content-type') !== 'image/png') throw new Error(`the picture answers ${served.status} ${served.headers.get('content-type')}`);
      await page.getByRole('cell', { name: title }).click();
      await page.getByRole('img', { name: title }).waitFor();
      return src;
    });

    await step('replays a debug session a customer recorded (logit=true)', async () => {
      // A small recording as rrweb makes one: the viewport, a full snapshot of a page, then a change to it 2 s later.
      const id = Array.from({ length: 32 }, () => '0123456789abcdef'[Math.floor(Math.random() * 16)]).join('');
      const t = Date.now();
      const text = (nodeId, textContent) => ({ type: 3, textContent, id: nodeId });
      const events = [
        { type: 4, data: { href: `${baseUrl}/home`, width: 1280, height: 800 }, timestamp: t },
        {
          type: 2,
          data: {
            node: {
              type: 0,
              id: 1,
              childNodes: [
                { type: 1, name: 'html', publicId: '', systemId: '', id: 2 },
                {
                  type: 2,
                  tagName: 'html',
                  attributes: {},
                  id: 3,
                  childNodes: [
                    { type: 2, tagName: 'head', attributes: {}, childNodes: [], id: 4 },
                    { type: 2, tagName: 'body', attributes: {}, id: 5, childNodes: [{ type: 2, tagName: 'h1', attributes: {}, id: 6, childNodes: [text(7, 'Journey recording')] }] },
                  ],
                },
              ],
            },
            initialOffset: { left: 0, top: 0 },
          },
          timestamp: t + 10,
        },
        { type: 3, data: { source: 0, texts: [], attributes: [], removes: [], adds: [{ parentId: 5, nextId: null, node: { type: 2, tagName: 'p', attributes: {}, childNodes: [], id: 8 } }] }, timestamp: t + 2000 },
      ];
      const sent = await fetch(`${baseUrl}/v1/debug/recordings/${id}/events`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ seq: 0, events, appVersion: 'journey' }),
      });
      if (sent.status !== 204) throw new Error(`the recording was refused: ${sent.status} ${await sent.text()}`);
      recordingId = id;
      await page.goto(`${baseUrl}/console/debug-recordings`);
      await page.getByRole('cell', { name: 'Signed out' }).first().click();
      await page.getByRole('button', { name: 'Play' }).click();
      const frame = page.frameLocator('[data-testid="replay-stage"] iframe');
      await frame.getByRole('heading', { name: 'Journey recording' }).waitFor();
      await page.getByText(/^0:0[0-2] \/ 0:0[1-2]$/).waitFor();
      return `recording ${id} replayed`;
    });

    await step('reads an error the portal reported and replays the session it happened in (access 9)', async () => {
      // As the portal reports an uncaught error, with the recording of its session (the one just replayed).
      const message = `Journey error ${Date.now()}: Cannot read properties of undefined (reading 'quokka')`;
      const sent = await fetch(`${baseUrl}/v1/debug/errors`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ message, stack: `TypeError: ${message}\n    at Home (home.tsx:1:1)`, source: 'error', path: '/home', recordingId, appVersion: 'journey' }),
      });
      if (sent.status !== 204) throw new Error(`the error report was refused: ${sent.status} ${await sent.text()}`);
      await page.goto(`${baseUrl}/console/error-reports`);
      await page.getByPlaceholder('Message, page or user').fill('Journey error');
      await listFiltered(page, 'Journey error');
      await page.getByRole('cell', { name: message }).click();
      await page.getByText('Uncaught error').waitFor();
      await page.getByText('at Home (home.tsx:1:1)').waitFor();
      await page.getByRole('link', { name: 'Replay the session' }).click();
      await page.waitForURL((url) => url.pathname === `/console/debug-recordings/${recordingId}/show`);
      await page.getByRole('button', { name: 'Play' }).waitFor();
      return `error report opened, recording ${recordingId} replayed from it`;
    });

    await step('the notice appears in the portal shell for alice', async () => {
      const portal = await browser.newContext({ viewport: VIEWPORT, locale: 'en-GB' });
      portal.setDefaultTimeout(TIMEOUT);
      try {
        const p = await portal.newPage();
        await p.goto(`${baseUrl}/login`);
        await p.getByLabel(/^Email address \/ Username/).fill('alice@acme.test');
        await p.getByLabel(/^Password/).first().fill('Demo-pass1');
        await p.getByRole('button', { name: 'Login' }).click();
        try {
          await p.getByText(notice).waitFor();
          // A warning banner: the portal's MUI Alert (whatever live-region role it gives it).
          const banner = p.locator('.MuiAlert-root', { hasText: notice });
          if ((await banner.count()) === 0 || !(await banner.first().isVisible())) throw new Error('the notice is not shown as a banner');
        } catch (error) {
          await p.screenshot({ path: failureShot('portal-notice') }).catch(() => undefined);
          throw error;
        }
      } finally {
        await portal.close();
      }
    });
  } catch (error) {
    await page.screenshot({ path: failureShot('console') }).catch(() => undefined);
    throw error;
  } finally {
    await context.close();
  }
  return results;
}

/** Where a failing step's screen goes (tmp/console-e2e/, git-ignored). */
const failureShot = (name) => path.join(repoRoot, 'tmp', 'console-e2e', `failed-${name}.png`);

async function expectTrue(probe, what, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await probe()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until a list's search has reached the URL (react-admin applies it after a debounce). */
function listFiltered(page, text) {
  return page.waitForURL((url) => (url.searchParams.get('filter') ?? '').includes(text), { timeout: TIMEOUT });
}
