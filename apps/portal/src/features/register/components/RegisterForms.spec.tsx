import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, type MockRequest } from '@/test/fetchMock';
import { renderApp } from '@/test/renderApp';

/** The register screen's forms on react-hook-form: access 5.7, the server's refusals, the focus. */

const RESOLVE = 'Please resolve the errors above.';

const token = {
  firstname: 'Olivia',
  lastname: 'Owner',
  email: 'olivia@newco.test',
  companyId: null,
  companyName: 'Newco',
  jobTitle: 'CEO',
  volumeChecks: null,
  individual: false,
  applicationOwner: null,
  referralOwner: null,
};

function referenceData(req: MockRequest): Response | undefined {
  if (req.path === '/v1/company/country') return json([{ id: 'US', name: 'United States', vat: false }]);
  if (req.path === '/v1/company/industry') return json([{ id: 5, name: 'Banking' }]);
  return undefined;
}

async function fillComplete(user: UserEvent) {
  await user.type(screen.getByLabelText(/^Password/), 'Good-pass1');
  await user.type(screen.getByLabelText(/^Confirm Password/), 'Good-pass1');
  await user.click(screen.getByRole('radio', { name: '0-199' }));
  await user.click(screen.getByLabelText(/^Country/));
  await user.click(await screen.findByRole('option', { name: 'United States' }));
  await user.click(screen.getByLabelText(/^Industry/));
  await user.click(await screen.findByRole('option', { name: 'Banking' }));
  await user.click(screen.getByRole('radio', { name: 'Agree' }));
}

describe('Register: the complete form (access 5.2, 5.7)', () => {
  it("disables Register with 'Please resolve the errors above.' after a failed attempt, focused on the first invalid field, until every error is fixed", async () => {
    mockFetch((req) => (req.path === '/v1/register/t1' ? json(token) : referenceData(req)));
    renderApp('/login/register/t1');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Complete Registration' });
    const register = screen.getByRole('button', { name: 'Register' });
    expect(register).toBeEnabled();
    expect(screen.queryByText(RESOLVE)).not.toBeInTheDocument();

    await user.click(register);
    expect(await screen.findByText(RESOLVE)).toBeInTheDocument();
    expect(register).toBeDisabled();
    expect(screen.getByLabelText(/^Password/)).toHaveFocus();

    await fillComplete(user);
    await waitFor(() => expect(register).toBeEnabled());
    expect(screen.queryByText(RESOLVE)).not.toBeInTheDocument();
  });

  it('checks the confirmation again when the password changes', async () => {
    mockFetch((req) => (req.path === '/v1/register/t1' ? json(token) : referenceData(req)));
    renderApp('/login/register/t1');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Complete Registration' });
    await user.type(screen.getByLabelText(/^Password/), 'Good-pass1');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'Good-pass1');
    await user.tab();
    await user.type(screen.getByLabelText(/^Password/), '2');
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Register' })).toBeDisabled();
  });

  it("puts the server's 'Invalid password' on the password field", async () => {
    mockFetch((req) => {
      if (req.path === '/v1/register/t1' && req.method === 'GET') return json(token);
      if (req.path === '/v1/register/t1' && req.method === 'PUT') {
        return json({ errors: [{ message: 'Invalid password' }] }, { status: 400 });
      }
      return referenceData(req);
    });
    renderApp('/login/register/t1');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Complete Registration' });
    await fillComplete(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));

    const password = screen.getByLabelText(/^Password/);
    await waitFor(() => expect(password).toHaveAttribute('aria-invalid', 'true'));
    expect(password).toHaveAccessibleDescription(expect.stringContaining('Invalid password'));
    expect(screen.getByRole('button', { name: 'Register' })).toBeDisabled();
    expect(screen.getByText(RESOLVE)).toBeInTheDocument();
  });

  it('shows a refusal about the whole form under it as well as in the toast, and lets the user send again', async () => {
    const message = 'Your username may already be registered, click here to login instead';
    mockFetch((req) => {
      if (req.path === '/v1/register/t1' && req.method === 'GET') return json(token);
      if (req.path === '/v1/register/t1' && req.method === 'PUT') {
        return json({ errors: [{ message }] }, { status: 409 });
      }
      return referenceData(req);
    });
    renderApp('/login/register/t1');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Complete Registration' });
    await fillComplete(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(within(await screen.findByRole('alert')).getByText(message)).toBeInTheDocument();
    const form = screen.getByRole('button', { name: 'Register' }).closest('form') as HTMLElement;
    expect(within(form).getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Register' })).toBeEnabled();
  });

  it('has no serious or critical axe violations with every error showing', async () => {
    mockFetch((req) => (req.path === '/v1/register/t1' ? json(token) : referenceData(req)));
    const { container } = renderApp('/login/register/t1');
    await screen.findByRole('heading', { name: 'Complete Registration' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByText(RESOLVE);
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(
      results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  });
});

describe('Register: the start form (access 5.1)', () => {
  it('moves the focus to the first invalid field on a failed attempt', async () => {
    mockFetch();
    renderApp('/login/register');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Continue: Register as an organisation' }));
    await user.type(screen.getByLabelText(/^First name/), 'Sam');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Last name/)).toHaveFocus();
  });

  it("puts the server's refusal of the e-mail on the e-mail field", async () => {
    mockFetch((req) =>
      req.path === '/v1/register'
        ? json({ errors: [{ message: 'Please enter a valid email address.' }] }, { status: 400 })
        : undefined,
    );
    renderApp('/login/register');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Continue: Register as an individual' }));
    await user.type(screen.getByLabelText(/^First name/), 'Ivy');
    await user.type(screen.getByLabelText(/^Last name/), 'Ng');
    await user.type(screen.getByLabelText(/^Email/), 'ivy@mail.test');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    const email = screen.getByLabelText(/^Email/);
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('Please enter a valid email address.');
    expect(screen.queryByRole('heading', { name: 'Check your inbox' })).not.toBeInTheDocument();
  });

  it('reads an owner once: going back to its link shows it from the cache', async () => {
    const fetch = mockFetch((req) =>
      req.path === '/v1/application/template/owner/acme'
        ? json({ id: 'acme', name: 'Acme Recruitment Ltd', status: 'OPEN' })
        : undefined,
    );
    const { router } = renderApp('/login/register?atid=acme');
    await screen.findByRole('heading', { name: 'Welcome Acme Recruitment Ltd Applicant' });
    await router.navigate('/login');
    await router.navigate('/login/register?atid=acme');
    expect(
      screen.getByRole('heading', { name: 'Welcome Acme Recruitment Ltd Applicant' }),
    ).toBeInTheDocument();
    const reads = fetch.mock.calls.filter(([url]) =>
      String(url).startsWith('/v1/application/template/owner/'),
    );
    expect(reads).toHaveLength(1);
  });
});
