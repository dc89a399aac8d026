import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApplicantApplication } from '@/features/applicants/api/applicants';
import { ApplicantsScreen } from '@/features/applicants/components/ApplicantsScreen';
import { ViewApplicantScreen } from '@/features/applicants/components/ViewApplicantScreen';
import { json, mockFetch, type MockRequest } from '@/test/fetchMock';
import { renderRoutes, Where } from '@/test/renderRoutes';
import { ADMIN, signInAs } from '@/test/session';

const ALICE = { sub: 'alice@acme.test', authorities: ADMIN, hasApplicants: true, inviteApplicants: true, appRefLabel: 'Candidate number' };

function application(over: Partial<ApplicantApplication>): ApplicantApplication {
  return {
    id: 'app-1',
    created: '2026-11-20T10:00:00Z',
    submitted: '2026-11-21T10:00:00Z',
    completed: null,
    archived: null,
    status: 'PENDING',
    owner: { id: 'acme', name: 'Acme Recruitment Ltd', template: 0 },
    applicant: { name: 'Anna Applicant' },
    customerReference: 'CAND-0001',
    verificationCount: 1,
    verifications: [],
    applicantPays: true,
    lockedInstitutes: [],
    allowedTypes: null,
    logo: null,
    description: null,
    fields: [{ key: 'role', name: 'Role applied for', description: null, mask: null, type: 'SELECT', refData: null, values: ['Graduate analyst'], required: false, value: 'Graduate analyst' }],
    documents: [],
    documentRequirements: [],
    insight: [],
    insightTag: false,
    ...over,
  };
}

const anna = application({});
const jane = application({ id: 'app-2', applicant: { name: 'Jane Doe' }, status: 'COMPLETED', completed: '2026-11-22T10:00:00Z', insightTag: true, customerReference: 'CAND-0002' });

function serve() {
  const calls: MockRequest[] = [];
  mockFetch((req) => {
    calls.push(req);
    if (req.path === '/v1/application' && req.method === 'GET') return json({ content: [anna, jane], totalSize: 2 });
    if (req.path === '/v1/application/filters') return json([{ key: 'role', name: 'Role applied for', type: 'SELECT', refData: null, values: ['Graduate analyst', 'Software engineer'] }]);
    if (req.path === '/v1/application/app-1' && req.method === 'GET') return json(anna);
    if (req.path.startsWith('/v1/application/') && req.method === 'PUT') return json({ ...anna, status: 'ARCHIVED' });
    if (req.path === '/v1/register/applicant') return new Response(null, { status: 204 });
    return undefined;
  });
  return calls;
}

const routes = [
  { path: '/applicant/history', element: <><ApplicantsScreen /><Where /></> },
  { path: '/applicant/history/:id', element: <ViewApplicantScreen /> },
  { path: '/application/history/:id', element: <Where /> },
];

const JANE = { sub: 'jane@mail.test', isIndividual: true, isApplicant: true, hasApplicants: true, inviteApplicants: true, appRefLabel: 'Candidate number' };

describe('Applicants (verifications 2.13)', () => {
  it('lists applications with the default statuses, bold completed rows and the Insights tag', async () => {
    signInAs(ALICE);
    const calls = serve();
    renderRoutes(routes, '/applicant/history');
    const table = await screen.findByRole('table', { name: 'Applicant history' });
    await within(table).findByText('Anna Applicant');
    expect(calls.find((c) => c.path === '/v1/application')?.query.get('status')).toBe('PENDING,COMPLETED');
    const janeRow = within(table).getByText('Jane Doe').closest('tr');
    expect(janeRow).not.toBeNull();
    expect(within(janeRow as HTMLElement).getByText('Insights')).toBeInTheDocument();
    expect(getComputedStyle(within(janeRow as HTMLElement).getByText('Jane Doe')).fontWeight).toBe('700');
    expect(within(table).getByRole('columnheader', { name: 'Candidate number' })).toBeInTheDocument();
  });

  it('archives a group after the confirmation, in the spec words', async () => {
    signInAs(ALICE);
    const calls = serve();
    renderRoutes(routes, '/applicant/history');
    const user = userEvent.setup();
    await screen.findByText('Anna Applicant');
    await user.click(screen.getByRole('button', { name: 'Group Archive' }));
    expect(screen.getByRole('button', { name: 'Archive Selected (0)' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select the application of Anna Applicant' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select the application of Jane Doe' }));
    await user.click(screen.getByRole('button', { name: 'Archive Selected (2)' }));
    const dialog = screen.getByRole('dialog', { name: 'Archive Applicants History?' });
    expect(within(dialog).getByText('Are you sure you want to archive these 2 applications?')).toBeInTheDocument();
    expect(within(dialog).getByText('This will also notify the applicants you have reviewed their application.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Archive All' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])).toEqual([
      ['/v1/application/app-1', { status: 'ARCHIVED' }],
      ['/v1/application/app-2', { status: 'ARCHIVED' }],
    ]));
  });

  it("invites an applicant: 'Applicant invitation sent.'", async () => {
    signInAs(ALICE);
    const calls = serve();
    renderRoutes(routes, '/applicant/history');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Email is required.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Email/), 'nico@mail.test');
    await user.type(screen.getByLabelText(/^First name/), 'Nico');
    await user.type(screen.getByLabelText(/^Last name/), 'Newman');
    await user.type(screen.getByLabelText('Candidate number'), 'CAND-9');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Applicant invitation sent.')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/v1/register/applicant')?.body).toEqual({ email: 'nico@mail.test', firstname: 'Nico', lastname: 'Newman', ref: 'CAND-9' });
  }, 90_000);

  it('a quick search with the filters closed looks in ARCHIVED too, until it is cleared', async () => {
    signInAs(ALICE);
    const calls = serve();
    renderRoutes(routes, '/applicant/history');
    const user = userEvent.setup();
    await screen.findByText('Anna Applicant');
    await user.type(screen.getByRole('textbox', { name: 'Quick search' }), 'anna{Enter}');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('query=anna&status=PENDING%2CCOMPLETED%2CARCHIVED'));
    await user.clear(screen.getByRole('textbox', { name: 'Quick search' }));
    await user.type(screen.getByRole('textbox', { name: 'Quick search' }), '{Enter}');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/applicant/history?status=PENDING%2CCOMPLETED'));
    expect(calls.some((c) => c.path === '/v1/application' && c.query.get('status') === 'PENDING,COMPLETED,ARCHIVED' && c.query.get('query') === 'anna')).toBe(true);
  }, 90_000);

  it('hides the Invite Applicant card without inviteApplicants', async () => {
    signInAs({ ...ALICE, inviteApplicants: false });
    serve();
    renderRoutes(routes, '/applicant/history');
    await screen.findByText('Anna Applicant');
    expect(screen.queryByRole('heading', { name: 'Invite Applicant' })).toBeNull();
  });

  it('asks before archiving an incomplete application, then goes back to the list', async () => {
    signInAs(ALICE);
    const calls = serve();
    renderRoutes(routes, '/applicant/history/app-1');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Application Details' });
    expect(screen.getByText('No documents are available to review yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download All' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Archive' }));
    const dialog = screen.getByRole('dialog', { name: 'Archive' });
    expect(within(dialog).getByText('This application is incomplete, are you sure you want to archive it?')).toBeInTheDocument();
    expect(within(dialog).getByText('This will notify the applicant you have closed their application.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/applicant/history');
    expect(calls.some((c) => c.method === 'PUT' && c.path === '/v1/application/app-1')).toBe(true);
  });

  it("shows an individual their own applications: Organisation, OPEN offered, no default statuses, their own view", async () => {
    signInAs(JANE);
    const calls = serve();
    renderRoutes(routes, '/applicant/history');
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Applicant history' });
    expect((await within(table).findAllByText('Acme Recruitment Ltd')).length).toBe(2);
    expect(within(table).getByRole('columnheader', { name: 'Organisation' })).toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Applicant' })).toBeNull();
    expect(within(table).queryByRole('columnheader', { name: 'Candidate number' })).toBeNull();
    expect(calls.find((c) => c.path === '/v1/application')?.query.get('status')).toBeNull();
    expect(calls.some((c) => c.path === '/v1/application/filters')).toBe(false);
    expect(screen.queryByRole('button', { name: 'Group Archive' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Invite Applicant' })).toBeNull();

    await user.click(screen.getByRole('button', { name: /Filters/ }));
    const filters = await screen.findByRole('group', { name: 'Status' });
    expect(within(filters).getAllByRole('checkbox').map((c) => c.closest('label')?.textContent)).toEqual(['Open', 'Pending', 'Applicant Action Required', 'Completed']);
    expect(screen.getByRole('textbox', { name: 'Organisation' })).toBeInTheDocument();
    expect(screen.getByText('Search by the name of the organisation you applied to.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Candidate number' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Role applied for' })).toBeNull();
    await user.click(within(filters).getByRole('checkbox', { name: 'Open' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/v1/application' && c.query.get('status') === 'OPEN')).toBe(true));

    // A quick search is by organisation and leaves the statuses as they are (no ARCHIVED for individuals).
    await user.type(screen.getByRole('textbox', { name: 'Quick search' }), 'acme{Enter}');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('query=acme&status=OPEN'));

    await user.click(within(table).getAllByRole('row')[1]);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/application\/history\/app-1$/));
  }, 90_000);
});
