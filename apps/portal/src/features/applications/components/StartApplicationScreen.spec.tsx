import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApplicationView } from '@/features/applications/api/applications';
import { ApplicationHistoryScreen } from '@/features/applications/components/ApplicationHistoryScreen';
import { OpenApplicationsScreen } from '@/features/applications/components/OpenApplicationsScreen';
import { StartApplicationScreen } from '@/features/applications/components/StartApplicationScreen';
import { PDF_BYTES, serveWizard, seriousViolations } from '@/features/ordering/test/fixtures';
import { json, type MockRequest } from '@/test/fetchMock';
import { renderRoutes, Where } from '@/test/renderRoutes';
import { signInAs } from '@/test/session';
import { sessionStore } from '@/shared/session/sessionStore';

const ANNA = { sub: 'anna@mail.test', isIndividual: true, isApplicant: true, applicantPays: true, paymentType: 'CARD', allowedTypes: '["edu","pli","pce","hsc"]' };

function application(over: Partial<ApplicationView> = {}): ApplicationView {
  return {
    id: 'app-1',
    created: '2026-11-20T10:00:00Z',
    submitted: null,
    completed: null,
    archived: null,
    status: 'OPEN',
    owner: { id: 'acme', name: 'Acme Recruitment Ltd', template: 0 },
    applicant: { name: 'Anna Applicant' },
    verificationCount: 0,
    verifications: [],
    applicantPays: true,
    lockedInstitutes: [],
    allowedTypes: '[{"key":"edu","min":1,"max":3},{"key":"pli","min":0,"max":2}]',
    logo: null,
    description: 'Please verify your highest qualification and upload your CV.',
    fields: [
      { key: 'candidateNumber', name: 'Candidate number', description: 'The number on your Acme application form.', mask: null, type: 'TEXT', refData: null, values: null, required: true, value: null },
      { key: 'role', name: 'Role applied for', description: null, mask: null, type: 'SELECT', refData: null, values: ['Graduate analyst', 'Software engineer'], required: false, value: null },
    ],
    documents: [],
    documentRequirements: [
      { id: 'cv', name: 'Curriculum vitae', required: true },
      { id: 'cover-letter', name: 'Cover letter', required: false },
    ],
    ...over,
  };
}

/** The application API on top of the wizard's: the application as stored, its document uploads and field saves. */
function serveApplication(start: ApplicationView) {
  let stored = start;
  const served = serveWizard((req: MockRequest) => {
    if (req.path === '/v1/application' && req.method === 'GET') return json({ content: [stored], totalSize: 1 });
    if (req.path === '/v1/application/app-1' && req.method === 'GET') return json(stored);
    if (req.path === '/v1/application/app-1/document' && req.method === 'POST') {
      const body = req.body as { name: string; requirementId?: string; filename: string };
      const doc = { id: `doc-${stored.documents.length + 1}`, name: body.name, filename: body.filename, size: 100, requirementId: body.requirementId ?? null, required: body.requirementId === 'cv', applicationId: 'app-1' };
      stored = { ...stored, documents: [...stored.documents, doc] };
      return json(doc, { status: 201 });
    }
    if (req.path === '/v1/application/app-1' && req.method === 'PUT') {
      const body = req.body as { fields: { key: string; value: string | null }[] };
      stored = { ...stored, fields: stored.fields.map((f) => ({ ...f, value: body.fields.find((b) => b.key === f.key)?.value ?? null })) };
      return json(stored);
    }
    return undefined;
  });
  return served;
}

function renderApplication(url: string) {
  return renderRoutes(
    [
      { path: '/application/:id/start', element: <StartApplicationScreen /> },
      { path: '/applications/open', element: <OpenApplicationsScreen /> },
      { path: '/application/history/:id', element: <ApplicationHistoryScreen /> },
      { path: '/verification/history', element: <Where /> },
      { path: '/verification/history/:id', element: <Where /> },
      { path: '/home', element: <Where /> },
    ],
    url,
  );
}

afterEach(() => sessionStore.setApplicationInProgress(null));

describe('Start application (verifications 2.13): the wizard seeded with the application', () => {
  it('opens on Application Details, asks for the required field and document, uploads through the documents route, and marks the application in progress', async () => {
    signInAs(ANNA);
    const { calls } = serveApplication(application());
    const user = userEvent.setup();
    const { container } = renderApplication('/application/app-1/start');
    expect(screen.getByRole('status')).toHaveTextContent('Qualification Verification for your application to the organisation.');
    expect(await screen.findByRole('heading', { name: 'Qualification Verification for your application to Acme Recruitment Ltd.' })).toBeInTheDocument();
    expect(sessionStore.getState().applicationInProgress).toBe('app-1');
    expect(screen.getByText('Please verify your highest qualification and upload your CV.')).toBeInTheDocument();
    expect(screen.getByLabelText('Organisation')).toHaveValue('Acme Recruitment Ltd');
    expect(screen.getByText('This is the organisation your application will be submitted to.')).toBeInTheDocument();
    const steps = screen.getByRole('list', { name: 'New verification steps' });
    expect(within(steps).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('Application Details'),
      expect.stringContaining('Start'),
      expect.stringContaining('Verification Details'),
      expect.stringContaining('Review & Consent'),
      expect.stringContaining('Payment Details'),
    ]);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('The Candidate number field is required.')).toBeInTheDocument();
    expect(screen.getByText('This document is required')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    expect(await seriousViolations(container)).toEqual([]);

    await user.type(screen.getByLabelText(/^Candidate number/), 'CAND-0001');
    await user.upload(screen.getByLabelText('Curriculum vitae file'), new File([PDF_BYTES], 'cv.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('button', { name: 'View Curriculum vitae' })).toBeInTheDocument();
    const upload = calls.find((c) => c.path === '/v1/application/app-1/document');
    expect(upload?.body).toMatchObject({ name: 'Curriculum vitae', requirementId: 'cv', filename: 'cv.pdf', data: expect.stringMatching(/^data:application\/pdf;base64,/) });
    expect(upload?.headers.get('X-QC-APPL-ID')).toBe('app-1');

    // 'Add another document' with its label (no spaces), uploaded the same way.
    await user.click(screen.getByRole('button', { name: 'Add another document' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add another document' });
    await user.type(within(dialog).getByLabelText('Document label'), 'Refe rences');
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await user.upload(within(dialog).getByLabelText('Additional document file'), new File([PDF_BYTES], 'refs.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('button', { name: 'View References' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    // The start screen follows, with the application's types and bounds and no Reference.
    expect(await screen.findByLabelText('Number of Higher Education checks')).toHaveValue(1);
    expect(screen.getByLabelText('Number of Professional License checks')).toHaveAttribute('max', '2');
    expect(screen.queryByLabelText('Number of High School checks')).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Your Reference/)).not.toBeInTheDocument();
    const put = calls.find((c) => c.path === '/v1/application/app-1' && c.method === 'PUT');
    expect(put?.body).toEqual({ fields: [{ key: 'candidateNumber', value: 'CAND-0001' }, { key: 'role', value: null }] });
  }, 180_000);

  it('pre-creates the locked institutes (no add or delete), hides prices when the owner pays, confirms, submits into the application and says Application Submitted', async () => {
    signInAs(ANNA);
    const { calls } = serveApplication(
      application({
        applicantPays: false,
        lockedInstitutes: ['uni-demo'],
        owner: { id: 'acme', name: 'Acme Recruitment Ltd', template: 17 },
        documents: [{ id: 'doc-1', name: 'Curriculum vitae', filename: 'cv.pdf', size: 10, requirementId: 'cv', required: true, applicationId: 'app-1' }],
        fields: [],
      }),
    );
    const user = userEvent.setup();
    const { container, router } = renderApplication('/application/app-1/start');
    await screen.findByRole('heading', { name: 'Qualification Verification for your application to Acme Recruitment Ltd.' });
    const steps = screen.getByRole('list', { name: 'New verification steps' });
    expect(within(steps).queryByText('Payment Details')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await screen.findByRole('region', { name: 'Institute Details' }, { timeout: 10_000 });
    expect(screen.getByText(/Please be sure to add ALL verifications you would like included in your application/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete verification' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add another Higher Education Verification/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Price breakdown' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Your Reference/)).not.toBeInTheDocument();
    // The institute is read as the application prices it (GET /institute/{id}?applicationId=), never at catalogue price.
    const reads = calls.filter((c) => c.path === '/v1/institute/uni-demo');
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.every((c) => c.query.get('applicationId') === 'app-1')).toBe(true);
    await user.type(screen.getByLabelText(/^First name/), 'Anna');
    await user.type(screen.getByLabelText(/^Last name/), 'Applicant');
    await user.type(screen.getByLabelText(/^Date of birth/), '03031996');
    await user.type(screen.getByLabelText(/^Year of Graduation/), '2018');
    await user.type(screen.getByLabelText(/^Course \/ Subject/), 'Economics');
    await user.upload(screen.getByLabelText('Institute Consent Form file'), new File([PDF_BYTES], 'consent.pdf', { type: 'application/pdf' }));
    await screen.findByRole('button', { name: 'View Institute Consent Form' }, { timeout: 10_000 });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await user.click(await screen.findByRole('switch', { name: 'Terms & Consent' }));
    expect(screen.queryByRole('region', { name: 'Your Order' })).not.toBeInTheDocument();
    // The review (money 2.9) neither adds nor removes a locked institute's verification; a row may still be edited.
    const summary = screen.getByRole('region', { name: 'Verification Summary' });
    expect(within(summary).queryByRole('button', { name: 'Add another verification' })).not.toBeInTheDocument();
    expect(within(summary).queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
    expect(within(summary).getByRole('button', { name: /^Edit Anna Applicant's Higher Education verification/ })).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/v1/verification/quote')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const confirm = await screen.findByRole('dialog', { name: 'Submit application' });
    expect(within(confirm).getByText('Have you added all the credential verifications required for your application to Acme Recruitment Ltd?')).toBeInTheDocument();
    const yes = within(confirm).getByRole('button', { name: 'Yes' });
    expect(yes).toBeDisabled();
    await user.click(within(confirm).getByRole('checkbox', { name: 'I confirm that all transcripts from all years are included.' }));
    expect(await seriousViolations(container)).toEqual([]);
    await user.click(yes);

    await waitFor(() => expect(router.state.location.pathname).toBe('/verification/history/QC-NEW-1'));
    expect(await screen.findByText('Your application to Acme Recruitment Ltd has been submitted. You will be contacted again after it is reviewed.')).toBeInTheDocument();
    const posted = calls.find((c) => c.path === '/v1/verification' && c.method === 'POST');
    expect(posted?.body).toMatchObject({ verifications: [{ instituteId: 'uni-demo', applicationId: 'app-1', customerReference: null, consent: true }] });
    expect(posted?.body).not.toHaveProperty('creditPurchase');
    expect(posted?.headers.get('X-QC-APPL-ID')).toBe('app-1');
    // Leaving the start page clears the in-progress mark.
    expect(sessionStore.getState().applicationInProgress).toBeNull();
  }, 180_000);
});

describe('Open applications and the application as the individual sees it (verifications 2.13)', () => {
  it('goes straight to the start page of the one open application; lists several with Start', async () => {
    signInAs(ANNA);
    serveApplication(application());
    const one = renderApplication('/applications/open');
    await waitFor(() => expect(one.router.state.location.pathname).toBe('/application/app-1/start'));
    one.unmount();

    serveWizard((req) =>
      req.path === '/v1/application'
        ? json({ content: [application(), application({ id: 'app-2', owner: { id: 'globex', name: 'Globex Corp', template: 0 } })], totalSize: 2 })
        : undefined,
    );
    const { container } = renderApplication('/applications/open');
    expect(await screen.findByRole('heading', { name: 'You have open applications awaiting submission.' })).toBeInTheDocument();
    expect(screen.getByText(/You can include existing verifications from your wallet in your application, or submit new ones./)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Application to Globex Corp' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Application to Globex Corp' })).toHaveAttribute('href', '/application/app-2/start');
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('shows a submitted application read only, its verifications in the application words and its documents', async () => {
    signInAs(ANNA);
    const verification = {
      id: 'QC-1', recorded: '2026-11-21T10:00:00Z', result: 'NOT_FOUND', currentResult: 'NOT_FOUND', resultLabel: 'Action Required', thirdPartyActionUrl: null,
      fields: { firstname: 'Anna', middlename: null, surname: 'Applicant', dob: '1996-03-03', employerName: null }, instituteName: 'University of Demo', instituteNames: ['University of Demo'],
    };
    serveApplication(
      application({
        status: 'APPLICANT_ACTION',
        submitted: '2026-11-21T10:00:00Z',
        verifications: [verification as unknown as ApplicationView['verifications'][number]],
        documents: [{ id: 'doc-1', name: 'Curriculum vitae', filename: 'cv.pdf', size: 10, requirementId: 'cv', required: true, applicationId: 'app-1' }],
        fields: [{ key: 'candidateNumber', name: 'Candidate number', description: null, mask: null, type: 'TEXT', refData: null, values: null, required: true, value: 'CAND-0001' }],
      }),
    );
    const { container } = renderApplication('/application/history/app-1');
    expect(await screen.findByRole('heading', { name: 'Application to Acme Recruitment Ltd' })).toBeInTheDocument();
    expect(screen.getByText('Applicant Action Required')).toBeInTheDocument();
    expect(screen.getByLabelText('Candidate number')).toHaveValue('CAND-0001');
    expect(screen.getByRole('link', { name: 'Anna Applicant - University of Demo' })).toHaveAttribute('href', '/verification/history/QC-1');
    expect(screen.getByText('Action Required')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View Curriculum vitae' })).toBeInTheDocument();
    expect(screen.getByText('Your application to Acme Recruitment Ltd has been submitted. You will be contacted again after it is reviewed.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Candidate number')).toHaveAttribute('readonly');
    expect(await seriousViolations(container)).toEqual([]);
  });

  it("edits an open application's details and documents outside the flow: Save says 'Application details saved.'", async () => {
    signInAs(ANNA);
    const { calls } = serveApplication(application());
    const user = userEvent.setup();
    const { container } = renderApplication('/application/history/app-1');
    expect(await screen.findByRole('heading', { name: 'Application to Acme Recruitment Ltd' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Start Application' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Select Verifications' })).toBeInTheDocument();
    expect(await seriousViolations(container)).toEqual([]);

    // A required field left blank is refused on the page, and nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The Candidate number field is required.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.type(screen.getByLabelText(/^Candidate number/), 'CAND-0002');
    await user.upload(screen.getByLabelText('Curriculum vitae file'), new File([PDF_BYTES], 'cv.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('button', { name: 'View Curriculum vitae' })).toBeInTheDocument();
    // Saved without the optional cover letter: a document is not needed to save the details.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Application details saved.')).toBeInTheDocument();
    const put = calls.find((c) => c.path === '/v1/application/app-1' && c.method === 'PUT');
    expect(put?.body).toEqual({ fields: [{ key: 'candidateNumber', value: 'CAND-0002' }, { key: 'role', value: null }] });
    expect(screen.getByLabelText(/^Candidate number/)).toHaveValue('CAND-0002');
  });
});
