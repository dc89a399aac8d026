import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAt, row, seriousViolations } from '@/features/verifications/test/fixtures';
import { json, mockFetch, type MockRequest } from '@/test/fetchMock';
import { signInAs } from '@/test/session';

const ROWS = [
  row(),
  row({
    id: 'QC1002',
    result: 'NOT_FOUND',
    resultLabel: 'Action Required',
    fields: {
      firstname: 'Oliver',
      middlename: null,
      surname: 'Quinn',
      dob: '1990-07-14',
      employerName: null,
    },
  }),
  row({
    id: 'QC1003',
    result: 'PENDING',
    resultLabel: 'Pending',
    username: 'bob@acme.test',
    shared: true,
    accreditationStatus: 'PENDING',
    fields: { firstname: 'Priya', middlename: null, surname: 'Patel', dob: '1993-03-08', employerName: null },
  }),
  row({
    id: 'QC1004',
    type: 'EMPLOYMENT',
    result: 'UNPAID',
    resultLabel: 'Incomplete',
    instituteName: 'Employment',
    fields: {
      firstname: 'Erin',
      middlename: null,
      surname: 'Worker',
      dob: '1985-03-04',
      employerName: 'Widgets Ltd',
    },
  }),
];

function serve(calls: MockRequest[] = []) {
  return mockFetch((req) => {
    if (req.path === '/v1/verification') {
      calls.push(req);
      return json({ content: ROWS, totalSize: 42 });
    }
    if (req.path === '/v1/user')
      return json([{ username: 'bob@acme.test', firstname: 'Bob', lastname: 'Builder' }]);
    return undefined;
  });
}

describe('Verification history (2.10)', () => {
  it('lists the page with the spec columns, badges, highlighted rows and pager wording', async () => {
    signInAs({ refLabel: 'Candidate Ref' });
    serve();
    renderAt('/verification/history?highlight=QC1003');
    expect(await screen.findByText('Jane Doe')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Past verifications requested by you and your team' }),
    ).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search by name, QCID or Candidate Ref')).toBeInTheDocument();
    for (const header of ['Date', 'Name', 'Institute / Organisation', 'Requested By', 'Status']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(screen.getAllByText('02 Nov 2026', { selector: 'td' })).toHaveLength(4);
    expect(screen.getByText('Widgets Ltd')).toBeInTheDocument();
    expect(screen.getByText('Shared')).toBeInTheDocument();
    expect(screen.getByText('Accreditation Check Pending')).toBeInTheDocument();
    expect(screen.getByText('New')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 20 of 42 entries')).toBeInTheDocument();
    // Action Required (NOT_FOUND) is one of the highlighted rows; Verified is not.
    const oliver = screen.getByText('Oliver Quinn').closest('tr') as HTMLElement;
    const jane = screen.getByText('Jane Doe').closest('tr') as HTMLElement;
    expect(within(oliver).getByText('Action Required')).toBeInTheDocument();
    expect(getComputedStyle(oliver).backgroundColor).not.toBe(getComputedStyle(jane).backgroundColor);
  });

  it('leaves out Requested By for individuals and says "Past verifications requested"', async () => {
    signInAs({ isIndividual: true });
    serve();
    renderAt('/verification/history');
    expect(await screen.findByText('Jane Doe')).toBeInTheDocument();
    // No reference label of the account's own: the wizard's default (2.5), the same here.
    expect(screen.getByPlaceholderText('Search by name, QCID or Your Reference')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Past verifications requested' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Requested By' })).not.toBeInTheDocument();
  });

  it('prefilters by the ?result= alias and counts active filters on the Filters button', async () => {
    signInAs();
    const calls: MockRequest[] = [];
    serve(calls);
    renderAt('/verification/history?result=ACTION&fromDate=2026-01-01&toDate=2026-02-01');
    await screen.findByText('Jane Doe');
    expect(calls[0].query.get('results')).toBe('ACTION');
    expect(calls[0].query.get('fromDate')).toBe('2026-01-01');
    expect(screen.getByRole('button', { name: 'Filters (2)' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Filters (2)' }));
    const panel = await screen.findByRole('region', { name: 'Filters' });
    expect(within(panel).getByText('Show only verifications on or between these dates.')).toBeInTheDocument();
    expect(within(panel).getByText('Search by first, last or full name, or by QCID.')).toBeInTheDocument();
    expect(within(panel).getByText('Type to search and select an option below')).toBeInTheDocument();
    expect(within(panel).getByText('Action Required')).toBeInTheDocument();

    await user.type(within(panel).getByLabelText('Name or QCID'), 'Jane{Enter}');
    expect(await screen.findByRole('button', { name: 'Filters (3)' })).toBeInTheDocument();
    await waitFor(() => expect(calls.at(-1)?.query.get('query')).toBe('Jane'));

    await user.click(within(panel).getByRole('button', { name: 'Clear All' }));
    expect(await screen.findByRole('button', { name: 'Filters' })).toBeInTheDocument();
    await waitFor(() => expect(calls.at(-1)?.query.get('results')).toBeNull());
  });

  it('offers the spec result choices, Deleted only with showDeleted', async () => {
    signInAs({ showDeleted: false });
    serve();
    renderAt('/verification/history');
    await screen.findByText('Jane Doe');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.click(screen.getByRole('combobox', { name: 'Result' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual([
      'Incomplete',
      'Action Required',
      'Verified',
      'Not Verified',
      'Pending',
      'Cancelled',
      'Delayed at Source',
    ]);
  });

  it('opens a row at /verification/history/{id}', async () => {
    signInAs();
    mockFetch((req) => {
      if (req.path === '/v1/verification') return json({ content: ROWS, totalSize: 4 });
      if (req.path === '/v1/verification/QC1002')
        return json({ errors: [{ message: 'Verification not found.' }] }, { status: 404 });
      return undefined;
    });
    const { router } = renderAt('/verification/history');
    const user = userEvent.setup();
    await user.click(await screen.findByText('Oliver Quinn'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/verification/history/QC1002'));
  });

  it('has no serious axe violations', async () => {
    signInAs();
    serve();
    const { container } = renderAt('/verification/history');
    await screen.findByText('Jane Doe');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Filters' }));
    await screen.findByRole('region', { name: 'Filters' });
    expect(await seriousViolations(container)).toEqual([]);
  });
});
