import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/fetchMock';
import { referenceList, searches } from '@/test/reference';
import { openWindow, page, query, renderConsole } from '@/test/render';

const acme = {
  id: 'acme', name: 'Acme Recruitment Ltd', individual: false, paymentType: 'CARD', currency: 'GBP', vatPayer: true, country: 'GB',
  hasCountryAccess: true, hasAnalyticsAccess: false, hasReportsAccess: false, hasApplicants: true, inviteApplicants: true, hasReferrals: true,
  sharingDisabled: false, accreditationEnabled: false, showDeleted: false, hasDiscount: false, refRequired: false, refLabel: null, appRefLabel: null,
  allowedTypes: null, instituteId: null, userCount: 2, createdAt: '2026-11-20T10:00:00Z',
};
const indy = { ...acme, id: 'indy', name: 'Indy Individual', individual: true, userCount: 1, hasCountryAccess: false };
const alice = { id: 'u1', username: 'alice@acme.test', firstname: 'Alice', lastname: 'Archer', companyId: 'acme', admin: true, pending: false, disabled: false, customRoles: [] };

describe('customers resource', () => {
  it('lists customers by name with kind, payment and access, and filters on the server', async () => {
    const { calls } = renderConsole('/customers', { 'GET /admin/customers': page('customers', [acme, indy], 8) });

    const row = (await screen.findByText('Acme Recruitment Ltd')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Organisation')).toBeInTheDocument();
    expect(within(row).getByText('Card')).toBeInTheDocument();
    expect(within(row).getByText('Country')).toBeInTheDocument();
    expect(within(row).getByText('GBP + VAT')).toBeInTheDocument();
    expect(within((screen.getByText('Indy Individual').closest('tr') as HTMLElement)).getByText('Individual')).toBeInTheDocument();
    expect(screen.getByText(/1.8 of 8/)).toBeInTheDocument();
    expect(query(calls[0]).sort).toBe('["name","ASC"]');

    await userEvent.type(screen.getByPlaceholderText("Name, id or a user's e-mail"), 'acme');
    await waitFor(() => expect(calls.some((c) => query(c).filter === '{"q":"acme"}')).toBe(true));
  });

  it('flips an access flag at once with one PUT of the whole record, and shows what the API answered', async () => {
    const { calls } = renderConsole('/customers/acme/show', {
      'GET /admin/customers/acme': json(acme),
      'PUT /admin/customers/acme': (c) => json({ ...acme, ...(c.body as object), hasAnalyticsAccess: true }),
      'GET /admin/users': page('users', [alice]),
      'GET /admin/audit-events': page('audit-events', []),
    });

    await screen.findByText('Access (changes apply at once)');
    expect(await screen.findByText('Card')).toBeInTheDocument();
    const reports = await screen.findByRole('switch', { name: 'Reports' });
    expect(reports).not.toBeChecked();
    await userEvent.click(reports);

    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeDefined());
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({ id: 'acme', name: 'Acme Recruitment Ltd', hasReportsAccess: true, hasAnalyticsAccess: false });
    expect(await screen.findByText(/Reports turned on \(hasAnalyticsAccess changed too\)/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Analytics' })).toBeChecked());
  });

  it("'Open portal as…' opens the portal's impersonation login for the customer's user in a new tab", async () => {
    const open = openWindow();
    const { calls } = renderConsole('/customers/acme/show', {
      'GET /admin/customers/acme': json(acme),
      'GET /admin/users': page('users', [alice]),
      'GET /admin/audit-events': page('audit-events', [
        { id: 'audit-acme@0', type: 'CustomerUpdatedByStaff', time: '2026-11-21T09:30:00Z', actor: 'sam@credence.test', impersonator: null, data: { customerId: 'acme' } },
      ]),
    });

    await userEvent.click(await screen.findByRole('button', { name: 'Open portal as…' }));
    expect(open).toHaveBeenCalledWith('/login?impersonate=alice%40acme.test', '_blank', 'noopener');
    // The users come from getManyReference (filter companyId) and the trail from the customer's audit stream.
    expect(calls.some((c) => c.url.startsWith('/admin/users') && JSON.parse(query(c).filter).companyId === 'acme')).toBe(true);
    expect(calls.some((c) => c.url.startsWith('/admin/audit-events') && query(c).filter === '{"stream":"audit-acme"}')).toBe(true);
    expect(await screen.findByText('Customer updated by staff')).toBeInTheDocument();
    expect(screen.getByText('by sam@credence.test')).toBeInTheDocument();
  });

  it("picks an institute account's institute by name and saves its id", async () => {
    const { calls } = renderConsole('/customers/acme', {
      'GET /admin/customers/acme': json(acme),
      'PUT /admin/customers/acme': (c) => json({ ...acme, ...(c.body as object) }),
      'GET /admin/institutes': referenceList('institutes', [
        { id: 'uni-demo', name: 'University of Demo', countryId: 'GB' },
        { id: 'sorbonne', name: 'Sorbonne Université', countryId: 'FR' },
      ]),
      'GET /admin/users': page('users', [alice]),
      'GET /admin/audit-events': page('audit-events', []),
    });
    const institute = await screen.findByRole('combobox', { name: /^Institute/ });
    expect(institute).toHaveValue('');
    await userEvent.type(institute, 'demo');
    await waitFor(() => expect(searches(calls, 'institutes')).toContain('demo'));
    await waitFor(() => expect(screen.queryByRole('option', { name: /Sorbonne/ })).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('option', { name: 'University of Demo (GB)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ id: 'acme', instituteId: 'uni-demo' }));
  });
});
