import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  PendingVerificationsScreen,
  ResolvedVerificationsScreen,
} from '@/features/pending/components/ResolverListScreen';
import { INSTITUTE_CLAIMS, renderPending, resolverRow } from '@/features/pending/test/renderPending';
import { seriousViolations } from '@/features/verifications/test/fixtures';
import { json, mockFetch, type MockRequest } from '@/test/fetchMock';
import { renderRoutes } from '@/test/renderRoutes';
import { signInAs } from '@/test/session';

function serve(calls: MockRequest[] = []) {
  return mockFetch((req) => {
    if (req.path === '/v1/verification/pending') {
      calls.push(req);
      return json({
        content: [
          resolverRow(),
          resolverRow({
            id: 'QC1002',
            fields: {
              firstname: 'Erin',
              middlename: null,
              surname: 'Worker',
              dob: '1985-03-04',
              employerName: null,
            },
            company: { id: '', name: '' },
            instituteName: 'University of Demo',
          }),
        ],
        totalSize: 2,
      });
    }
    if (req.path === '/v1/verification/resolved') {
      calls.push(req);
      return json({
        content: [
          resolverRow({ id: 'QC1004', result: 'REJECTED', resultLabel: 'Rejected' }),
          resolverRow({ id: 'QC1005', result: 'NOT_VERIFIED', resultLabel: 'Not Verified' }),
        ],
        totalSize: 2,
      });
    }
    return undefined;
  });
}

describe('Pending Verifications (2.11)', () => {
  it('lists what waits for the team: Date, Name, Institute, Verifying Organisation (company, else institute), Status', async () => {
    signInAs(INSTITUTE_CLAIMS);
    const calls: MockRequest[] = [];
    serve(calls);
    renderPending('/verification/pending');
    expect(
      await screen.findByRole('heading', { name: 'Verifications to be resolved by you and your team' }),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Pending Verifications' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date', 'Name', 'Institute', 'Verifying Organisation', 'Status']);
    const jane = (await within(table).findByText('Jane Doe')).closest('tr') as HTMLElement;
    expect(within(jane).getByText('02 Nov 2026')).toBeInTheDocument();
    expect(within(jane).getByText('Acme Recruitment Ltd')).toBeInTheDocument();
    expect(within(jane).getByText('Pending')).toBeInTheDocument();
    const erin = within(table).getByText('Erin Worker').closest('tr') as HTMLElement;
    expect(within(erin).getAllByText('University of Demo')).toHaveLength(2);
    expect(calls[0].query.get('page')).toBe('0');
    expect(calls[0].query.get('size')).toBe('20');
    expect(screen.getByText('Showing 1 to 2 of 2 entries')).toBeInTheDocument();
    expect(await seriousViolations(document.body)).toEqual([]);
  });

  it('filters by Name or QCID and a date range, counts them on the Filters button, and Clear All empties them', async () => {
    signInAs(INSTITUTE_CLAIMS);
    const calls: MockRequest[] = [];
    serve(calls);
    renderPending('/verification/pending?fromDate=2026-10-01&toDate=2026-11-01');
    await screen.findByText('Jane Doe');
    expect(calls[0].query.get('fromDate')).toBe('2026-10-01');
    expect(calls[0].query.get('toDate')).toBe('2026-11-01');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Filters (1)' }));
    const panel = await screen.findByRole('region', { name: 'Filters' });
    expect(within(panel).getByText('Search by first, last or full name, or by QCID.')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Last week' })).toBeInTheDocument();
    expect(within(panel).queryByRole('combobox', { name: 'Result' })).not.toBeInTheDocument();
    await user.type(within(panel).getByLabelText('Name or QCID'), 'Jane{Enter}');
    expect(await screen.findByRole('button', { name: 'Filters (2)' })).toBeInTheDocument();
    await waitFor(() => expect(calls.at(-1)?.query.get('query')).toBe('Jane'));
    await user.click(within(panel).getByRole('button', { name: 'Clear All' }));
    expect(await screen.findByRole('button', { name: 'Filters' })).toBeInTheDocument();
    await waitFor(() => expect(calls.at(-1)?.query.get('fromDate')).toBeNull());
  });

  it('opens the resolve page from a row', async () => {
    signInAs(INSTITUTE_CLAIMS);
    serve();
    const { router } = renderPending('/verification/pending');
    const user = userEvent.setup();
    await user.click(await screen.findByText('Jane Doe'));
    expect(router.state.location.pathname).toBe('/verification/pending/QC1001');
  });
});

describe('Resolved Verifications (2.11)', () => {
  it("shows the resolver's results in the resolved list's words and filters by Rejected, Verified, Not Verified with 'clear'", async () => {
    signInAs(INSTITUTE_CLAIMS);
    const calls: MockRequest[] = [];
    serve(calls);
    const { router } = renderPending('/verification/resolved');
    expect(
      await screen.findByRole('heading', { name: 'Verifications previously resolved by you and your team' }),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Resolved Verifications' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]).getByText('Rejected')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Not Verified')).toBeInTheDocument();
    expect(await seriousViolations(document.body)).toEqual([]);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.click(await screen.findByRole('combobox', { name: 'Result' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Rejected',
      'Verified',
      'Not Verified',
    ]);
    await user.click(screen.getByRole('option', { name: 'Rejected' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(calls.at(-1)?.query.get('results')).toBe('REJECTED'));
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'clear' }));
    expect(await screen.findByRole('button', { name: 'Filters' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');

    await user.click(within(table).getAllByText('Jane Doe')[0]);
    expect(router.state.location.pathname).toBe('/verification/resolved/QC1004');
  });

  it('sends a user whose account does not resolve (not an institute or parent) home, without asking for the list', async () => {
    signInAs({ paymentType: 'CARD' });
    const calls: MockRequest[] = [];
    serve(calls);
    renderRoutes(
      [
        { path: '/', element: <p>Home page</p> },
        { path: '/verification/pending', element: <PendingVerificationsScreen /> },
        { path: '/verification/resolved', element: <ResolvedVerificationsScreen /> },
      ],
      '/verification/resolved',
    );
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
