import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/shared/api/client';
import { clearOnUserChange, createQueryClient, shouldRetryRead } from '@/shared/query/queryClient';
import { queryKeys } from '@/shared/query/queryKeys';
import { sessionStore } from '@/shared/session/sessionStore';
import { makeToken } from '@/test/fetchMock';

describe('the query client', () => {
  afterEach(() => sessionStore.clear());

  it('retries a read only when no answer came or the server failed, and at most twice', () => {
    expect(shouldRetryRead(0, new ApiError(0, ['no response']))).toBe(true);
    expect(shouldRetryRead(1, new ApiError(503, ['down']))).toBe(true);
    expect(shouldRetryRead(2, new ApiError(503, ['down']))).toBe(false);
    for (const status of [400, 401, 403, 404, 409, 422]) {
      expect(shouldRetryRead(0, new ApiError(status, ['answer']))).toBe(false);
    }
    expect(shouldRetryRead(0, new ApiError(0, ['Session expired.'], [], true))).toBe(false);
    expect(shouldRetryRead(0, new TypeError('a bug, not the network'))).toBe(false);
  });

  it('never retries a write on its own', () => {
    expect(createQueryClient().getDefaultOptions().mutations?.retry).toBe(false);
  });

  it("drops the previous user's data when another user signs in, keeps it across a token refresh", () => {
    const client = createQueryClient();
    sessionStore.signIn(makeToken({ sub: 'ann@example.com', cid: '1' }), 'r');
    const stop = clearOnUserChange(client);
    client.setQueryData(queryKeys.credit.summary(), { credit: 10 });

    sessionStore.signIn(makeToken({ sub: 'ann@example.com', cid: '1', exp: 9_999_999_999 }), 'r2');
    expect(client.getQueryData(queryKeys.credit.summary())).toEqual({ credit: 10 });

    sessionStore.signIn(makeToken({ sub: 'bob@example.com', cid: '2' }), 'r');
    expect(client.getQueryData(queryKeys.credit.summary())).toBeUndefined();

    client.setQueryData(queryKeys.credit.summary(), { credit: 5 });
    sessionStore.signOut('logout');
    expect(client.getQueryData(queryKeys.credit.summary())).toBeUndefined();
    stop();
  });

  it('treats an impersonated session as another caller', () => {
    const client = createQueryClient();
    sessionStore.signIn(makeToken({ sub: 'ann@example.com', cid: '1' }), 'r');
    const stop = clearOnUserChange(client);
    client.setQueryData(queryKeys.account.me(), { username: 'ann@example.com' });
    sessionStore.signIn(makeToken({ sub: 'ann@example.com', cid: '1', imp: 'staff@credence.test' }), 'r');
    expect(client.getQueryData(queryKeys.account.me())).toBeUndefined();
    stop();
  });
});
