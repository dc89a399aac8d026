import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { partnerLoginRedirect, partnerOfPath } from '@/shared/public/partnerLogin';
import { sessionStore } from '@/shared/session/sessionStore';
import { json, makeToken, mockFetch } from '@/test/fetchMock';
import { renderApp } from '@/test/renderApp';

async function logIn(username = 'ann@example.com', password = 'Secret-1') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/Email address \/ Username/), username);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
  return user;
}

describe('Login screen (spec 2.5)', () => {
  it('shows its fields, links and the register card', () => {
    mockFetch();
    renderApp('/login');

    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email address / Username' })).toBeRequired();
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/login/reset',
    );
    expect(screen.getByText("Don't have an account?")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register for free' })).toHaveAttribute(
      'href',
      '/login/register',
    );
    expect(screen.queryByText('Your session has expired, please log in again')).not.toBeInTheDocument();
  });

  it('carries atid into the register link and hides the card on a partner login', () => {
    mockFetch();
    const { unmount } = renderApp('/login?atid=3');
    expect(screen.getByRole('link', { name: 'Register for free' })).toHaveAttribute(
      'href',
      '/login/register?atid=3',
    );
    unmount();

    const partner = renderApp('/login/partners');
    expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByText('Register for free')).not.toBeInTheDocument();
    partner.unmount();

    // Access 2.1: a segment no partner has is a path like any other unknown one.
    renderApp('/login/acme');
    expect(screen.getByRole('heading', { name: 'Page does not exist!' })).toBeInTheDocument();
  });

  it("uses the partner logo on the partner's login, 'In partnership with', and not on the others", async () => {
    mockFetch();
    const { unmount } = renderApp('/login/Partners/');
    // Read as 'In partnership with Credence Partners'.
    const logo = await screen.findByRole('img', { name: 'Credence Partners' });
    // The logo file, or inlined by the build as a data address (a small picture).
    expect(logo.getAttribute('src')).toMatch(/partner-logo|^data:image\/svg\+xml/);
    unmount();
    renderApp('/login');
    expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Credence Partners' })).not.toBeInTheDocument();
  });

  it("sends a partner's login to the alternative-branded host at start-up (access 2.1), and nothing else", () => {
    const at = (hostname: string, pathname: string, search = '') =>
      partnerLoginRedirect({ hostname, pathname, search });
    expect(at('app.credence.test', '/login/partners', '?expired=true')).toBe(
      'https://verify.credence-partners.test/login/partners?expired=true',
    );
    expect(at('uni-demo.credence.test', '/login/PARTNERS/')).toBe(
      'https://verify.credence-partners.test/login/partners',
    );
    // Already there; a developer's machine; not a partner's path.
    expect(at('verify.credence-partners.test', '/login/partners')).toBeNull();
    expect(at('localhost', '/login/partners')).toBeNull();
    expect(at('app.credence.test', '/login/acme')).toBeNull();
    expect(at('app.credence.test', '/login')).toBeNull();
    expect(at('app.credence.test', '/login/partners/extra')).toBeNull();
    expect(partnerOfPath('/login/partners')).toMatchObject({
      segment: 'partners',
      name: 'Credence Partners',
    });
  });

  it('says the session expired when sent back with expired=true', () => {
    mockFetch();
    renderApp('/login?expired=true');
    expect(screen.getByText('Your session has expired, please log in again')).toBeInTheDocument();
  });

  it('becomes Impersonate when a staff admin signs in as a customer', () => {
    mockFetch();
    renderApp('/login?impersonate=bob@acme.example');
    expect(screen.getByRole('heading', { level: 1, name: 'Impersonate' })).toBeInTheDocument();
    expect(screen.getByText(/admin credentials/)).toHaveTextContent('bob@acme.example');
    expect(screen.getByText(/admin credentials/)).toHaveTextContent('15 min');
  });

  it('toasts the spec message when the username or password is wrong', async () => {
    const fetch = mockFetch((req) =>
      req.path === '/v1/auth'
        ? json({ errors: [{ message: 'Bad credentials' }] }, { status: 401 })
        : undefined,
    );
    renderApp('/login');

    await logIn('ann@example.com', 'wrong');

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Incorrect username or password');
    const call = fetch.mock.calls.find(([url]) => url === '/v1/auth');
    expect(call?.[1]?.method).toBe('POST');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ username: 'ann@example.com', password: 'wrong' });
    expect(sessionStore.getState().token).toBe('');
  });

  it('toasts the unknown-error message for any other failure', async () => {
    mockFetch((req) =>
      req.path === '/v1/auth' ? json({ errors: [{ message: 'boom' }] }, { status: 500 }) : undefined,
    );
    renderApp('/login');

    await logIn();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An unknown error occurred, please try again or report this error.',
    );
  });

  it('asks for both fields before calling the server', async () => {
    const fetch = mockFetch();
    renderApp('/login');
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(screen.getByText('Email address / Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Please resolve the errors above.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Email address \/ Username/ })).toHaveFocus();
    expect(fetch.mock.calls.some(([url]) => url === '/v1/auth')).toBe(false);
  });

  it('stores the tokens from the response headers and returns to the page the user asked for', async () => {
    const token = makeToken({ sub: 'ann@example.com', paymentType: 'CARD' });
    mockFetch((req) =>
      req.path === '/v1/auth'
        ? new Response(null, {
            status: 200,
            headers: { 'x-auth-token': token, 'x-refresh-token': 'refresh-1' },
          })
        : undefined,
    );
    const { router } = renderApp('/verification/history?result=VERIFIED');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));

    await logIn();

    await waitFor(() => expect(router.state.location.pathname).toBe('/verification/history'));
    expect(router.state.location.search).toBe('?result=VERIFIED');
    expect(sessionStore.getState()).toMatchObject({ token, refreshToken: 'refresh-1', redirectPage: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'History list' })).toBeInTheDocument();
  });

  it('sends an individual with open applications to them', async () => {
    const token = makeToken({ sub: 'ivy@example.com', isIndividual: true, paymentType: 'CARD' });
    mockFetch((req) => {
      if (req.path === '/v1/auth') return new Response(null, { headers: { 'x-auth-token': token } });
      if (
        req.path === '/v1/application' &&
        req.query.get('status') === 'OPEN' &&
        req.query.get('size') === '500'
      ) {
        return json({ totalSize: 1, content: [{ id: 7 }] });
      }
      return undefined;
    });
    const { router } = renderApp('/login');

    await logIn();

    await waitFor(() => expect(router.state.location.pathname).toBe('/applications/open'));
  });

  it('sends other users to their start page', async () => {
    const token = makeToken({ sub: 'uni@example.com', paymentType: 'INSTITUTE', allowedTypes: ['edu'] });
    mockFetch((req) =>
      req.path === '/v1/auth' ? new Response(null, { headers: { 'x-auth-token': token } }) : undefined,
    );
    const { router } = renderApp('/login');

    await logIn();

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Dashboard' })).toBeInTheDocument();
  });
});
