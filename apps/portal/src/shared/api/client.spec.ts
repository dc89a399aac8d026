import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, apiRequest, ApiError, NO_RESPONSE_MESSAGE } from '@/shared/api/client';
import { sessionStore } from '@/shared/session/sessionStore';
import { json, makeToken, mockFetch } from '@/test/fetchMock';

describe('api client', () => {
  afterEach(() => vi.useRealTimers());

  it('calls /v1 with the client type, an empty token when signed out, and the query', async () => {
    const fetch = mockFetch(() => json({ ok: true }));

    await expect(api.get('/verification', { page: 0, size: 20, name: undefined })).resolves.toEqual({
      ok: true,
    });

    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/v1/verification?page=0&size=20');
    const headers = new Headers(init?.headers);
    expect(headers.get('X-Client-Type')).toBe('WEB');
    expect(headers.get('X-AUTH-TOKEN')).toBe('');
  });

  it("sends the signed-in user's token and a JSON body", async () => {
    const token = makeToken({ sub: 'ann@example.com' });
    sessionStore.signIn(token, 'refresh');
    const fetch = mockFetch(() => new Response(null, { status: 204 }));

    await expect(api.post('/auth', { username: 'ann' })).resolves.toBeUndefined();

    const init = fetch.mock.calls[0][1];
    const headers = new Headers(init?.headers);
    expect(headers.get('X-AUTH-TOKEN')).toBe(token);
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"username":"ann"}');
  });

  it('sends one Idempotency-Key per action: a retry after no answer or a 5xx reuses it, a new action gets a new one', async () => {
    sessionStore.signIn(makeToken({ sub: 'ann@example.com' }), 'refresh');
    const statuses = [503, 201, 201];
    const fetch = mockFetch(() => json({ id: 'QC1' }, { status: statuses.shift() }));
    const key = () => new Headers(fetch.mock.calls.at(-1)?.[1]?.headers).get('Idempotency-Key');
    const order = { instituteId: 'uni-demo', consent: true };

    await expect(api.post('/verification', order, undefined, { silent: true })).rejects.toBeInstanceOf(ApiError);
    const first = key();
    expect(first).toMatch(/.{16,}/);
    await api.post('/verification', order);
    expect(key()).toBe(first);
    await api.post('/verification', order);
    expect(key()).not.toBe(first);
    await api.get('/verification');
    expect(key()).toBeNull();
  });

  it('says which application is in progress with every call while there is one, and stops after', async () => {
    sessionStore.signIn(makeToken({ sub: 'ann@example.com' }), 'refresh');
    const fetch = mockFetch(() => json({}));
    const sent = () => new Headers(fetch.mock.calls.at(-1)?.[1]?.headers).get('X-QC-APPL-ID');

    await api.get('/verification');
    expect(sent()).toBeNull();

    sessionStore.setApplicationInProgress('77');
    await api.get('/verification');
    expect(sent()).toBe('77');
    await api.post('/verification', {});
    expect(sent()).toBe('77');
    // A token refresh is the same caller: the application is still in progress.
    sessionStore.signIn(makeToken({ sub: 'ann@example.com', exp: 9_999_999_999 }), 'refresh-2');
    await api.get('/verification');
    expect(sent()).toBe('77');

    sessionStore.setApplicationInProgress(null);
    await api.get('/verification');
    expect(sent()).toBeNull();

    // Another user does not inherit it.
    sessionStore.setApplicationInProgress('77');
    sessionStore.signIn(makeToken({ sub: 'bob@example.com' }), 'refresh');
    await api.get('/verification');
    expect(sent()).toBeNull();
  });

  it('gives response headers to callers that need them', async () => {
    mockFetch(() => new Response(null, { status: 200, headers: { 'x-auth-token': 'abc' } }));
    const response = await apiRequest('/auth', { method: 'POST', body: {} });
    expect(response.headers.get('x-auth-token')).toBe('abc');
  });

  it("turns the server's errors[].message into an ApiError with every message", async () => {
    mockFetch(() =>
      json({ errors: [{ message: 'Invalid password' }, { message: 'Too short' }] }, { status: 400 }),
    );

    const error = await api.put('/auth', {}).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, messages: ['Invalid password', 'Too short'] });
    expect((error as ApiError).message).toBe('Invalid password\nToo short');
  });

  it("falls back to the response's own message, then to its status text", async () => {
    mockFetch(() => json({ message: 'Forbidden resource' }, { status: 403 }));
    await expect(api.get('/account')).rejects.toMatchObject({
      status: 403,
      messages: ['Forbidden resource'],
    });

    mockFetch(() => new Response('<html>oops</html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(api.get('/account')).rejects.toMatchObject({ status: 502, messages: ['Bad Gateway'] });
  });

  it('reports no response with the spec message when the network fails', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(api.get('/info/')).rejects.toMatchObject({ status: 0, messages: [NO_RESPONSE_MESSAGE] });
    expect(NO_RESPONSE_MESSAGE).toBe(
      'Server communication failure, request timed out after 60 seconds. Please try again or report this error.',
    );
  });

  it('gives up after 300000 ms, not before', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    vi.stubGlobal('fetch', fetch);

    const outcome = api.get('/verification').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(299_999);
    expect(fetch.mock.calls[0][1].signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);

    await expect(outcome).resolves.toMatchObject({ status: 0, messages: [NO_RESPONSE_MESSAGE] });
  });

  it("passes a caller's own cancellation through rather than reporting a failure", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    const controller = new AbortController();
    const outcome = api
      .get('/verification', undefined, { signal: controller.signal })
      .catch((e: unknown) => e);
    controller.abort();
    const error = await outcome;
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: 'AbortError' });
  });
});
