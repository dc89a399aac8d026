import { vi } from 'vitest';

/** An unsigned JWT carrying the given claims: the console only reads the payload. */
export function makeToken(claims: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

export function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    ...init,
    headers: { 'Content-Type': 'application/json', ...(init.headers as Record<string, string> | undefined) },
  });
}

/** Replaces fetch; unanswered calls are 404s so a test notices a call it did not expect. */
export function mockFetch(handler: (url: string, init: RequestInit) => Response | undefined) {
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = input instanceof Request ? input.url : String(input);
    return (
      handler(url, input instanceof Request ? { method: input.method, headers: input.headers } : init) ??
      json({}, { status: 404 })
    );
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

export function loginResponse(claims: Record<string, unknown>, refreshToken = 'refresh-1') {
  const token = makeToken(claims);
  return {
    token,
    response: new Response(null, {
      status: 200,
      headers: { 'x-auth-token': token, 'x-refresh-token': refreshToken },
    }),
  };
}
