import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/fetchMock';
import { page, query, renderConsole } from '@/test/render';

const bob = { id: 'u2', username: 'bob@acme.test', firstname: 'Bob', lastname: 'Baker', companyId: 'acme', companyName: 'Acme Recruitment Ltd', admin: false, pending: false, disabled: false, applicant: false, customRoles: ['Graduate hiring'], phone: '+44 1', lastLoginAt: null, createdAt: '2026-11-20T10:00:00Z' };
const nia = { ...bob, id: 'u3', username: 'nia@acme.test', firstname: 'Nia', lastname: 'Newbie', pending: true, customRoles: [] };
const acme = { id: 'acme', name: 'Acme Recruitment Ltd' };

describe('users resource', () => {
  it('lists users with their customer, role and state', async () => {
    const { calls } = renderConsole('/users', {
      'GET /admin/users': page('users', [bob, nia]),
      'GET /admin/customers': page('customers', [acme]),
    });
    const row = (await screen.findByText('bob@acme.test')).closest('tr') as HTMLElement;
    expect(within(row).getByText('User · Graduate hiring')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    // As on the user's own page: no sign-in reads 'Never', not a blank cell.
    expect(within(row).getByText('Never')).toBeInTheDocument();
    expect(within(screen.getByText('nia@acme.test').closest('tr') as HTMLElement).getByText('Pending')).toBeInTheDocument();
    // The customer names come from one getMany for the rows' company ids.
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/admin/customers') && query(c).filter === '{"id":["acme"]}')).toBe(true));
    expect(await within(row).findByText('Acme Recruitment Ltd')).toBeInTheDocument();
  });

  it('disables a user after a confirmation', async () => {
    const { calls } = renderConsole('/users/u2/show', {
      'GET /admin/users/u2': json(bob),
      'PUT /admin/users/u2': json({ ...bob, disabled: true }),
      'GET /admin/customers': page('customers', [acme]),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Disable' }));
    expect(screen.getByText(/signed out everywhere now/)).toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ disabled: true }));
    expect(await screen.findByText('bob@acme.test disabled')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Enable' })).toBeInTheDocument());
  });

  it('offers the registration e-mail again only to a pending user, and says whether it went', async () => {
    const { calls } = renderConsole('/users/u3/show', {
      'GET /admin/users/u3': json(nia),
      'POST /admin/users/u3/resend-registration': json({ sent: 'invitation' }),
      'GET /admin/customers': page('customers', [acme]),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Resend registration e-mail' }));
    expect(await screen.findByText('Email resent')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/admin/users/u3/resend-registration')).toBe(true);
    // No impersonation of someone who has not registered.
    expect(screen.queryByRole('link', { name: 'Open portal as this user' })).toBeNull();
  });

  it('an active user has no resend button, and opens the portal as them', async () => {
    renderConsole('/users/u2/show', { 'GET /admin/users/u2': json(bob), 'GET /admin/customers': page('customers', [acme]) });
    expect(await screen.findByRole('link', { name: 'Open portal as this user' })).toHaveAttribute('href', '/login?impersonate=bob%40acme.test');
    expect(screen.queryByRole('button', { name: 'Resend registration e-mail' })).toBeNull();
  });

  it("grants a staff account the auditor role from its edit page", async () => {
    const audra = { ...bob, id: 'u9', username: 'audra@credence.test', firstname: 'Audra', lastname: 'Jones', companyId: 'credence', companyName: 'Credence', customRoles: [], staffRole: null };
    const { calls } = renderConsole('/users/u9', {
      'GET /admin/users/u9': json(audra),
      'PUT /admin/users/u9': (call) => json({ ...audra, ...(call.body as object) }),
    });
    await userEvent.click(await screen.findByRole('combobox', { name: 'Staff role' }));
    await userEvent.click(await screen.findByRole('option', { name: /^Auditor/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect((calls.find((c) => c.method === 'PUT')?.body as { staffRole?: string })?.staffRole).toBe('auditor'));
  });

  it("offers no staff role on a customer's account", async () => {
    renderConsole('/users/u2', { 'GET /admin/users/u2': json({ ...bob, staffRole: null }) });
    expect(await screen.findByDisplayValue('Bob')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Staff role' })).toBeNull();
  });
});
