import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@/shared/session/sessionStore';
import { json, mockFetch } from '@/test/fetchMock';
import { renderApp } from '@/test/renderApp';

describe('Reset password (spec 2.6)', () => {
  it('asks for the username, sends the reset with the campaign code, says so and goes to login', async () => {
    sessionStore.setQcmc('SPRING');
    const fetch = mockFetch((req) =>
      req.path === '/v1/auth/forgot' ? new Response(null, { status: 204 }) : undefined,
    );
    const { router } = renderApp('/login/reset');
    const user = userEvent.setup();

    expect(screen.getByRole('heading', { level: 1, name: 'Reset password' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByText('Email address / Username is required')).toBeInTheDocument();
    expect(screen.getByText('Please resolve the errors above.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset' })).toBeDisabled();

    await user.type(screen.getByLabelText(/Email address \/ Username/), 'ann@acme.example');
    await user.click(screen.getByRole('button', { name: 'Reset' }));

    const toast = await screen.findByRole('status');
    expect(toast).toHaveTextContent('Success');
    expect(toast).toHaveTextContent(
      'If registered, instructions on how to reset your password have been sent, please check your inbox.',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const call = fetch.mock.calls.find(([url]) => String(url).startsWith('/v1/auth/forgot'));
    expect(call?.[0]).toBe('/v1/auth/forgot?username=ann%40acme.example&qcmc=SPRING');
  });

  it('takes the token from the path or the query and checks the new password before sending it', async () => {
    mockFetch();
    renderApp('/login/reset?token=abc');
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { name: 'Create new password' })).toBeInTheDocument();
    // Only the new password and its confirmation.
    expect(screen.queryByLabelText(/Email address/)).not.toBeInTheDocument();

    await user.type(screen.getByLabelText(/^New password/), 'weakpass');
    await user.type(screen.getByLabelText(/^Confirm password/), 'other');
    await user.tab();
    expect(screen.getByText('Invalid password')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByText('Please resolve the errors above.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('saves with the reset token header, says so and goes to /', async () => {
    const fetch = mockFetch((req) =>
      req.path === '/v1/auth' && req.method === 'PUT' ? new Response(null, { status: 204 }) : undefined,
    );
    const { router } = renderApp('/reset/tok-9');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^New password/), 'Good-pass1');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Good-pass1');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Your password has been updated.')).toBeInTheDocument();
    const call = fetch.mock.calls.find(([url, init]) => url === '/v1/auth' && init?.method === 'PUT');
    expect(new Headers(call?.[1]?.headers).get('X-PASSWORD-RESET-TOKEN')).toBe('tok-9');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      newPassword: 'Good-pass1',
      confirmPassword: 'Good-pass1',
    });
    // '/' needs a session: the guard sends the user on to sign in with the new password.
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('returns to the forgot state when the link cannot be used', async () => {
    mockFetch((req) =>
      req.path === '/v1/auth' ? json({ errors: [{ message: 'Invalid token' }] }, { status: 400 }) : undefined,
    );
    renderApp('/login/reset/used');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^New password/), 'Good-pass1');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Good-pass1');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('heading', { name: 'Reset password' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Email address \/ Username/ })).toBeInTheDocument();
    // Spec 8: reset failures are logged only, no toast.
    expect(screen.queryByText('Invalid token')).not.toBeInTheDocument();
  });
});
