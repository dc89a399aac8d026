import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, authProvider } from '@/auth/authProvider';
import { tokens } from '@/auth/tokens';
import { json, loginResponse, makeToken, mockFetch } from '@/test/fetchMock';

describe('console authProvider', () => {
  it('signs staff in with POST /v1/auth and stores both tokens from the response headers', async () => {
    const { token, response } = loginResponse({ sub: 'sam@credence.test', authorities: [{ authority: 'ROLE_QC_ADMIN' }] });
    const fetch = mockFetch((url, init) =>
      url === '/v1/auth' && init.method === 'POST' ? response : undefined,
    );

    await authProvider.login({ username: 'sam@credence.test', password: 'Secret-1' });

    expect(JSON.parse(String(fetch.mock.calls[0][1]?.body))).toEqual({
      username: 'sam@credence.test',
      password: 'Secret-1',
    });
    expect(new Headers(fetch.mock.calls[0][1]?.headers).get('X-Client-Type')).toBe('WEB');
    expect(tokens.token).toBe(token);
    expect(tokens.refreshToken).toBe('refresh-1');
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    await expect(authProvider.getIdentity?.()).resolves.toEqual({
      id: 'sam@credence.test',
      fullName: 'sam@credence.test',
    });
  });

  it("refuses a customer's team admin (ROLE_ADMIN is not staff)", async () => {
    const { response } = loginResponse({
      sub: 'alice@acme.test',
      authorities: [{ authority: 'ROLE_USER' }, { authority: 'ROLE_ADMIN' }],
    });
    mockFetch((url, init) => (url === '/v1/auth' && init.method === 'POST' ? response : new Response(null, { status: 204 })));

    await expect(authProvider.login({ username: 'alice@acme.test', password: 'x' })).rejects.toThrow(
      'This console is for Credence staff. Please sign in to the portal instead.',
    );
    expect(tokens.token).toBe('');
  });

  it('refuses a customer with the spec message, stores nothing and revokes their session', async () => {
    const { response } = loginResponse(
      { sub: 'ann@acme.example', authorities: [{ authority: 'ROLE_USER' }] },
      'cust-refresh',
    );
    const fetch = mockFetch((url, init) => {
      if (url === '/v1/auth' && init.method === 'POST') return response;
      if (url === '/v1/auth' && init.method === 'DELETE') return new Response(null, { status: 204 });
      return undefined;
    });

    await expect(authProvider.login({ username: 'ann@acme.example', password: 'x' })).rejects.toThrow(
      'This console is for Credence staff. Please sign in to the portal instead.',
    );

    expect(tokens.token).toBe('');
    expect(localStorage.length).toBe(0);
    const revoke = fetch.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(new Headers(revoke?.[1]?.headers).get('X-REFRESH-TOKEN')).toBe('cust-refresh');
  });

  it('says so when the password is wrong, and for any other failure', async () => {
    mockFetch(() => json({ errors: [{ message: 'Bad credentials' }] }, { status: 401 }));
    await expect(authProvider.login({ username: 'sam@credence.test', password: 'no' })).rejects.toThrow(
      AUTH_MESSAGES.incorrect,
    );

    mockFetch(() => json({}, { status: 500 }));
    await expect(authProvider.login({ username: 'sam@credence.test', password: 'no' })).rejects.toThrow(
      AUTH_MESSAGES.unknown,
    );
  });

  it('logs out with DELETE /v1/auth carrying the refresh token, and clears the console storage only', async () => {
    tokens.store(makeToken({ sub: 'sam@credence.test' }), 'refresh-9');
    localStorage.setItem('credence.portal.session', '{"token":"portal"}');
    const fetch = mockFetch((url, init) =>
      url === '/v1/auth' && init.method === 'DELETE' ? new Response(null, { status: 204 }) : undefined,
    );

    await authProvider.logout({});

    expect(new Headers(fetch.mock.calls[0][1]?.headers).get('X-REFRESH-TOKEN')).toBe('refresh-9');
    expect(tokens.token).toBe('');
    expect(tokens.refreshToken).toBe('');
    expect(localStorage.getItem('credence.portal.session')).not.toBeNull();
    await expect(authProvider.checkAuth({})).rejects.toEqual({ message: false });
  });

  it('logs out on 401 from the API, not on 403 (a read this role may not make) nor other errors', async () => {
    tokens.store(makeToken({ sub: 'sam@credence.test' }), 'r');
    await expect(authProvider.checkError({ status: 500 })).resolves.toBeUndefined();
    await expect(authProvider.checkError({ status: 403 })).resolves.toBeUndefined();
    expect(tokens.token).not.toBe('');
    await expect(authProvider.checkError({ status: 401 })).rejects.toThrow();
    expect(tokens.token).toBe('');
  });

  it('signs a staff auditor in (ROLE_AUDITOR) to the verifications, and lets them open only those, read-only', async () => {
    const { response } = loginResponse({ sub: 'auditor@credence.test', authorities: [{ authority: 'ROLE_USER' }, { authority: 'ROLE_AUDITOR' }] });
    mockFetch((url, init) => (url === '/v1/auth' && init.method === 'POST' ? response : undefined));

    await expect(authProvider.login({ username: 'auditor@credence.test', password: 'x' })).resolves.toEqual({ redirectTo: '/verifications' });
    await expect(authProvider.getPermissions?.({})).resolves.toBe('auditor');
    const may = (resource: string, action: string) => authProvider.canAccess?.({ resource, action });
    await expect(may('verifications', 'list')).resolves.toBe(true);
    await expect(may('verifications', 'show')).resolves.toBe(true);
    for (const [resource, action] of [['verifications', 'edit'], ['verifications', 'delete'], ['verifications', 'create'], ['users', 'list'], ['invoices', 'show'], ['mails', 'list']]) {
      await expect(may(resource, action)).resolves.toBe(false);
    }
  });

  it('lets a staff administrator open everything, with no redirect', async () => {
    const { response } = loginResponse({ sub: 'sam@credence.test', authorities: [{ authority: 'ROLE_QC_ADMIN' }] });
    mockFetch((url, init) => (url === '/v1/auth' && init.method === 'POST' ? response : undefined));
    await expect(authProvider.login({ username: 'sam@credence.test', password: 'x' })).resolves.toBeUndefined();
    await expect(authProvider.getPermissions?.({})).resolves.toBe('administrator');
    await expect(authProvider.canAccess?.({ resource: 'users', action: 'edit' })).resolves.toBe(true);
  });

  it('treats an expired token as signed out', async () => {
    tokens.store(makeToken({ sub: 'sam@credence.test', exp: Math.floor(Date.now() / 1000) - 5 }), 'r');
    await expect(authProvider.checkAuth({})).rejects.toThrow('Session expired.');
  });
});
