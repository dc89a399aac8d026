import { vi } from 'vitest';

export interface MockRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

export type MockHandler = (request: MockRequest) => Response | Promise<Response> | undefined;

export function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    ...init,
    headers: { 'Content-Type': 'application/json', ...(init.headers as Record<string, string> | undefined) },
  });
}

/**
 * Replaces fetch with a handler that sees parsed requests. /v1/info/ answers 0.1.0 unless the handler answers it;
 * anything else unanswered is a 404, so a test notices a call it did not expect.
 */
export function mockFetch(handler: MockHandler = () => undefined) {
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const request: MockRequest = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    const response = await handler(request);
    if (response) return response;
    if (request.path === '/v1/info/') return json({ version: '0.1.0' });
    return json(
      { errors: [{ message: `Unexpected call ${request.method} ${request.path}` }] },
      { status: 404 },
    );
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

/** An unsigned JWT carrying the given claims: the portal only reads the payload. */
export function makeToken(claims: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}
