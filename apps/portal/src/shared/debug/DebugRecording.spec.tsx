import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DebugRecording } from '@/shared/debug/DebugRecording';
import { logitRequested, recordsOn } from '@/shared/debug/debugRecorder';
import { renderRoutes, Where } from '@/test/renderRoutes';

/** A stand-in for rrweb's record(): hands out its emit, counts starts and stops. */
function fakeRrweb() {
  const state = {
    starts: 0,
    stops: 0,
    emit: (_e: unknown) => undefined as void,
    options: {} as Record<string, unknown>,
  };
  const load = vi.fn(async () => ({
    record: (options: { emit: (e: unknown) => void }) => {
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

function setup(url: string) {
  const { state, load } = fakeRrweb();
  const chunks: { id: string; seq: number; events: unknown[] }[] = [];
  const send = vi.fn(async (id: string, seq: number, events: unknown[]) => {
    chunks.push({ id, seq, events });
  });
  const element = (
    <>
      <DebugRecording send={send} load={load} />
      <Where />
    </>
  );
  const view = renderRoutes(
    [
      { path: '/login', element },
      { path: '/verify/:key', element },
      { path: '/home', element },
    ],
    url,
  );
  return { ...view, state, load, chunks };
}

afterEach(() => {
  sessionStorage.clear();
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

  it('records nothing without logit=true', async () => {
    const { load } = setup('/login');
    await screen.findByTestId('where');
    expect(load).not.toHaveBeenCalled();
    expect(sessionStorage.length).toBe(0);
  });

  it('records with logit=true, says so, masks what is typed, stops on /verify and goes on elsewhere, in numbered chunks', async () => {
    const { state, router, chunks } = setup('/login?logit=true');
    expect(await screen.findByText(/^Debug Mode enabled\. Application version v/)).toBeInTheDocument();
    await waitFor(() => expect(state.starts).toBe(1));
    expect(state.options).toMatchObject({ maskAllInputs: true, blockSelector: '[data-private]' });
    state.emit({ type: 4, data: { href: '/login' }, timestamp: 1 });
    state.emit({ type: 2, data: {}, timestamp: 2 });

    await act(() => router.navigate('/verify/some-key'));
    await waitFor(() => expect(state.stops).toBe(1));
    await waitFor(() => expect(chunks).toHaveLength(1));
    expect(chunks[0]).toMatchObject({ seq: 0, events: [{ type: 4 }, { type: 2 }] });
    expect(chunks[0].id).toMatch(/^[0-9a-f]{32}$/);

    // Back from /verify, no flag in the address: the tab's recording goes on, its chunks numbered on.
    await act(() => router.navigate('/home'));
    await waitFor(() => expect(state.starts).toBe(2));
    state.emit({ type: 3, data: {}, timestamp: 3 });
    await act(() => router.navigate('/verify/other'));
    await waitFor(() => expect(chunks).toHaveLength(2));
    expect(chunks[1]).toMatchObject({ id: chunks[0].id, seq: 1, events: [{ type: 3 }] });
  });

  it('ends with the session: signing out wipes its id, and the next screen is not recorded', async () => {
    const { state, router, chunks } = setup('/login?logit=true');
    await waitFor(() => expect(state.starts).toBe(1));
    state.emit({ type: 2, data: {}, timestamp: 1 });
    sessionStorage.clear();
    await act(() => router.navigate('/home'));
    await waitFor(() => expect(state.stops).toBe(1));
    await waitFor(() => expect(chunks).toHaveLength(1));
    await act(() => router.navigate('/login'));
    expect(state.starts).toBe(1);
  });
});
