import { describe, expect, it } from 'vitest';
import { tokens } from '@/auth/tokens';
import { dataProvider } from '@/dataProvider';
import { json, makeToken, mockFetch } from '@/test/fetchMock';

describe('console dataProvider', () => {
  it('reads /admin resources with the staff token and the Content-Range total', async () => {
    const token = makeToken({ sub: 'sam@credence.test' });
    tokens.store(token, 'r');
    const fetch = mockFetch((url) =>
      url.startsWith('/admin/mails')
        ? json([{ id: 1, to: 'ann@acme.example', subject: 'Welcome', createdAt: '2026-11-20T10:00:00Z' }], {
            headers: { 'Content-Range': 'mails 0-0/1' },
          })
        : undefined,
    );

    const result = await dataProvider.getList('mails', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: {},
    });

    expect(result).toMatchObject({ total: 1, data: [{ subject: 'Welcome' }] });
    const [url, init] = fetch.mock.calls[0];
    expect(decodeURIComponent(String(url))).toContain(
      '/admin/mails?filter={}&range=[0,24]&sort=["createdAt","DESC"]',
    );
    expect(new Headers(init?.headers).get('X-AUTH-TOKEN')).toBe(token);
  });
});

describe('console httpClient', () => {
  it("turns the spec's error body into the error message", async () => {
    tokens.store(makeToken({ sub: 'sam@credence.test', exp: Math.floor(Date.now() / 1000) + 600 }), 'r');
    mockFetch(() => json({ errors: [{ message: 'currency must be one of GBP, USD, EUR, AUD' }] }, { status: 400 }));
    await expect(dataProvider.update('customers', { id: 'acme', data: { currency: 'JPY' }, previousData: { id: 'acme' } })).rejects.toMatchObject({
      status: 400,
      message: 'currency must be one of GBP, USD, EUR, AUD',
    });
  });

  it('refreshes a token about to expire before the call, with the refresh token, once for parallel calls', async () => {
    tokens.store(makeToken({ sub: 'sam@credence.test', exp: Math.floor(Date.now() / 1000) + 5 }), 'refresh-old');
    const fresh = makeToken({ sub: 'sam@credence.test', exp: Math.floor(Date.now() / 1000) + 900 });
    const fetch = mockFetch((url, init) => {
      if (url === '/v1/auth' && (init.method ?? 'GET') === 'GET') {
        return new Response(null, { status: 200, headers: { 'x-auth-token': fresh, 'x-refresh-token': 'refresh-new' } });
      }
      return url.startsWith('/admin/mails') ? json([], { headers: { 'Content-Range': 'mails */0' } }) : undefined;
    });
    const params = { pagination: { page: 1, perPage: 5 }, sort: { field: 'createdAt', order: 'DESC' as const }, filter: {} };
    await Promise.all([dataProvider.getList('mails', params), dataProvider.getList('mails', params)]);

    const refreshes = fetch.mock.calls.filter(([url]) => url === '/v1/auth');
    expect(refreshes).toHaveLength(1);
    expect(new Headers(refreshes[0][1]?.headers).get('X-REFRESH-TOKEN')).toBe('refresh-old');
    const listCall = fetch.mock.calls.find(([url]) => String(url).startsWith('/admin/mails'));
    expect(new Headers(listCall?.[1]?.headers).get('X-AUTH-TOKEN')).toBe(fresh);
    expect(tokens.refreshToken).toBe('refresh-new');
  });
});
