import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { privateScreens, publicScreens } from '@/app/routes';
import { sessionStore } from '@/shared/session/sessionStore';
import { makeToken, mockFetch } from '@/test/fetchMock';
import { renderApp } from '@/test/renderApp';

function signIn(claims: Record<string, unknown>) {
  sessionStore.signIn(makeToken({ sub: 'ann@acme.example', ...claims }), 'refresh-1');
}

describe('routes (spec 2.1)', () => {
  it('shows the 404 page for an unknown path, signed in or not', () => {
    mockFetch();
    renderApp('/no/such/page');
    expect(screen.getByRole('heading', { level: 1, name: 'Page does not exist!' })).toBeInTheDocument();
    expect(screen.getByText('404 Not Found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('shows the maintenance page', () => {
    mockFetch();
    renderApp('/maintenance');
    expect(
      screen.getByRole('heading', { name: "We're Temporarily Down For Maintenance!" }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Please note any existing verifications will progress as usual.'),
    ).toBeInTheDocument();
  });

  it('sends a signed-out visitor of a private page to /login and remembers the page', async () => {
    mockFetch();
    const { router } = renderApp('/credit/history/42?x=1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(sessionStore.getState().redirectPage).toBe('/credit/history/42?x=1');
  });

  it('names every screen of the table, public ones included', async () => {
    mockFetch((req) => (req.path === '/v1/share/abc' ? new Response(null, { status: 204 }) : undefined));
    renderApp('/view/abc');
    // View Share is built now (issue 20): an unknown share answers 204.
    expect(await screen.findByText('Please close this window.')).toBeInTheDocument();
    const names = [...privateScreens, ...publicScreens].map((s) => s.name);
    expect(names).toEqual(
      expect.arrayContaining(['Home', "I'm Verified Wallet", 'Resolve Pending Verification', 'View Share']),
    );
  });

  it('redirects the short reset link to the screen under /login, keeping the query', async () => {
    mockFetch();
    const { router } = renderApp('/reset/tok-1?lang=en');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/reset/tok-1'));
    expect(router.state.location.search).toBe('?lang=en');
    expect(await screen.findByRole('heading', { name: 'Create new password' })).toBeInTheDocument();
  });

  it('sends / to the start page of the account kind', async () => {
    mockFetch();
    signIn({ isIndividual: true, paymentType: 'CARD' });
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/wallet'));
    expect(
      await within(screen.getByRole('banner')).findByRole('heading', { name: "I'm Verified Wallet" }),
    ).toBeInTheDocument();
  });

  it('navigates between screens from the sidebar, opened from the menu button on a phone', async () => {
    mockFetch();
    signIn({ paymentType: 'CARD' });
    const { router } = renderApp('/home');
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 2, name: 'Home' })).toBeInTheDocument();
    // jsdom matches no media query, so the shell is in its narrow layout with the sidebar behind a button.
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: 'Dashboard' }));

    expect(router.state.location.pathname).toBe('/dashboard');
    expect(await screen.findByRole('heading', { level: 2, name: 'Dashboard' })).toBeInTheDocument();
  });

  it('logs out after confirming, clearing the session', async () => {
    const fetch = mockFetch((req) =>
      req.path === '/v1/auth' && req.method === 'DELETE' ? new Response(null, { status: 204 }) : undefined,
    );
    signIn({ paymentType: 'CARD' });
    localStorage.setItem('credence.console.token', 'staff-token');
    const { router } = renderApp('/account');
    const user = userEvent.setup();

    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: /Account menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Logout?' });
    expect(dialog).toHaveTextContent('Are you sure you want to log out?');
    expect(dialog).toHaveTextContent('Any unsaved changes you have made will be lost!');
    await user.click(within(dialog).getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(sessionStore.getState().token).toBe('');
    expect(localStorage.getItem('credence.portal.session')).toBeNull();
    // The staff console shares the origin; the portal's logout is not the console's.
    expect(localStorage.getItem('credence.console.token')).toBe('staff-token');
    const revoke = fetch.mock.calls.find(([url, init]) => url === '/v1/auth' && init?.method === 'DELETE');
    expect(new Headers(revoke?.[1]?.headers).get('X-REFRESH-TOKEN')).toBe('refresh-1');
  });

  it('keeps the old hash links working', async () => {
    mockFetch();
    signIn({ paymentType: 'CARD', hasCountryAccess: true });
    const { router } = renderApp('/#/countryInfo');
    await waitFor(() => expect(router.state.location.pathname).toBe('/countryInfo'));
    expect(
      await within(screen.getByRole('banner')).findByRole('heading', { name: 'Country Insights' }),
    ).toBeInTheDocument();
  });
});
