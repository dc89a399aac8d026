import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/shared/session/sessionStore';
import { json, makeToken, mockFetch, type MockRequest } from '@/test/fetchMock';
import { renderApp } from '@/test/renderApp';
import { ADMIN, claimsOf, signInAs } from '@/test/session';

const account = {
  firstname: 'Ann',
  lastname: 'Able',
  username: 'ann@acme.example',
  phone: '+44 1',
  marketing: false,
  notifications: true,
  tcsVersion: 3,
  interuptMessageAck: '2024-01-01',
  company: { id: 'acme', name: 'Acme' },
};

function shellApi(extra: (req: MockRequest) => Response | undefined = () => undefined) {
  return mockFetch((req) => {
    const answer = extra(req);
    if (answer) return answer;
    if (req.path === '/v1/account' && req.method === 'GET') return json(account);
    if (req.path === '/v1/notice') return json({ content: [], totalSize: 0 });
    if (req.path === '/v1/credit') return json({ credit: 12.5, unseenInvoices: 0 });
    return undefined;
  });
}

async function openMenu() {
  const user = userEvent.setup();
  await user.click(within(screen.getByRole('banner')).getByRole('button', { name: /Account menu/ }));
  return { user, menu: await screen.findByRole('menu') };
}

afterEach(() => vi.useRealTimers());

describe('the user drop-down (spec 2.3)', () => {
  it('shows the balance in money with the currency symbol and Buy more credit', async () => {
    shellApi();
    signInAs({ currency: 'USD' });
    renderApp('/home');
    const { menu } = await openMenu();
    expect(await screen.findByText('Current credit: $12.50')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'My account' })).toHaveAttribute('href', '/account');
    expect(within(menu).getByRole('menuitem', { name: 'Buy more credit' })).toHaveAttribute(
      'href',
      '/credit/buy',
    );
    expect(within(menu).queryByText('Customer access')).not.toBeInTheDocument();
  });

  it('reads the balance again every 30 s (money 2.4, 9), with nothing else happening', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let credit = 12.5;
    shellApi((req) => (req.path === '/v1/credit' ? json({ credit, unseenInvoices: 0 }) : undefined));
    signInAs({ currency: 'USD' });
    renderApp('/home');
    await openMenu();
    expect(await screen.findByText('Current credit: $12.50')).toBeInTheDocument();
    credit = 40;
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(screen.getByText('Current credit: $12.50')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(await screen.findByText('Current credit: $40.00')).toBeInTheDocument();
  });

  it('counts credits for token accounts and links Order more credits', async () => {
    shellApi((req) => (req.path === '/v1/credit' ? json({ credit: 25 }) : undefined));
    signInAs({ paymentType: 'TOKEN_SINGLE_CREDIT' });
    renderApp('/home');
    const { menu } = await openMenu();
    expect(await screen.findByText('Current balance: 25 credit(s)')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Order more credits' })).toHaveAttribute(
      'href',
      '/credit/order',
    );
  });

  it('leaves out the balance and the credit link while the credit is unknown, and the link for individuals', async () => {
    shellApi((req) => (req.path === '/v1/credit' ? json({}, { status: 404 }) : undefined));
    signInAs();
    const { unmount } = renderApp('/home');
    let { menu } = await openMenu();
    expect(within(menu).queryByRole('menuitem', { name: /more credit/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/Current credit/)).not.toBeInTheDocument();
    unmount();

    shellApi();
    signInAs({ isIndividual: true });
    renderApp('/wallet');
    ({ menu } = await openMenu());
    expect(await screen.findByText('Current credit: £12.50')).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: /more credit/ })).not.toBeInTheDocument();
  });
});

describe('impersonation (spec 2.3, 4.7, 6.6)', () => {
  it("says who the admin acts for and switches the customer's access, then refreshes the login", async () => {
    const refreshed = makeToken(
      claimsOf({ isAvatar: true, hasReportsAccess: true, hasAnalyticsAccess: true, authorities: ADMIN }),
    );
    const fetch = shellApi((req) => {
      if (req.path === '/v1/account/access') return new Response(null, { status: 204 });
      if (req.path === '/v1/auth' && req.method === 'GET') {
        return new Response(null, { headers: { 'x-auth-token': refreshed, 'x-refresh-token': 'refresh-2' } });
      }
      return undefined;
    });
    signInAs({ isAvatar: true, authorities: ADMIN });
    const { router } = renderApp('/home');
    expect(await screen.findByText('Admin on behalf of Ann Able')).toBeInTheDocument();

    const { user, menu } = await openMenu();
    expect(within(menu).getByRole('menuitem', { name: 'Country Insights OFF' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Analytics OFF' })).toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Reports OFF' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/analytics'));
    const put = fetch.mock.calls.find(([u]) => u === '/v1/account/access');
    // Reports ON turns Analytics on too.
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ hasReportsAccess: true, hasAnalyticsAccess: true });
    const refresh = fetch.mock.calls.find(
      ([u, init]) => u === '/v1/auth' && (init?.method ?? 'GET') === 'GET',
    );
    expect(new Headers(refresh?.[1]?.headers).get('X-REFRESH-TOKEN')).toBe('refresh-1');
    expect(sessionStore.getState().refreshToken).toBe('refresh-2');
    const again = await openMenu();
    expect(within(again.menu).getByRole('menuitem', { name: 'Reports ON' })).toBeInTheDocument();
  });
});

describe('sidebar badges (spec 2.3)', () => {
  it('counts verifications in progress (capped at 9), needing action, and unseen invoices', async () => {
    const fetch = shellApi((req) => {
      if (req.path === '/v1/verification/meta') {
        return json({
          resultCounts: [
            { key: 'PENDING', value: 12 },
            { key: 'NOT_FOUND', value: 2 },
            { key: 'REJECTED', value: 1 },
            // Incomplete: Home's own count, not one needing action (money 4).
            { key: 'UNPAID', value: 1 },
            { key: 'AWAITING_CONSENT', value: 2 },
          ],
          pendingCount: 0,
        });
      }
      if (req.path === '/v1/credit') return json({ credit: 1, unseenInvoices: 4 });
      return undefined;
    });
    signInAs();
    renderApp('/home');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByLabelText('9+ in progress')).toBeInTheDocument();
    expect(within(nav).getByLabelText('3 need action')).toBeInTheDocument();
    expect(within(nav).getByLabelText('4 unseen')).toBeInTheDocument();
    const meta = fetch.mock.calls.find(([u]) => String(u).startsWith('/v1/verification/meta'));
    expect(decodeURIComponent(String(meta?.[0]))).toBe(
      '/v1/verification/meta?results=PENDING,UNPAID,AWAITING_CONSENT,NOT_FOUND,REJECTED',
    );
  });
});

describe('content and entry modals (spec 2.3, 4.5, 5.4)', () => {
  it('shows dashboard notices as warning banners', async () => {
    shellApi((req) =>
      req.path === '/v1/notice' && req.query.get('scope') === 'DASHBOARD' && req.query.get('size') === '200'
        ? json({ content: [{ message: 'Checks in Ruritania are slow.' }], totalSize: 1 })
        : undefined,
    );
    signInAs();
    renderApp('/home');
    const notice = await screen.findByText('Checks in Ruritania are slow.');
    expect(notice.closest('.MuiAlert-root')).toHaveClass('MuiAlert-colorWarning');
  });

  it('blocks with the terms until Agree is submitted, then saves, refreshes and thanks', async () => {
    const fetch = shellApi((req) => {
      if (req.path === '/v1/account' && req.method === 'GET') return json({ ...account, tcsVersion: 2 });
      if (req.path === '/v1/account' && req.method === 'PUT') return new Response(null, { status: 204 });
      if (req.path === '/v1/auth') {
        return new Response(null, {
          headers: { 'x-auth-token': makeToken(claimsOf()), 'x-refresh-token': 'r2' },
        });
      }
      return undefined;
    });
    signInAs({ tcsVersion: 2 });
    renderApp('/home');
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Before you continue ...' });
    await user.click(within(dialog).getByRole('radio', { name: 'Disagree' }));
    expect(
      within(dialog).getByText('You must accept our terms & conditions in order to use our service.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeDisabled();
    expect(within(dialog).getByText('Please resolve the errors above.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: 'Agree' }));
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Thank you! Your selections have been updated.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const put = fetch.mock.calls.find(([u, init]) => u === '/v1/account' && init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toMatchObject({
      username: 'ann@acme.example',
      tcsVersion: 3,
      marketing: true,
      interuptMessageAck: 1,
      company: null,
      institute: null,
    });
    expect(fetch.mock.calls.some(([u, init]) => u === '/v1/auth' && (init?.method ?? 'GET') === 'GET')).toBe(
      true,
    );
  });

  it('welcomes users who never acknowledged the message before 2018-10-30', async () => {
    const fetch = shellApi((req) =>
      req.path === '/v1/account' && req.method === 'PUT' ? new Response(null, { status: 204 }) : undefined,
    );
    signInAs({ interuptMessageAck: '2018-10-29' });
    renderApp('/home');
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Welcome!' });
    await user.click(within(dialog).getByRole('button', { name: "Great, let's go!" }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const put = fetch.mock.calls.find(([u, init]) => u === '/v1/account' && init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toMatchObject({ interuptMessageAck: 1 });
  });

  it('shows neither modal to an up-to-date account', async () => {
    shellApi();
    signInAs();
    renderApp('/home');
    await screen.findByRole('heading', { level: 2, name: 'Home' });
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('session (spec 4.1)', () => {
  it('checks every 10 s and logs out 14 minutes after the expiry, saying so at login', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const start = new Date('2026-11-20T10:00:00Z').getTime();
    vi.setSystemTime(start);
    const fetch = shellApi((req) =>
      req.path === '/v1/auth' ? new Response(null, { status: 204 }) : undefined,
    );
    signInAs({ expOffset: 900 }, start);
    const { router } = renderApp('/account');
    await screen.findByText('Your account');

    // 28:50 after login: still inside 15 + 14 minutes.
    await act(() => vi.advanceTimersByTimeAsync(28 * 60_000 + 50_000));
    expect(router.state.location.pathname).toBe('/account');
    await act(() => vi.advanceTimersByTimeAsync(20_000));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?expired=true');
    expect(screen.getByText('Your session has expired, please log in again')).toBeInTheDocument();
    expect(sessionStore.getState().token).toBe('');
    // The page comes back after the next login; the refresh token is revoked.
    expect(sessionStore.getState().redirectPage).toBe('/account');
    expect(fetch.mock.calls.some(([u, init]) => u === '/v1/auth' && init?.method === 'DELETE')).toBe(true);
  });
});
