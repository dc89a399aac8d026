import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VerificationDetail } from '@/features/verifications/api/verifications';
import { detail, renderAt, seriousViolations } from '@/features/verifications/test/fixtures';
import { json, mockFetch, type MockRequest } from '@/test/fetchMock';
import { signInAs } from '@/test/session';

const captureUrl = () => `${window.location.origin}/verification/history/QC2002?identity=sandbox`;

function waiting(over: Partial<VerificationDetail> = {}): VerificationDetail {
  return detail({
    id: 'QC2002',
    instituteId: 'QC_ID_VER_TRUST_ID',
    instituteName: 'Identity Document',
    institute: null,
    type: 'IDENTITY',
    stage: 'IDENTITY_CAPTURE',
    result: 'NOT_FOUND',
    resultLabel: 'Action Required',
    permissions: 1023,
    supplierUrl: captureUrl(),
    thirdPartyActionUrl: captureUrl(),
    ...over,
  });
}

/** The identity verification, as the API holds it now; PUT with a supplierId moves it on to PENDING. */
function serve(extra: (req: MockRequest) => Response | undefined = () => undefined) {
  let current = waiting();
  const calls: MockRequest[] = [];
  mockFetch((req) => {
    calls.push(req);
    const answer = extra(req);
    if (answer) return answer;
    if (req.path === '/v1/verification/QC2002' && req.method === 'GET') return json(current);
    if (req.path === '/v1/verification/QC2002' && req.method === 'PUT') {
      current = { ...current, result: 'PENDING', resultLabel: 'Pending', stage: 'IDENTITY_CHECK', permissions: 0 };
      return json(current);
    }
    if (req.path === '/v1/id/init') return json({ jwt: 'sandbox.a.b', applicantID: 'sandbox-7' });
    const step = /^\/v1\/id\/sandbox\/([^/]+)\/(document|face)$/.exec(req.path);
    if (step && req.method === 'POST') return json({ applicantID: step[1], step: step[2], complete: step[2] === 'face' });
    if (req.path === '/v1/verification') return json({ content: [], totalSize: 0 });
    return undefined;
  });
  return calls;
}

const photo = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });

afterEach(() => vi.useRealTimers());

describe('Identity document capture on the verification view (2.8)', () => {
  it('shows the QR code (200), Start to the capture url, the countdown and Return to Wallet, at Verify Identity', async () => {
    signInAs();
    serve();
    // The countdown's clock is faked, so that a slow machine cannot tick it past 120 before it is read.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { container } = renderAt('/verification/history/QC2002');
    const panel = await screen.findByRole('region', { name: 'Verify Identity' });
    const qr = await within(panel).findByRole('img', { name: 'QR code to continue on your phone' });
    expect(qr).toHaveAttribute('width', '200');
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(within(panel).getByRole('link', { name: 'Start' })).toHaveAttribute('href', '/verification/history/QC2002?identity=sandbox');
    expect(within(panel).getByText('120 seconds until checking')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Return to Wallet' })).toHaveAttribute('href', '/wallet');
    const steps = screen.getByRole('list', { name: 'Verification steps' });
    expect(within(steps).getByText('Verify Identity').closest('li')).toHaveAttribute('aria-current', 'step');
    expect(screen.queryByRole('button', { name: /Re-submit/ })).not.toBeInTheDocument();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('reads the verification again after 120 s, then every 30 s', async () => {
    signInAs();
    const calls = serve();
    // The countdown's clock is faked; the fetches' timeouts stay real.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    renderAt('/verification/history/QC2002');
    await screen.findByText('120 seconds until checking');
    const reads = () => calls.filter((c) => c.path === '/v1/verification/QC2002' && c.method === 'GET').length;
    const before = reads();
    expect(before).toBeGreaterThan(0);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(121_000);
    });
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
    expect(await screen.findByText(/^(30|29) seconds until checking$/)).toBeInTheDocument();
    const second = reads();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(29_000);
    });
    expect(reads()).toBe(second);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_000);
    });
    await waitFor(() => expect(reads()).toBeGreaterThan(second));
  });

  it('runs the sandbox widget at the capture url; both steps done, the verification moves on', async () => {
    signInAs();
    const calls = serve();
    const user = userEvent.setup();
    const { router, container } = renderAt('/verification/history/QC2002?identity=sandbox');
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    expect(calls.find((c) => c.path === '/v1/id/init')?.body).toEqual({ firstname: 'Jane', lastname: 'Doe', dob: '12/04/1995' });
    await user.upload(await screen.findByLabelText('Photo of your identity document'), photo('passport.jpg'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.upload(await screen.findByLabelText('Photo of your face'), photo('selfie.jpg'));
    expect(await seriousViolations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Verify Identity' })).not.toBeInTheDocument());
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({ supplierId: 'sandbox-7' });
    expect(calls.filter((c) => c.path.startsWith('/v1/id/sandbox/')).map((c) => c.path)).toEqual(['/v1/id/sandbox/sandbox-7/document', '/v1/id/sandbox/sandbox-7/face']);
    expect(router.state.location.search).toBe('');
  });

  it("stays on the document step with the server's words when the provider refuses it", async () => {
    signInAs();
    serve((req) => (req.path === '/v1/id/sandbox/sandbox-7/document' ? json({ errors: [{ message: 'Capture the document first.' }] }, { status: 422 }) : undefined));
    const user = userEvent.setup();
    renderAt('/verification/history/QC2002?identity=sandbox');
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    await user.upload(await screen.findByLabelText('Photo of your identity document'), photo('passport.jpg'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Capture the document first.');
    expect(screen.queryByLabelText('Photo of your face')).not.toBeInTheDocument();
  });

  it("shows the server's words when the provider cannot start", async () => {
    signInAs();
    const message = 'Identity Document checking is down for maintenance from 00:00 June 7th UTC until 11:00 June 7th UTC.';
    serve((req) => (req.path === '/v1/id/init' ? json({ errors: [{ code: 'QC-IDENTITY-MAINTENANCE', message }] }, { status: 422 }) : undefined));
    const user = userEvent.setup();
    renderAt('/verification/history/QC2002?identity=sandbox');
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});
