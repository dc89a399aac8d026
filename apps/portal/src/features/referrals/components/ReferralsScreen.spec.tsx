import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ReferralsScreen } from '@/features/referrals/components/ReferralsScreen';
import { json, mockFetch, type MockRequest } from '@/test/fetchMock';
import { renderRoutes, Where } from '@/test/renderRoutes';
import { ADMIN, signInAs } from '@/test/session';

const row = (id: string, firstname: string, surname: string, total: number | null) => ({
  id,
  recorded: '2026-11-20T10:00:00Z',
  result: 'VERIFIED',
  resultLabel: 'Verified',
  currentResult: 'VERIFIED',
  fields: { firstname, middlename: null, surname, dob: '1990-01-01', employerName: null },
  instituteId: 'uni-demo',
  instituteName: 'University of Demo',
  instituteNames: [],
  instituteCountry: 'United Kingdom',
  username: 'carol@globex.test',
  requestedByName: 'Carol Chen',
  company: { id: 'globex', name: 'Globex Corp' },
  customerReference: null,
  type: 'UNI',
  shared: false,
  accreditationStatus: null,
  retriesLeft: 0,
  thirdPartyActionUrl: null,
  approvedDate: null,
  permissions: 0,
  dashboardStep: 3,
  institute: 'University of Demo',
  total,
  currency: 'GBP',
});

describe('Referrals (verifications 2.14)', () => {
  it('lists the referred organisations and their verifications with prices; the picker filters by organisation', async () => {
    signInAs({ sub: 'alice@acme.test', authorities: ADMIN, hasReferrals: true });
    const calls: MockRequest[] = [];
    mockFetch((req) => {
      calls.push(req);
      if (req.path === '/v1/referral') return json({ content: [{ id: 'globex', name: 'Globex Corp', type: 'C' }, { id: 'uni', name: 'Uni', type: 'I' }], totalSize: 2 });
      if (req.path === '/v1/referral/history') return json({ content: [row('V1', 'Siobhan', "O'Brien", 60), row('V2', 'Homer', 'Jay', 0)], totalSize: 2 });
      return undefined;
    });
    renderRoutes([{ path: '/referrals/list', element: <ReferralsScreen /> }, { path: '/verification/history/:id', element: <Where /> }], '/referrals/list');
    const user = userEvent.setup();
    const history = await screen.findByRole('table', { name: 'Referral history' });
    const siobhan = (await within(history).findByText("Siobhan O'Brien")).closest('tr') as HTMLElement;
    expect(within(siobhan).getByText('£60.00')).toBeInTheDocument();
    expect(within(siobhan).getByText('Globex Corp')).toBeInTheDocument();
    expect(within(within(history).getByText('Homer Jay').closest('tr') as HTMLElement).getByText('-')).toBeInTheDocument();
    const list = screen.getByRole('table', { name: 'Referrals' });
    expect(within(list).getByText('Company')).toBeInTheDocument();
    expect(within(list).getByText('Institute')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Requested By' }));
    await user.click(await screen.findByRole('option', { name: 'Globex Corp' }));
    expect(calls.filter((c) => c.path === '/v1/referral/history').at(-1)?.query.get('organisation')).toBe('globex');
    await user.click(within(screen.getByRole('table', { name: 'Referral history' })).getByText("Siobhan O'Brien"));
    expect(await screen.findByTestId('where')).toHaveTextContent('/verification/history/V1');
  }, 90_000);
});
