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
