import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mayAccess } from '@/auth/permissions';
import { json } from '@/test/fetchMock';
import { page, query, renderConsole } from '@/test/render';

/** rrweb's Replayer replaced by a fake that records what the panel asked of it (jsdom cannot replay a page). */
const rrweb = vi.hoisted(() => {
  const calls: string[] = [];
  const state = { current: 0, fail: '', created: [] as { events: unknown[]; root: unknown }[] };
  class Replayer {
    constructor(events: unknown[], config: { root?: unknown }) {
      if (state.fail) throw new Error(state.fail);
      state.created.push({ events, root: config.root });
      calls.push('new');
    }
    on() {
      return this;
    }
    getMetaData() {
      return { startTime: 0, endTime: 95_000, totalTime: 95_000 };
    }
    getCurrentTime() {
      return state.current;
    }
    play(offset?: number) {
      calls.push(`play ${offset ?? 0}`);
      state.current = 12_000;
    }
    pause() {
      calls.push('pause');
    }
    destroy() {
      calls.push('destroy');
    }
  }
  return { calls, state, Replayer };
});
vi.mock('rrweb', () => ({ Replayer: rrweb.Replayer }));

const ID = '0123456789abcdef0123456789abcdef';
/** The session's error reports: none, unless a test says otherwise. */
const NO_ERRORS = { 'GET /admin/error-reports': page('error-reports', []) };
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const recording = (over: Record<string, unknown> = {}) => ({
  id: ID,
  startedAt: '2026-11-21T09:00:00Z',
  lastAt: '2026-11-21T09:04:30Z',
  username: 'alice@acme.test',
  userAgent: CHROME_ANDROID,
  appVersion: '1.8.0',
  bytes: 1_234_567,
  chunks: 7,
  ...over,
});
const events = [
  { type: 4, data: { href: 'https://portal.test/login', width: 1280, height: 720 }, timestamp: 1_000 },
  {
    type: 2,
    data: { node: { type: 0, childNodes: [], id: 1 }, initialOffset: { top: 0, left: 0 } },
    timestamp: 1_010,
  },
  { type: 3, data: { source: 1, positions: [{ x: 10, y: 20, id: 1, timeOffset: 0 }] }, timestamp: 96_000 },
];

beforeEach(() => {
  rrweb.calls.length = 0;
  rrweb.state.created.length = 0;
  rrweb.state.current = 0;
  rrweb.state.fail = '';
});

describe('debug sessions resource (access 2.3)', () => {
  it('lists the recordings newest first with their user, browser and size, and searches on the server', async () => {
    const { calls } = renderConsole('/debug-recordings', {
      'GET /admin/debug-recordings': page('debug-recordings', [
        recording({ reason: 'error' }),
        recording({
          id: 'f'.repeat(32),
          username: null,
          userAgent: null,
          bytes: 812,
          chunks: 1,
          reason: 'sampled',
        }),
      ]),
    });
    const row = (await screen.findByText('alice@acme.test')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Chrome 120 on Android')).toBeInTheDocument();
    expect(within(row).getByText('1.2 MB')).toBeInTheDocument();
    expect(within(row).getByText('7')).toBeInTheDocument();
    expect(within(row).getByText('After an error')).toBeInTheDocument();
    const signedOut = screen.getByText('Signed out').closest('tr') as HTMLElement;
    expect(within(signedOut).getByText('Unknown browser')).toBeInTheDocument();
    expect(within(signedOut).getByText('812 B')).toBeInTheDocument();
    expect(within(signedOut).getByText('Sampled')).toBeInTheDocument();
    for (const name of ['Started', 'Last event', 'User', 'Browser', 'Reason', 'Size', 'Chunks'])
      expect(screen.getByRole('columnheader', { name: new RegExp(name) })).toBeInTheDocument();
    // In the sidebar's Operations section, for staff administrators.
    expect(screen.getByRole('menuitem', { name: 'Debug sessions' })).toBeInTheDocument();
    expect(query(calls[0]).sort).toBe('["startedAt","DESC"]');

    await userEvent.type(screen.getByPlaceholderText('User, browser or id'), 'alice');
    await waitFor(() => expect(calls.some((c) => query(c).filter === '{"q":"alice"}')).toBe(true));
    // Why each was recorded (access 9): debug mode, a sampled session, or one with an error.
    await userEvent.click(screen.getByRole('combobox', { name: 'Reason' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(
      expect.arrayContaining(['Debug mode', 'Sampled', 'After an error']),
    );
    await userEvent.click(screen.getByRole('option', { name: 'After an error' }));
    await waitFor(() =>
      expect(calls.some((c) => query(c).filter === '{"q":"alice","reason":"error"}')).toBe(true),
    );
  });

  it('is for staff administrators only: auditors cannot open it', () => {
    expect(mayAccess('administrator', { resource: 'debug-recordings', action: 'list' })).toBe(true);
    for (const action of ['list', 'show', 'delete'])
      expect(mayAccess('auditor', { resource: 'debug-recordings', action })).toBe(false);
  });

  it('shows the facts and replays the session: Play plays, Pause pauses, and the time follows', async () => {
    renderConsole(`/debug-recordings/${ID}/show`, {
      ...NO_ERRORS,
      'GET /admin/debug-recordings/0123456789abcdef0123456789abcdef': json({ ...recording(), events }),
    });
    expect(await screen.findByText('Debug session alice@acme.test')).toBeInTheDocument();
    expect(screen.getByText('Chrome 120 on Android')).toBeInTheDocument();
    expect(screen.getByText('1.2 MB')).toBeInTheDocument();
    expect(screen.getByText('1.8.0')).toBeInTheDocument();
    // Recordings from before reasons were kept, like this one, were made in debug mode.
    expect(screen.getByText('Debug mode')).toBeInTheDocument();
    expect(screen.getByText(`User agent: ${CHROME_ANDROID}`)).toBeInTheDocument();

    const play = await screen.findByRole('button', { name: 'Play' });
    expect(await screen.findByText('0:00 / 1:35')).toBeInTheDocument();
    expect(rrweb.state.created.at(-1)?.events).toEqual(events);
    expect(rrweb.state.created.at(-1)?.root).toBe(screen.getByTestId('replay-stage'));
    expect(screen.getByText('Recorded at 1280 × 720')).toBeInTheDocument();

    await userEvent.click(play);
    expect(rrweb.calls).toContain('play 0');
    expect(await screen.findByText('0:12 / 1:35')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(rrweb.calls.at(-1)).toBe('pause');
    // Play again goes on from where it was paused.
    await userEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(rrweb.calls.at(-1)).toBe('play 12000');

    cleanup();
    expect(rrweb.calls.at(-1)).toBe('destroy');
  });

  it('lists the errors reported in the session, each opening to its report (access 9)', async () => {
    const { calls } = renderConsole(`/debug-recordings/${ID}/show`, {
      ...NO_ERRORS,
      'GET /admin/debug-recordings/0123456789abcdef0123456789abcdef': json({
        ...recording({ reason: 'error' }),
        events,
      }),
      'GET /admin/error-reports': page('error-reports', [
        {
          id: 'a0a0a0a0-0000-4000-8000-000000000001',
          occurredAt: '2026-11-21T09:03:00Z',
          source: 'render',
          message: 'Failed to fetch dynamically imported module',
          path: '/account',
          recordingId: ID,
          hasRecording: true,
        },
      ]),
    });
    const section = (await screen.findByText('Errors in this session')).closest('section') ?? document.body;
    expect(
      await within(section as HTMLElement).findByText('Failed to fetch dynamically imported module'),
    ).toBeInTheDocument();
    expect(within(section as HTMLElement).getByText('Rendering error')).toBeInTheDocument();
    expect(within(section as HTMLElement).getByText('/account')).toBeInTheDocument();
    const asked = calls.find((c) => c.url.startsWith('/admin/error-reports'));
    expect(decodeURIComponent(asked?.url ?? '')).toContain(`"recordingId":"${ID}"`);
  });

  it('says when no error was reported in the session', async () => {
    renderConsole(`/debug-recordings/${ID}/show`, {
      ...NO_ERRORS,
      'GET /admin/debug-recordings/0123456789abcdef0123456789abcdef': json({ ...recording(), events }),
      'GET /admin/error-reports': page('error-reports', []),
    });
    expect(await screen.findByText('No error was reported in this session.')).toBeInTheDocument();
  });

  it('says when a recording has no events to replay yet', async () => {
    renderConsole(`/debug-recordings/${ID}/show`, {
      ...NO_ERRORS,
      'GET /admin/debug-recordings/0123456789abcdef0123456789abcdef': json({
        ...recording({ username: null, chunks: 1, bytes: 240 }),
        events: events.slice(0, 1),
      }),
    });
    expect(await screen.findByText('This recording has no events yet.')).toBeInTheDocument();
    expect(screen.getByText('Debug session 0123456789abcdef0123456789abcdef')).toBeInTheDocument();
    expect(screen.getByText('Signed out')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Play' })).toBeNull();
    expect(rrweb.state.created).toHaveLength(0);
  });

  it('says so when rrweb cannot replay the recording', async () => {
    rrweb.state.fail = 'No full snapshot to start from';
    renderConsole(`/debug-recordings/${ID}/show`, {
      ...NO_ERRORS,
      'GET /admin/debug-recordings/0123456789abcdef0123456789abcdef': json({ ...recording(), events }),
    });
    expect(
      await screen.findByText('This recording cannot be replayed: No full snapshot to start from'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Play' })).toBeNull();
  });

  it('deletes a reviewed session after asking, and goes back to the list', async () => {
    let deleted = false;
    const { calls, router } = renderConsole(`/debug-recordings/${ID}/show`, {
      ...NO_ERRORS,
      'GET /admin/debug-recordings/0123456789abcdef0123456789abcdef': json({ ...recording(), events }),
      'DELETE /admin/debug-recordings/0123456789abcdef0123456789abcdef': () => {
        deleted = true;
        return json(recording());
      },
      'GET /admin/debug-recordings': () => page('debug-recordings', deleted ? [] : [recording()]),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(screen.getByText('Delete this debug session?')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
        `/admin/debug-recordings/${ID}`,
      ]),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/debug-recordings'));
    expect(await screen.findByText('No debug sessions')).toBeInTheDocument();
  });
});
