import { act, screen, waitFor } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScreenCrash } from '@/app/ScreenCrash';
import { ApiError } from '@/shared/api/client';
import {
  BUFFER_CHECKOUT_MS,
  logitRequested,
  recordsOn,
  type RecordingReason,
} from '@/shared/debug/debugRecorder';
import { MAX_REPORTS_PER_PAGE, reportError, routeOf, type ErrorReport } from '@/shared/debug/errorReporting';
import { SessionRecording } from '@/shared/debug/SessionRecording';
import { json, mockFetch } from '@/test/fetchMock';
import { renderRoutes, Where } from '@/test/renderRoutes';
import { signInAs } from '@/test/session';
import { sessionStore } from '@/shared/session/sessionStore';

/** A stand-in for rrweb's record(): hands out its emit, counts starts and stops. */
function fakeRrweb() {
  const state = {
    starts: 0,
    stops: 0,
    emit: (_e: unknown, _checkout?: boolean) => undefined as void,
    options: {} as Record<string, unknown>,
  };
  const load = vi.fn(async () => ({
    record: (options: { emit: (e: unknown, checkout?: boolean) => void }) => {
      state.starts += 1;
      state.emit = options.emit;
      state.options = options;
      return () => {
        state.stops += 1;
      };
    },
  }));
  return { state, load };
}

function Crashing(): never {
  throw new Error('Cannot read properties of undefined (reading "fields")');
}

/** The recording at the top of a few routes, as the portal has it; `random` draws the tab's 10%. */
function setup(url: string, random = () => 0.5) {
  const { state, load } = fakeRrweb();
  const chunks: { id: string; seq: number; events: unknown[]; reason: RecordingReason }[] = [];
  const send = vi.fn(async (id: string, seq: number, events: unknown[], reason: RecordingReason) => {
    chunks.push({ id, seq, events, reason });
  });
  const reports: ErrorReport[] = [];
  mockFetch((req) => {
    if (req.path === '/v1/debug/errors' && req.method === 'POST') {
      reports.push(req.body as ErrorReport);
      return new Response(null, { status: 204 });
    }
    return json({});
  });
  const view = renderRoutes(
    [
      {
        element: (
          <>
            <SessionRecording send={send} load={load} random={random} />
            <Outlet />
          </>
        ),
        children: [
          { path: '/login', element: <Where /> },
          { path: '/verify/:key', element: <Where /> },
          { path: '/home', element: <Where /> },
          { path: '/verification/history/:id', element: <Where /> },
          { path: '/broken/:id', element: <Crashing />, errorElement: <ScreenCrash /> },
        ],
      },
    ],
    url,
  );
  return { ...view, state, load, chunks, reports };
}

afterEach(() => {
  sessionStorage.clear();
});

describe('routes in reports', () => {
  it('names the parameters instead of their values, and keeps no query', () => {
    expect(routeOf('/verification/history/QC1001', { id: 'QC1001' })).toBe('/verification/history/:id');
    expect(routeOf('/login/reset/abc%20def', { resetToken: 'abc def' })).toBe('/login/reset/:resetToken');
    expect(routeOf('/view/k1/extra/more', { id: 'k1', '*': 'extra/more' })).toBe('/view/:id/*');
    expect(routeOf('/home', {})).toBe('/home');
    expect(routeOf('/', {})).toBe('/');
  });
});

describe('debug recording (access 2.3)', () => {
  it('reads the flag and the routes it records on', () => {
    expect(logitRequested('?logit=true')).toBe(true);
    expect(logitRequested('?logit=false')).toBe(false);
    expect(logitRequested('')).toBe(false);
    expect(recordsOn('/login')).toBe(true);
    expect(recordsOn('/verification/history')).toBe(true);
    expect(recordsOn('/verify/abc')).toBe(false);
    expect(recordsOn('/verify')).toBe(false);
  });

  it('records with logit=true, says so, masks what is typed, stops on /verify and goes on elsewhere, in numbered chunks', async () => {
    const { state, router, chunks } = setup('/login?logit=true');
    expect(await screen.findByText(/^Debug Mode enabled\. Application version v/)).toBeInTheDocument();
    await waitFor(() => expect(state.starts).toBe(1));
    expect(state.options).toMatchObject({ maskAllInputs: true, blockSelector: '[data-private]' });
    // Sent as it goes: no checkouts needed. Support asked for it and the user was told: the page's text is kept.
    expect(state.options).not.toHaveProperty('checkoutEveryNms');
    expect(state.options).not.toHaveProperty('maskTextSelector');
    state.emit({ type: 4, data: { href: '/login' }, timestamp: 1 });
    state.emit({ type: 2, data: {}, timestamp: 2 });

    await act(() => router.navigate('/verify/some-key'));
    await waitFor(() => expect(state.stops).toBe(1));
    await waitFor(() => expect(chunks).toHaveLength(1));
    expect(chunks[0]).toMatchObject({ seq: 0, events: [{ type: 4 }, { type: 2 }], reason: 'debug' });
    expect(chunks[0].id).toMatch(/^[0-9a-f]{32}$/);

    // Back from /verify, no flag in the address: the tab's recording goes on, its chunks numbered on.
    await act(() => router.navigate('/home'));
    await waitFor(() => expect(state.starts).toBe(2));
    state.emit({ type: 3, data: {}, timestamp: 3 });
    await act(() => router.navigate('/verify/other'));
    await waitFor(() => expect(chunks).toHaveLength(2));
    expect(chunks[1]).toMatchObject({ id: chunks[0].id, seq: 1, events: [{ type: 3 }] });
  });

  it('ends with the session: signing out wipes its id, and the next screen is not sent', async () => {
    const { state, router, chunks } = setup('/login?logit=true');
    await waitFor(() => expect(state.starts).toBe(1));
    state.emit({ type: 2, data: {}, timestamp: 1 });
    sessionStorage.clear();
    await act(() => router.navigate('/home'));
    await waitFor(() => expect(state.stops).toBe(1));
    await waitFor(() => expect(chunks).toHaveLength(1));
    // A new tab state: drawn again (not sampled here), kept in memory only.
    await waitFor(() => expect(state.starts).toBe(2));
    state.emit({ type: 2, data: {}, timestamp: 2 });
    await act(() => router.navigate('/login'));
    await new Promise((r) => setTimeout(r, 20));
    expect(chunks).toHaveLength(1);
  });
});

describe('session replay for error reports (access 9)', () => {
  it('records one tab in ten as a sample, drawn once per tab, sent as it goes without a word to the user', async () => {
    const random = vi.fn(() => 0.05);
    const { state, router, chunks, load } = setup('/home', random);
    await new Promise((r) => setTimeout(r, 50));
    expect(load).toHaveBeenCalled();
    await waitFor(() => expect(state.starts).toBe(1));
    state.emit({ type: 2, data: {}, timestamp: 1 });
    await act(() => router.navigate('/verify/k'));
    await waitFor(() => expect(chunks).toHaveLength(1));
    expect(chunks[0]).toMatchObject({ seq: 0, reason: 'sampled' });
    expect(screen.queryByText(/Debug Mode enabled/)).not.toBeInTheDocument();
    await act(() => router.navigate('/home'));
    expect(random).toHaveBeenCalledTimes(1);
    expect(state.options).toMatchObject({ maskTextSelector: '*' });

    // Support then asks this tab to record: the user is told, and its text is kept from then on.
    await act(() => router.navigate('/home?logit=true'));
    expect(await screen.findByText(/^Debug Mode enabled/)).toBeInTheDocument();
    await waitFor(() => expect(state.options).not.toHaveProperty('maskTextSelector'));
    state.emit({ type: 2, data: {}, timestamp: 2 });
    await act(() => router.navigate('/verify/k'));
    await waitFor(() => expect(chunks).toHaveLength(2));
    expect(chunks[1]).toMatchObject({ id: chunks[0].id, reason: 'debug' });
  });

  it('keeps the other tabs in memory only, and sends the last minute or two with an error report, then records on', async () => {
    const { state, router, chunks, reports, load } = setup('/verification/history/QC1001?highlight=QC1001');
    // Not before the page has settled: the screen the user came for comes first.
    await new Promise((r) => setTimeout(r, 50));
    expect(load).not.toHaveBeenCalled();
    await waitFor(() => expect(state.starts).toBe(1));
    // Nobody asked for this one: every text is masked, not only what is typed.
    expect(state.options).toMatchObject({
      checkoutEveryNms: BUFFER_CHECKOUT_MS,
      maskAllInputs: true,
      maskTextSelector: '*',
    });
    state.emit({ type: 2, data: {}, timestamp: 1 });
    state.emit({ type: 3, data: { n: 'old' }, timestamp: 2 });
    // Two checkouts: what came before the first is dropped, the rest is kept.
    state.emit({ type: 2, data: {}, timestamp: 3 }, true);
    state.emit({ type: 3, data: { n: 'kept' }, timestamp: 4 });
    state.emit({ type: 2, data: {}, timestamp: 5 }, true);
    state.emit({ type: 3, data: { n: 'last' }, timestamp: 6 });
    await new Promise((r) => setTimeout(r, 20));
    expect(chunks).toHaveLength(0);

    await act(() => reportError(new TypeError('x is undefined'), 'error'));
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).toMatchObject({ seq: 0, reason: 'error' });
    expect(chunks[0].events.map((e) => (e as { timestamp: number }).timestamp)).toEqual([3, 4, 5, 6]);
    expect(reports).toEqual([
      expect.objectContaining({
        source: 'error',
        message: 'x is undefined',
        path: '/verification/history/:id',
        recordingId: chunks[0].id,
        appVersion: expect.any(String),
      }),
    ]);
    expect(reports[0].stack).toContain('TypeError');

    // Recording on, now sent: afresh (a new full snapshot), in numbered chunks, still masked.
    await waitFor(() => expect(state.starts).toBe(2));
    expect(state.options).not.toHaveProperty('checkoutEveryNms');
    expect(state.options).toMatchObject({ maskTextSelector: '*' });
    state.emit({ type: 2, data: {}, timestamp: 7 });
    await act(() => router.navigate('/verify/k'));
    await waitFor(() => expect(chunks).toHaveLength(2));
    expect(chunks[1]).toMatchObject({ id: chunks[0].id, seq: 1, reason: 'error' });
  });

  it("drops the minutes it kept when their user signs out: the next user's error report has none of them", async () => {
    signInAs({ sub: 'first@acme.example' });
    const { state, router, chunks } = setup('/home');
    await waitFor(() => expect(state.starts).toBe(1));
    state.emit({ type: 2, data: { who: 'first' }, timestamp: 1 });
    act(() => sessionStore.signOut('logout'));
    await act(() => router.navigate('/login'));
    await waitFor(() => expect(state.starts).toBe(2));
    state.emit({ type: 2, data: { who: 'next' }, timestamp: 2 });
    await act(() => reportError(new Error('after sign-out'), 'error'));
    expect(chunks).toHaveLength(1);
    expect(chunks[0].events).toEqual([{ type: 2, data: { who: 'next' }, timestamp: 2 }]);
  });

  it('a sampled tab that meets an error is kept as an error recording', async () => {
    const { state, router, chunks, reports } = setup('/home', () => 0);
    await waitFor(() => expect(state.starts).toBe(1));
    await act(() => reportError(new Error('boom'), 'unhandledrejection'));
    state.emit({ type: 3, data: {}, timestamp: 1 });
    await act(() => router.navigate('/verify/k'));
    await waitFor(() => expect(chunks).toHaveLength(1));
    expect(chunks[0].reason).toBe('error');
    expect(reports[0]).toMatchObject({ recordingId: chunks[0].id, source: 'unhandledrejection' });
  });

  it('reports errors nothing caught, once each, at most ten a page, and not the noise or what the user was told', async () => {
    const { state, reports } = setup('/home');
    await waitFor(() => expect(state.starts).toBe(1));
    const event = new ErrorEvent('error', { error: new RangeError('bad range'), message: 'bad range' });
    act(() => void dispatchEvent(event));
    await waitFor(() => expect(reports).toHaveLength(1));
    expect(reports[0]).toMatchObject({ source: 'error', message: 'bad range', path: '/home' });
    act(() => void dispatchEvent(new ErrorEvent('error', { error: new RangeError('bad range') })));
    act(() => void dispatchEvent(new ErrorEvent('error', { message: 'Script error.' })));
    act(() => void dispatchEvent(new ErrorEvent('error', { message: 'ResizeObserver loop limit exceeded' })));
    await reportError(new ApiError(422, ['Invalid password']), 'unhandledrejection');
    await reportError(new ApiError(422, ['Invalid password']), 'caught');
    await new Promise((r) => setTimeout(r, 20));
    expect(reports).toHaveLength(1);
    // A failure a screen reports is, when the API did not answer.
    await reportError(new ApiError(0, ['Server communication failure']), 'caught');
    expect(reports).toHaveLength(2);
    for (let i = 0; i < 20; i += 1) await reportError(new Error(`loop ${i}`), 'error');
    expect(reports).toHaveLength(MAX_REPORTS_PER_PAGE);
  });

  it("replaces a screen that fails to render by 'Oops!', and reports it with the route", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // React and the router log the error
    const { reports, chunks, state, router } = setup('/broken/QC77');
    expect(await screen.findByRole('heading', { name: 'Oops!' })).toBeInTheDocument();
    expect(
      screen.getByText('Something went wrong showing this page. Please try again or report this error.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    await waitFor(() => expect(reports).toHaveLength(1));
    expect(reports[0]).toMatchObject({
      source: 'render',
      message: 'Cannot read properties of undefined (reading "fields")',
      path: '/broken/:id',
    });
    // The screen failed on the first render, before the recording above it had started: the report names the
    // recording that goes on from there.
    expect(reports[0].recordingId).toMatch(/^[0-9a-f]{32}$/);
    await waitFor(() => expect(state.starts).toBeGreaterThan(0));
    state.emit({ type: 2, data: {}, timestamp: 1 });
    await act(() => router.navigate('/verify/k'));
    await waitFor(() => expect(chunks).toHaveLength(1));
    expect(chunks[0]).toMatchObject({ id: reports[0].recordingId, reason: 'error' });
  });

  it('sends no recording from /verify, where nothing is recorded', async () => {
    const { state, reports } = setup('/verify/KEY');
    await new Promise((r) => setTimeout(r, 20));
    expect(state.starts).toBe(0);
    await act(() => reportError(new Error('resolver fault'), 'error'));
    expect(reports).toEqual([expect.objectContaining({ path: '/verify/:key', message: 'resolver fault' })]);
    expect(reports[0]).not.toHaveProperty('recordingId');
    // Control characters, which the API refuses in a body, are replaced; an empty message still says something.
    await act(() => reportError(new Error('bell\u0007 and escape\u001b[31m'), 'error'));
    await act(() => reportError('', 'unhandledrejection'));
    expect(reports.slice(1).map((r) => r.message)).toEqual([
      'bell\uFFFD and escape\uFFFD[31m',
      '(no message)',
    ]);
  });
});
