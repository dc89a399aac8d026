import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/shared/api/client';
import { sessionStore } from '@/shared/session/sessionStore';
import { json, makeToken, mockFetch } from '@/test/fetchMock';
import { renderApp } from '@/test/renderApp';
import { claimsOf, signInAs } from '@/test/session';

const start = new Date('2026-11-20T10:00:00Z').getTime();
const fresh = () => makeToken(claimsOf({ expOffset: 900, sub: 'ann@acme.example', n: Math.random() }));

afterEach(() => vi.useRealTimers());

function expired() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(start);
  signInAs({ expOffset: 900 }, start);
  // 16 minutes later: past the expiry, inside the auto-logout window.
  vi.setSystemTime(start + 16 * 60_000);
}

describe('keeping the session alive (spec 4.1, 8)', () => {
  it('refreshes an expired token once before the calls that need it, and sends the new one', async () => {
    expired();
    const next = fresh();
    const fetch = mockFetch((req) => {
      if (req.path === '/v1/auth') {
        return new Response(null, { headers: { 'x-auth-token': next, 'x-refresh-token': 'refresh-2' } });
      }
      return json({ ok: req.headers.get('X-AUTH-TOKEN') === next });
    });

    const results = await Promise.all([api.get('/account'), api.get('/user')]);

    expect(results).toEqual([{ ok: true }, { ok: true }]);
    const refreshes = fetch.mock.calls.filter(([u]) => u === '/v1/auth');
    expect(refreshes).toHaveLength(1);
    expect(new Headers(refreshes[0][1]?.headers).get('X-REFRESH-TOKEN')).toBe('refresh-1');
    expect(sessionStore.getState()).toMatchObject({ token: next, refreshToken: 'refresh-2' });
    expect(sessionStore.getState().expiry).toBe(start + 16 * 60_000 + 900_000);
  });

  it("says 'Session expired.' when the server cannot refresh, and sends the user to log in again", async () => {
    expired();
    mockFetch((req) =>
      req.path === '/v1/auth'
        ? json({ errors: [{ message: 'Session expired.', code: 'QC-CANTREFRESH' }] }, { status: 401 })
        : undefined,
    );
    const { router } = renderApp('/account');

    expect(await screen.findByRole('alert')).toHaveTextContent('Session expired.');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?expired=true');
    expect(sessionStore.getState().token).toBe('');
  });

  it('words any other refresh failure as the spec does', async () => {
    expired();
    mockFetch((req) => (req.path === '/v1/auth' ? json({}, { status: 500 }) : undefined));
    const { router } = renderApp('/home');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An unknown error occurred trying to keep your session alive, please try again or report this error.',
    );
    await waitFor(() => expect(router.state.location.search).toBe('?expired=true'));
  });

  it('continues the navigation once the refresh succeeds (guard step 4)', async () => {
    expired();
    mockFetch((req) =>
      req.path === '/v1/auth'
        ? new Response(null, { headers: { 'x-auth-token': fresh(), 'x-refresh-token': 'refresh-2' } })
        : undefined,
    );
    const { router } = renderApp('/verification/history');
    expect(await screen.findByRole('heading', { name: /^Past verifications requested/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/verification/history');
  });

  it('refreshes and retries once when the API refuses a token it no longer accepts', async () => {
    signInAs();
    const next = fresh();
    let calls = 0;
    mockFetch((req) => {
      if (req.path === '/v1/auth')
        return new Response(null, { headers: { 'x-auth-token': next, 'x-refresh-token': 'r2' } });
      calls += 1;
      return req.headers.get('X-AUTH-TOKEN') === next
        ? json({ ok: true })
        : json({ errors: [{ message: 'Unauthorized' }] }, { status: 401 });
    });
    await expect(api.get('/account')).resolves.toEqual({ ok: true });
    expect(calls).toBe(2);
  });

  it('toasts server errors as they come, titled Error', async () => {
    mockFetch((req) =>
      req.path === '/v1/company'
        ? json({ errors: [{ message: 'Organisation name is required.' }] }, { status: 400 })
        : undefined,
    );
    renderApp('/login');
    await expect(api.put('/company', {})).rejects.toMatchObject({ status: 400 });
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('Organisation name is required.');
  });
});
