import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { InstituteBody } from '@/features/ordering/api/ordering';
import { MONEY_QUOTE, renderWizard, serveWizard, seriousViolations } from '@/features/ordering/test/fixtures';
import { json } from '@/test/fetchMock';
import { signInAs } from '@/test/session';

const MAINTENANCE = 'Identity Document checking is down for maintenance from 00:00 June 7th UTC until 11:00 June 7th UTC.';

const TRUST_ID: InstituteBody = {
  id: 'QC_ID_VER_TRUST_ID',
  name: 'Identity Document',
  names: [{ name: 'Identity Document' }],
  region: null,
  type: 'IDENTITY',
  parentId: null,
  minYear: null,
  product: { price: 10 },
  surcharge: null,
  totalPrice: 10,
  credits: null,
  accreditation: null,
  accreditationSupported: false,
  fields: [],
  documentRequirements: [],
  notices: [],
  allowsPending: false,
  readOnly: false,
  allowsCurrentStudent: false,
  maxAdditionalDocs: 0,
  children: 0,
};

const photo = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });

/** An invoice payer who may order identity checks only: the wizard opens on the identity entry. */
async function orderIdentity(init: () => Response) {
  signInAs({ paymentType: 'INVOICE', allowedTypes: '["idc"]' });
  const served = serveWizard((req) => {
    if (req.path === '/v1/institute/QC_ID_VER_TRUST_ID') return json(TRUST_ID);
    if (req.path === '/v1/verification' && req.method === 'POST') {
      return json([{ id: 'QC-ID-1', result: 'NOT_FOUND', invoiceId: null }], { status: 201 });
    }
    if (req.path === '/v1/id/init') return init();
    const step = /^\/v1\/id\/sandbox\/([^/]+)\/(document|face)$/.exec(req.path);
    if (step && req.method === 'POST') return json({ applicantID: step[1], step: step[2], complete: step[2] === 'face' });
    if (req.path === '/v1/verification/QC-ID-1' && req.method === 'PUT') return json({ id: 'QC-ID-1', result: 'PENDING' });
    return undefined;
  }, { ...MONEY_QUOTE, lines: [{ ...MONEY_QUOTE.lines[0], instituteName: 'Identity Document' }] });
  const user = userEvent.setup();
  const rendered = renderWizard('/verification/new');
  await user.type(await screen.findByLabelText(/^First name/, undefined, { timeout: 5000 }), 'Ida');
  await user.type(screen.getByLabelText(/^Last name/), 'Dent');
  await user.type(screen.getByLabelText(/^Date of birth/), '01061980');
  // An identity check asks for no document and takes none: no empty Documents card.
  expect(screen.queryByRole('region', { name: 'Documents' })).not.toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled(), { timeout: 5000 });
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('region', { name: 'Your Order' }, { timeout: 5000 });
  await user.click(screen.getByRole('switch', { name: 'Terms & Consent' }));
  // Submit stays disabled (MUI: pointer-events none) until the order's quote has loaded: clicking it earlier, as a
  // busy machine allows, is refused by user-event instead of submitting.
  await waitFor(() => expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled(), { timeout: 15_000 });
  // Enabled is not always clickable yet: once in a CI check the button (or a box around it) still had
  // pointer-events none a moment after it was enabled. user-event refuses such a click before dispatching anything,
  // so it is tried again until it goes through, and it goes through once.
  // And twice in CI checks of 2026-12-07/08 the click went through while the order's quote was being fetched again
  // (two quote calls, Submit enabled) and nothing was sent: as a person would, click again while no submission has
  // gone out (none can go twice: each try first checks that no POST was made).
  const submitted = () => served.calls.some((c) => c.method === 'POST' && c.path === '/v1/verification');
  for (let attempt = 0; attempt < 3 && !submitted(); attempt++) {
    await waitFor(() => user.click(screen.getByRole('button', { name: 'Submit' })), { timeout: 15_000 });
    await waitFor(() => expect(submitted()).toBe(true), { timeout: 8_000 }).catch(() => undefined);
  }
  // The submission's round trips and the identity step's own code: over 5 s once under CI's three test lanes. Once
  // (a CI check of 2026-12-07) the wizard stayed on the review for 20 s, the first test of this file having passed
  // in 2 s: should that come again, the failure says what the wizard had asked for and how Submit stood.
  await screen.findByRole('region', { name: 'Identity document capture' }, { timeout: 30_000 }).catch((e: unknown) => {
    const submit = screen.queryByRole('button', { name: 'Submit' });
    const asked = served.calls.map((c) => `${c.method} ${c.path}`).join(', ');
    throw new Error(
      `no identity step: Submit ${submit ? (submit.hasAttribute('disabled') ? 'disabled' : 'enabled') : 'gone'}; calls: ${asked}`,
      { cause: e },
    );
  });
  return { ...served, ...rendered, user };
}

describe("The wizard's identity step (verifications 2.8)", () => {
  it('runs the sandbox widget, document then face, and tells the API the applicant id; the verification moves on', async () => {
    const { calls, router, container, user } = await orderIdentity(() => json({ jwt: 'sandbox.x.y', applicantID: 'sandbox-42' }));
    const steps = screen.getByRole('list', { name: 'New verification steps' });
    expect(within(steps).getAllByRole('listitem').at(-1)?.textContent).toContain('Verify Identity');
    expect(await seriousViolations(container)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Start' }));
    const document = await screen.findByLabelText('Photo of your identity document');
    expect(calls.find((c) => c.path === '/v1/id/init')?.body).toEqual({ firstname: 'Ida', lastname: 'Dent', dob: '01/06/1980' });
    const capture = screen.getByRole('list', { name: 'Identity capture steps' });
    expect(within(capture).getAllByRole('listitem').map((li) => li.textContent)).toEqual([expect.stringContaining('Document'), expect.stringContaining('Face')]);
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    // The photo is taken or chosen through the step's button; the file chosen is named under it.
    expect(screen.getByRole('button', { name: 'Take or choose a photo' })).toBeInTheDocument();
    await user.upload(document, photo('passport.jpg'));
    expect(screen.getByText('passport.jpg')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose another photo' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.upload(await screen.findByLabelText('Photo of your face'), photo('selfie.jpg'));
    expect(calls.filter((c) => c.path.startsWith('/v1/id/sandbox/')).map((c) => c.path)).toEqual(['/v1/id/sandbox/sandbox-42/document']);
    expect(calls.some((c) => c.path === '/v1/verification/QC-ID-1')).toBe(false);
    expect(await seriousViolations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Finish' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/verification/history/QC-ID-1'));
    const told = calls.find((c) => c.path === '/v1/verification/QC-ID-1' && c.method === 'PUT');
    expect(told?.body).toEqual({ supplierId: 'sandbox-42' });
    expect(calls.filter((c) => c.path.startsWith('/v1/id/sandbox/')).map((c) => c.path)).toEqual(['/v1/id/sandbox/sandbox-42/document', '/v1/id/sandbox/sandbox-42/face']);
    expect(Object.fromEntries(told?.query ?? [])).toEqual({ resub: 'true', push: 'true' });
  }, 60_000);

  it("shows the spec's maintenance words when the provider is down", async () => {
    const { calls, user } = await orderIdentity(() =>
      json({ errors: [{ code: 'QC-IDENTITY-MAINTENANCE', message: MAINTENANCE }] }, { status: 422 }),
    );
    await user.click(screen.getByRole('button', { name: 'Start' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MAINTENANCE);
    expect(screen.queryByLabelText('Photo of your identity document')).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/v1/verification/QC-ID-1')).toBe(false);
  }, 60_000);
});
