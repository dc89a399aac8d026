import assert from 'node:assert/strict';
import { signIn, apiGet } from '../api.ts';
import type { Locator } from 'playwright-core';
import type { Journey } from '../harness.ts';
import { dismissToasts, expectTitle, signInThroughUi, toast } from '../ui.ts';

/**
 * A 60x40 PNG drawn like an identity card (a photo and lines of text): the sandbox never looks at the photos, but the
 * widget previews the one chosen, so it must be an image a browser can draw.
 */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADwAAAAoCAIAAAAt2Q6oAAAAWElEQVR42u3YoQ0AIRBFQcq+ItDo0xhqQqPx9EBCDo5JfgEjNk9sqK0ftwANDQ19KfqJeWLQX6DTWxYN2k1Dq4d6uGloaPVQD2ho9VCPf960DxM0NDT0dhuQyjRqL+WDLQAAAABJRU5ErkJggg==',
  'base64',
);

/** The widget's preview of the photo chosen is shown and drawn (an object URL of the file the user picked). */
async function expectPreview(widget: Locator, name: string) {
  const preview = widget.getByRole('img', { name: `Preview of ${name}` });
  await preview.waitFor();
  // decode() rejects for an image the browser cannot draw.
  const width = await preview.evaluate(
    async (img: HTMLImageElement) => (await img.decode(), img.naturalWidth),
  );
  assert.equal(width, 60, `the preview of ${name} is drawn`);
}

/** Acme's allowed check types, set by staff (access 6.4): the demo accounts order no identity checks by default. */
async function setAcmeTypes(baseUrl: string, allowedTypes: string[] | null) {
  const { token } = await signIn(baseUrl, 'admin@credence.test');
  const res = await fetch(`${baseUrl}/admin/customers/acme`, {
    method: 'PUT',
    headers: { 'X-AUTH-TOKEN': token, 'X-Client-Type': 'WEB', 'Content-Type': 'application/json' },
    body: JSON.stringify({ allowedTypes }),
  });
  if (!res.ok) throw new Error(`PUT /admin/customers/acme answered ${res.status}: ${await res.text()}`);
}

/**
 * Issue 15, journey 8 (verifications 2.8): alice orders an Identity Document check and pays by card; the wizard's
 * Verify Identity step runs the sandbox provider's widget, document then face; its applicant id goes back to the
 * API and the verification moves on to the provider's check, then to its verdict.
 */
export const identityCapture: Journey = {
  name: "ordering: identity, the sandbox widget's two steps complete and the verification moves on",
  async run(t) {
    const { baseUrl } = t;
    await setAcmeTypes(baseUrl, ['edu', 'emp', 'pli', 'pce', 'hsc', 'idc']);
    try {
      await captureIdentity(t);
      await captureOnTheView(t);
    } finally {
      await setAcmeTypes(baseUrl, null);
    }
  },
};

type Context = Parameters<Journey['run']>[0];

/** From New Verification to the wizard's Verify Identity step: one identity check for Ida Dent, paid by card. */
async function orderIdentity(t: Context, shots: boolean) {
  const { page } = t;
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'New Verification' })
    .click();
  await expectTitle(page, 'New Verification');
  await page.getByRole('list', { name: 'Check types' }).getByText('Max one per individual.').waitFor();
  await page.getByLabel('Number of Identity Document checks').fill('1');
  await page.getByLabel('First name').fill('Ida');
  await page.getByLabel('Last name').fill('Dent');
  await page.getByLabel('Date of birth').fill('01/06/1980');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('region', { name: 'Identity Document' }).waitFor();
  await page.getByText('Must be the full name as printed on the identity document.').waitFor();
  await page.getByRole('list', { name: 'New verification steps' }).getByText('Verify Identity').waitFor();
  if (shots) await t.shot('identity-details');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('region', { name: 'Your Order' }).waitFor();
  await page.getByRole('switch', { name: 'Terms & Consent' }).check();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('heading', { name: 'Payment Details' }).waitFor();
  const card = page.getByRole('region', { name: 'Card payment' });
  await card.getByLabel(/^Card number/).fill('5555 5555 5555 4444');
  await card.getByLabel(/^Expiration date/).fill('12/30');
  await card.getByLabel(/^CVV/).fill('123');
  await card.getByRole('button', { name: 'Pay' }).click();
  await toast(page, 'has been saved to your invoices history.');
  await dismissToasts(page);
  await page.getByRole('heading', { name: 'Verify Identity' }).waitFor();
}

async function captureIdentity(t: Context) {
  const { page, baseUrl } = t;
  await signInThroughUi(page, 'alice@acme.test');
  await orderIdentity(t, true);

  // The wizard's Verify Identity step: the sandbox provider's widget.
  await page.getByRole('heading', { name: 'Verify Identity' }).waitFor();
  const widget = page.getByRole('region', { name: 'Identity document capture' });
  await t.axe('identity-widget-start');
  await t.shot('identity-widget-start');
  await widget.getByRole('button', { name: 'Start' }).click();
  await widget
    .getByLabel('Photo of your identity document')
    .setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: PHOTO });
  await expectPreview(widget, 'passport.png');
  await widget.getByRole('button', { name: 'Choose another photo' }).waitFor();
  await t.axe('identity-widget-document');
  await t.shot('identity-widget-document');
  await widget.getByRole('button', { name: 'Continue' }).click();
  await widget
    .getByLabel('Photo of your face')
    .setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: PHOTO });
  await expectPreview(widget, 'selfie.png');
  await t.axe('identity-widget-face');
  await t.shot('identity-widget-face');
  await widget.getByRole('button', { name: 'Finish' }).click();

  // Moved on: the verification's view, with the provider checking (PENDING) or already done (VERIFIED).
  await page.waitForURL((url) => /^\/verification\/history\/[^/]+$/.test(url.pathname), {
    waitUntil: 'commit',
  });
  await expectTitle(page, 'View Verification');
  const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
  const record = await apiGet<{ instituteId: string; result: string; stage: string }>(
    baseUrl,
    'alice@acme.test',
    `/v1/verification/${encodeURIComponent(id)}`,
  );
  assert.equal(record.instituteId, 'QC_ID_VER_TRUST_ID');
  assert.ok(
    ['PENDING', 'VERIFIED'].includes(record.result),
    `moved on from the capture, got ${record.result} (${record.stage})`,
  );
  await page.getByRole('region', { name: 'Verify Identity' }).waitFor({ state: 'detached' });
  await t.shot('identity-moved-on');
  // The sandbox's verdict a few seconds after the face step.
  const deadline = Date.now() + 30_000;
  let result = record.result;
  while (result !== 'VERIFIED' && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
    result = (
      await apiGet<{ result: string }>(
        baseUrl,
        'alice@acme.test',
        `/v1/verification/${encodeURIComponent(id)}`,
      )
    ).result;
  }
  assert.equal(result, 'VERIFIED');
}

/**
 * 2.8 on the verification view: an identity check left at the wizard's capture step shows the QR code and Start to
 * the capture url with the countdown; Start opens the sandbox widget there, and its two steps move it on.
 */
async function captureOnTheView(t: Context) {
  const { page, baseUrl } = t;
  await orderIdentity(t, false);
  const latest = await apiGet<{ content: { id: string; instituteId: string; result: string }[] }>(
    baseUrl,
    'alice@acme.test',
    '/v1/verification?size=1',
  );
  const waiting = latest.content[0];
  assert.equal(waiting?.instituteId, 'QC_ID_VER_TRUST_ID');
  await page.goto(`${baseUrl}/verification/history/${encodeURIComponent(waiting.id)}`);
  const panel = page.getByRole('region', { name: 'Verify Identity' });
  const qr = panel.getByRole('img', { name: 'QR code to continue on your phone' });
  await qr.waitFor();
  assert.equal(await qr.getAttribute('width'), '200');
  await panel.getByText(/^\d+ seconds until checking$/).waitFor();
  await panel.getByRole('link', { name: 'Return to Wallet' }).waitFor();
  await t.axe('identity-view-qr');
  await t.shot('identity-view-qr');
  await panel.getByRole('link', { name: 'Start' }).click();
  const widget = page.getByRole('region', { name: 'Identity document capture' });
  await widget.getByRole('button', { name: 'Start' }).click();
  await widget
    .getByLabel('Photo of your identity document')
    .setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: PHOTO });
  await widget.getByRole('button', { name: 'Continue' }).click();
  await widget
    .getByLabel('Photo of your face')
    .setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: PHOTO });
  await widget.getByRole('button', { name: 'Finish' }).click();
  await panel.waitFor({ state: 'detached' });
  const record = await apiGet<{ result: string }>(
    baseUrl,
    'alice@acme.test',
    `/v1/verification/${encodeURIComponent(waiting.id)}`,
  );
  assert.ok(
    ['PENDING', 'VERIFIED'].includes(record.result),
    `moved on from the capture, got ${record.result}`,
  );
}
