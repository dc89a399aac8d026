import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { INSTITUTE_CLAIMS, renderPending } from '@/features/pending/test/renderPending';
import type { VerificationDetail } from '@/features/verifications/api/verifications';
import { detail, INSTITUTE, seriousViolations } from '@/features/verifications/test/fixtures';
import { json, mockFetch, type MockRequest } from '@/test/fetchMock';
import { signInAs } from '@/test/session';

const PENDING = detail({
  result: 'PENDING',
  resultLabel: 'Pending',
  stage: 'MANUAL_CHECK',
  approvedByName: null,
  approvedByTitle: null,
  approvedDate: null,
  fields: { firstname: 'Priya', middlename: null, surname: 'Patel', dob: '1993-03-08', qualification: 'MSc' },
  auditEvents: [
    {
      id: 'e1',
      type: 'VERIFICATION_USER_ACTION',
      event: 'Verification request submitted by alice@acme.test.',
      created: '2026-11-02T10:00:00.000Z',
    },
  ],
});

interface Answers {
  /** undefined: the usual answer. */
  pending?: () => Response | undefined;
  resolve?: (req: MockRequest) => Response;
}

function serve(calls: MockRequest[], answers: Answers = {}, v: VerificationDetail = PENDING) {
  return mockFetch((req) => {
    calls.push(req);
    if (req.path === `/v1/verification/pending/${v.id}` && req.method === 'GET')
      return answers.pending?.() ?? json(v);
    if (req.path === `/v1/verification/pending/${v.id}` && req.method === 'PUT')
      return answers.resolve?.(req) ?? json({ ...v, result: 'VERIFIED' });
    if (req.path === '/v1/verification/pending/key/KEY123' && req.method === 'GET')
      return answers.pending?.() ?? json({ ...v, auditEvents: undefined, username: null });
    if (req.path === '/v1/verification/pending/key/KEY123' && req.method === 'PUT')
      return (
        answers.resolve?.(req) ??
        json({ id: v.id, result: 'VERIFIED', message: 'Verification resolved, thank you.' })
      );
    if (req.path === '/v1/account')
      return json({
        firstname: 'Irene',
        lastname: 'Ingram',
        username: 'irene@uni-demo.test',
        title: 'Registrar',
      });
    if (req.path === '/v1/institute/uni-demo') return json(INSTITUTE);
    if (req.path === '/v1/approvalprocess') return json(['Phone call to the registry', 'Records system']);
    if (req.path === '/v1/verification/pending') return json({ content: [], totalSize: 0 });
    return undefined;
  });
}

const puts = (calls: MockRequest[]) => calls.filter((c) => c.method === 'PUT');

describe('Resolve Pending Verification (2.11)', () => {
  it('shows the request, the Resolution form with the account as defaults, and the audit timeline', async () => {
    signInAs(INSTITUTE_CLAIMS);
    serve([]);
    renderPending('/verification/pending/QC1001');
    expect(
      await screen.findByRole('heading', {
        name: 'Thank you for taking the time to respond to this request.',
      }),
    ).toBeInTheDocument();
    const request = screen.getByRole('region', { name: 'Verification Request' });
    expect(within(request).getByText('Priya')).toBeInTheDocument();
    expect(within(request).getByText('Pending')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Your name/)).toHaveValue('Irene Ingram');
    expect(screen.getByLabelText(/^Job title \/ department/)).toHaveValue('Registrar');
    expect(screen.getByLabelText('Comments or corrections')).toHaveValue('');
    expect(screen.queryByLabelText(/Resolved By Process/)).not.toBeInTheDocument();
    for (const name of ['Verified', 'Reject', 'Not Verified']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    const timeline = screen.getByRole('region', { name: 'Event History' });
    expect(
      within(timeline).getByText('Verification request submitted by alice@acme.test.'),
    ).toBeInTheDocument();
    expect(await seriousViolations(document.body)).toEqual([]);
  });

  it('resolves Verified with a comment: the PUT, the toast, back to the pending list', async () => {
    signInAs(INSTITUTE_CLAIMS);
    const calls: MockRequest[] = [];
    serve(calls);
    const { router } = renderPending('/verification/pending/QC1001');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Comments or corrections'), 'Awarded with merit.');
    await user.click(screen.getByRole('button', { name: 'Verified' }));
    expect(await screen.findByText('Verification resolved, thank you.')).toBeInTheDocument();
    expect(puts(calls)[0].body).toEqual({
      result: 'VERIFIED',
      notes: 'Awarded with merit.',
      approvedByName: 'Irene Ingram',
      approvedByTitle: 'Registrar',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/verification/pending'));
  });

  it('refuses a Reject without a comment in the API words, then sends it with one', async () => {
    signInAs(INSTITUTE_CLAIMS);
    const calls: MockRequest[] = [];
    serve(calls);
    renderPending('/verification/pending/QC1001');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('A comment is required for this resolution')).toBeInTheDocument();
    expect(screen.getByLabelText('Comments or corrections')).toHaveAttribute('aria-invalid', 'true');
    expect(puts(calls)).toHaveLength(0);
    expect(await seriousViolations(document.body)).toEqual([]);
    // Only Reject needs a comment, so the error does not block Verified or Not Verified.
    expect(screen.getByRole('button', { name: 'Verified' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Not Verified' })).toBeEnabled();

    await user.type(screen.getByLabelText('Comments or corrections'), 'The consent form is not signed.');
    await waitFor(() =>
      expect(screen.queryByText('A comment is required for this resolution')).not.toBeInTheDocument(),
    );
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0].body).toMatchObject({
      result: 'REJECTED',
      notes: 'The consent form is not signed.',
    });
  });

  it('sends Not Verified without a comment (2.11: "no corrections or comments can be made")', async () => {
    signInAs(INSTITUTE_CLAIMS);
    const calls: MockRequest[] = [];
    serve(calls);
    renderPending('/verification/pending/QC1001');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Not Verified' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0].body).toMatchObject({ result: 'NOT_VERIFIED', notes: null });
    expect(screen.queryByText('A comment is required for this resolution')).not.toBeInTheDocument();
  });

  it('attaches an output document (PDF only) and lists it on the request', async () => {
    signInAs(INSTITUTE_CLAIMS);
    const PDF = new TextEncoder().encode('%PDF-1.4 test');
    let outputDocs: VerificationDetail['outputDocs'] = [];
    const calls: MockRequest[] = [];
    mockFetch((req) => {
      calls.push(req);
      if (req.path === '/v1/verification/pending/QC1001' && req.method === 'GET')
        return json({ ...PENDING, outputDocs });
      if (req.path === '/v1/verification/pending/QC1001/document' && req.method === 'POST') {
        const body = req.body as { name: string; filename: string };
        const doc = {
          id: 'o1',
          name: body.name,
          type: 'OUTPUT',
          filename: body.filename,
          size: 13,
          requirementId: null,
          required: false,
          output: true,
          verificationId: 'QC1001',
        };
        outputDocs = [doc];
        return json(doc, { status: 201 });
      }
      if (req.path === '/v1/account')
        return json({
          firstname: 'Irene',
          lastname: 'Ingram',
          username: 'irene@uni-demo.test',
          title: 'Registrar',
        });
      if (req.path === '/v1/institute/uni-demo') return json(INSTITUTE);
      if (req.path === '/v1/verification/pending') return json({ content: [], totalSize: 0 });
      return undefined;
    });
    renderPending('/verification/pending/QC1001');
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Output Documents' });
    const posts = () => calls.filter((c) => c.method === 'POST');

    await user.click(within(section).getByRole('button', { name: 'Upload output document' }));
    let dialog = await screen.findByRole('dialog', { name: 'Add another document' });
    await user.type(within(dialog).getByLabelText('Document label'), 'Transcript');
    await user.upload(
      within(dialog).getByLabelText('Additional document file'),
      new File(['GIF89a'], 'fake.pdf', { type: 'application/pdf' }),
    );
    expect(
      await within(section).findByText('Could not read file, check supported file types.'),
    ).toBeInTheDocument();
    expect(posts()).toHaveLength(0);

    await user.click(within(section).getByRole('button', { name: 'Upload output document' }));
    dialog = await screen.findByRole('dialog', { name: 'Add another document' });
    await user.type(within(dialog).getByLabelText('Document label'), 'Transcript');
    await user.upload(
      within(dialog).getByLabelText('Additional document file'),
      new File([PDF], 'transcript.pdf', { type: 'application/pdf' }),
    );
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0].body).toMatchObject({
      name: 'Transcript',
      filename: 'transcript.pdf',
      data: expect.stringMatching(/^data:application\/pdf;base64,/),
    });
    const request = screen.getByRole('region', { name: 'Verification Request' });
    expect(await within(request).findByRole('button', { name: 'Download Transcript' })).toBeInTheDocument();
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('places the API refusal on its field', async () => {
    signInAs(INSTITUTE_CLAIMS);
    serve([], {
      resolve: () =>
        json(
          {
            errors: [{ message: 'The job title / department field is required.', field: 'approvedByTitle' }],
          },
          { status: 400 },
        ),
    });
    renderPending('/verification/pending/QC1001');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Verified' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^Job title \/ department/)).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(screen.getAllByText('The job title / department field is required.').length).toBeGreaterThan(0);
  });

  it("asks staff administrators, and only them, for the 'Resolved By Process'", async () => {
    signInAs({ ...INSTITUTE_CLAIMS, authorities: [{ authority: 'ROLE_QC_ADMIN' }] });
    const calls: MockRequest[] = [];
    serve(calls);
    renderPending('/verification/pending/QC1001');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Verified' }));
    expect(await screen.findByText('The Approved By Process field is required')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /Resolved By Process/ }));
    await user.click(await screen.findByRole('option', { name: 'Records system' }));
    await user.click(screen.getByRole('button', { name: 'Verified' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0].body).toMatchObject({ result: 'VERIFIED', abp: 'Records system' });
  });

  it("shows 'Already Resolved' on the API's 204", async () => {
    signInAs(INSTITUTE_CLAIMS);
    serve([], { pending: () => new Response(null, { status: 204 }) });
    renderPending('/verification/pending/QC1001');
    expect(await screen.findByRole('heading', { name: 'Already Resolved' })).toBeInTheDocument();
    expect(screen.getByText(/Please close this window\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verified' })).not.toBeInTheDocument();
  });

  it("shows 'Oops!' when the request cannot be loaded", async () => {
    signInAs(INSTITUTE_CLAIMS);
    serve([], { pending: () => json({ errors: [{ message: 'Verification not found.' }] }, { status: 404 }) });
    renderPending('/verification/pending/QC1001');
    expect(await screen.findByRole('heading', { name: 'Oops!' })).toBeInTheDocument();
    expect(
      screen.getByText(
        /Something went wrong loading this verification request\. Please try again or report this error\./,
      ),
    ).toBeInTheDocument();
  });
});

describe('Public resolve (/verify/{id})', () => {
  it('reads the request by its key without a login, shows no timeline, and says Done! after the answer', async () => {
    const calls: MockRequest[] = [];
    serve(calls);
    renderPending('/verify/KEY123');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Thank you for taking the time to respond to this request.',
      }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Event History' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Your name/)).toHaveValue('');
    expect(calls.some((c) => c.path === '/v1/account')).toBe(false);
    expect(await seriousViolations(document.body)).toEqual([]);

    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Your name/), 'Harriet Hughes');
    await user.type(screen.getByLabelText(/^Job title \/ department/), 'Records');
    await user.click(screen.getByRole('button', { name: 'Verified' }));
    expect(await screen.findByRole('heading', { name: 'Done!' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Thank you for taking the time to respond to this request... You may now close this window.',
      ),
    ).toBeInTheDocument();
    expect(puts(calls)[0].path).toBe('/v1/verification/pending/key/KEY123');
    expect(puts(calls)[0].body).toEqual({
      result: 'VERIFIED',
      notes: null,
      approvedByName: 'Harriet Hughes',
      approvedByTitle: 'Records',
    });
    expect(await seriousViolations(document.body)).toEqual([]);
  });

  it("shows a used link's 204 as 'Already Resolved'", async () => {
    serve([], { pending: () => new Response(null, { status: 204 }) });
    renderPending('/verify/KEY123');
    expect(await screen.findByRole('heading', { level: 1, name: 'Already Resolved' })).toBeInTheDocument();
  });

  it("shows a wrong key as 'Oops!' with the API's words", async () => {
    mockFetch((req) =>
      req.path.startsWith('/v1/verification/pending/key/')
        ? json({ errors: [{ message: 'Verification not found.' }] }, { status: 404 })
        : undefined,
    );
    renderPending('/verify/WRONG');
    expect(await screen.findByRole('heading', { name: 'Oops!' })).toBeInTheDocument();
    expect(screen.getByText('Verification not found.')).toBeInTheDocument();
    // A link that leads nowhere is not a fault to report.
    expect(vi.mocked(fetch).mock.calls.some(([url]) => String(url).includes('/debug/errors'))).toBe(false);
    // Trying again cannot find a request that does not exist.
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(await seriousViolations(document.body)).toEqual([]);
  });

  it("offers 'Try again' after a failure that may pass, and shows the request once it loads", async () => {
    let failures = 1;
    const calls: MockRequest[] = [];
    serve(calls, {
      pending: () =>
        failures-- > 0 ? json({ errors: [{ message: 'Service unavailable.' }] }, { status: 503 }) : undefined,
    });
    renderPending('/verify/KEY123');
    expect(await screen.findByRole('heading', { name: 'Oops!' }, { timeout: 10_000 })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Thank you for taking the time to respond to this request.',
      }),
    ).toBeInTheDocument();
    // Verifications 8: the load failure is reported (the /verify page is never recorded: no replay with it).
    const reports = calls.filter((c) => c.path === '/v1/debug/errors');
    expect(reports).toHaveLength(1);
    expect(reports[0].body).toMatchObject({ source: 'caught', message: 'Service unavailable.' });
    expect(reports[0].body).not.toHaveProperty('recordingId');
  });
});
