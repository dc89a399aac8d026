import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { VerificationListItem } from '@credence/api-contract';
import type { ApplicationView } from '@/features/applications/api/applications';
import { ApplicationHistoryScreen } from '@/features/applications/components/ApplicationHistoryScreen';
import { seriousViolations } from '@/features/verifications/test/fixtures';
import { json, mockFetch, type MockRequest } from '@/test/fetchMock';
import { renderRoutes } from '@/test/renderRoutes';
import { signInAs } from '@/test/session';

const ANNA = { sub: 'anna@mail.test', isIndividual: true, isApplicant: true, applicantPays: true, paymentType: 'CARD' };

function item(id: string, firstname: string, institute: string, result = 'VERIFIED'): VerificationListItem {
  return {
    id,
    recorded: '2026-11-01T10:00:00Z',
    result,
    resultLabel: result === 'VERIFIED' ? 'Verified' : 'In Progress',
    currentResult: result,
    fields: { firstname, middlename: null, surname: 'Applicant', dob: '1996-03-03', employerName: null },
    instituteId: institute.toLowerCase().replace(/ /g, '-'),
    instituteName: institute,
    instituteNames: [institute],
  } as unknown as VerificationListItem;
}

const WALLET = [item('QC1', 'Anna', 'University of Demo'), item('QC2', 'Anna', 'Aberdeen Technical University'), item('QC3', 'Anna', 'Demo Nursing Board', 'PENDING')];

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
    verificationCount: 1,
    verifications: [WALLET[0]],
    applicantPays: true,
    lockedInstitutes: [],
    allowedTypes: null,
    logo: null,
    description: null,
    fields: [],
    documents: [],
    documentRequirements: [],
    ...over,
  };
}

/** The application and the wallet as the API holds them; PUT .../verification replaces the selection (or refuses). */
function serve(start: ApplicationView, refuse: string | null = null) {
  let stored = start;
  const calls: MockRequest[] = [];
  mockFetch((req) => {
    calls.push(req);
    if (req.path === '/v1/application/app-1' && req.method === 'GET') return json(stored);
    if (req.path === '/v1/verification' && req.method === 'GET') return json({ content: WALLET, totalSize: WALLET.length });
    if (req.path === '/v1/application/app-1/verification' && req.method === 'PUT') {
      if (refuse) return json({ errors: [{ message: refuse }] }, { status: 400 });
      const ids = req.body as string[];
      stored = { ...stored, verifications: WALLET.filter((v) => ids.includes(v.id)), verificationCount: ids.length };
      return json(stored);
    }
    return undefined;
  });
  return { calls, stored: () => stored };
}

const renderHistory = () => renderRoutes([{ path: '/application/history/:id', element: <ApplicationHistoryScreen /> }], '/application/history/app-1');

describe("'Select Verifications' (verifications 2.13): wallet verifications moved into an open application", () => {
  it('lists the wallet beside the selection, moves both ways, saves the Selected ones and says so', async () => {
    signInAs(ANNA);
    const api = serve(application());
    const user = userEvent.setup();
    const { baseElement } = renderHistory();
    await user.click(await screen.findByRole('button', { name: 'Select Verifications' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select Verifications' });
    const wallet = await within(dialog).findByRole('list', { name: 'Verifications' });
    const selected = within(dialog).getByRole('list', { name: 'Selected' });
    expect(within(wallet).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('Anna Applicant - Aberdeen Technical University'),
      expect.stringContaining('Anna Applicant - Demo Nursing Board'),
    ]);
    expect(within(selected).getAllByRole('listitem').map((li) => li.textContent)).toEqual([expect.stringContaining('Anna Applicant - University of Demo')]);
    expect(within(dialog).getByRole('button', { name: 'Move to Selected' })).toBeDisabled();
    expect(await seriousViolations(baseElement)).toEqual([]);

    await user.click(within(wallet).getByRole('checkbox', { name: /Aberdeen Technical University/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Move to Selected' }));
    await user.click(within(dialog).getByRole('checkbox', { name: /University of Demo/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Move to Verifications' }));
    expect(within(within(dialog).getByRole('list', { name: 'Selected' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('Aberdeen Technical University'),
    ]);
    // The wallet is read in the API's pages of 100 at most.
    expect(api.calls.filter((c) => c.path === '/v1/verification').map((c) => c.query.get('size'))).toEqual(['100']);
    // Nothing is sent before Save.
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Verification selection saved.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Select Verifications' })).not.toBeInTheDocument());
    expect(api.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([['QC2']]);
    const included = screen.getByRole('list', { name: 'Verifications included' });
    expect(within(included).getAllByRole('listitem').map((li) => li.textContent)).toEqual([expect.stringContaining('Anna Applicant - Aberdeen Technical University')]);
  }, 120_000);

  it("shows the API's refusal and keeps the modal and the application as they were", async () => {
    signInAs(ANNA);
    const api = serve(application(), 'Verification QC3 was not found in your wallet.');
    const user = userEvent.setup();
    renderHistory();
    await user.click(await screen.findByRole('button', { name: 'Select Verifications' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select Verifications' });
    await user.click(await within(dialog).findByRole('checkbox', { name: /Demo Nursing Board/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Move to Selected' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Verification QC3 was not found in your wallet.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Select Verifications' })).toBeInTheDocument();
    expect(screen.queryByText('Verification selection saved.')).not.toBeInTheDocument();
    expect(api.stored().verifications.map((v) => v.id)).toEqual(['QC1']);
  }, 120_000);

  it('offers only the wallet verifications at the institutes an application names (lockedInstitutes, 2.2)', async () => {
    signInAs(ANNA);
    serve(application({ lockedInstitutes: ['aberdeen-technical-university'], verifications: [] }));
    const user = userEvent.setup();
    renderHistory();
    await user.click(await screen.findByRole('button', { name: 'Select Verifications' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select Verifications' });
    const wallet = await within(dialog).findByRole('list', { name: 'Verifications' });
    await within(wallet).findByRole('checkbox', { name: /Aberdeen Technical University/ });
    expect(within(wallet).getAllByRole('checkbox')).toHaveLength(1);
  }, 60_000);

  it('is not offered once the application is submitted', async () => {
    signInAs(ANNA);
    serve(application({ status: 'PENDING', submitted: '2026-11-21T10:00:00Z' }));
    renderHistory();
    expect(await screen.findByRole('list', { name: 'Verifications included' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Select Verifications' })).not.toBeInTheDocument();
  }, 60_000);
});
