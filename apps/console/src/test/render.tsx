import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { tokens } from '@/auth/tokens';
import { consoleRoutes } from '@/router';
import { json, makeToken, mockFetch } from '@/test/fetchMock';
import { fakeMediaQuery } from '@/test/media';

export interface Call {
  method: string;
  url: string;
  body: unknown;
}

type Answer = Response | ((call: Call) => Response | undefined);

/**
 * Renders the whole console at a path, signed in as staff (`as`: another staff role), with the API replaced by `routes`: keys are
 * 'METHOD /path' (the query string ignored) or 'METHOD /path?' (matched with it). Every call is recorded.
 */
export function renderConsole(path: string, routes: Record<string, Answer>, as: { sub: string; authority: string } = { sub: 'sam@credence.test', authority: 'ROLE_QC_ADMIN' }) {
  tokens.store(makeToken({ sub: as.sub, exp: Math.floor(Date.now() / 1000) + 3600, authorities: [{ authority: as.authority }] }), 'r');
  const calls: Call[] = [];
  const fetch = mockFetch((url, init) => {
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? safeJson(init.body) : init.body;
    const call = { method, url, body };
    calls.push(call);
    const [pathOnly] = url.split('?');
    const answer = routes[`${method} ${url}`] ?? routes[`${method} ${pathOnly}`];
    if (answer === undefined) return undefined;
    return typeof answer === 'function' ? answer(call) : answer.clone();
  });
  const router = createMemoryRouter(consoleRoutes, { initialEntries: [`/console${path}`] });
  render(<RouterProvider router={router} />);
  return { calls, fetch, router };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A simple-rest list answer with its Content-Range. */
export const page = (resource: string, rows: unknown[], total = rows.length) =>
  json(rows, { headers: { 'Content-Range': rows.length ? `${resource} 0-${rows.length - 1}/${total}` : `${resource} */${total}` } });

export const notFound = () => json({ errors: [{ message: 'Cannot GET' }] }, { status: 404 });

/** Decoded query parameters of a recorded call. */
export const query = (call: Call) => Object.fromEntries(new URL(call.url, 'http://x').searchParams.entries());

export const openWindow = () => vi.spyOn(window, 'open').mockImplementation(() => null);

/**
 * A phone-width screen for react-admin's useMediaQuery (jsdom has no layout): every max-width query matches, so the
 * lists render their phone layout. test-setup.ts unstubs globals after each test.
 */
export const onPhone = () => vi.stubGlobal('matchMedia', (media: string) => fakeMediaQuery(media, media.includes('max-width')));
