import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/fetchMock';
import { page, renderConsole } from '@/test/render';

const row = (over: Record<string, unknown>) => ({
  id: 'verification-list', name: 'verification-list', version: 1, state: 'active', position: '963/30', eventsProcessed: 1200, updatedAt: '2026-11-21T09:00:00Z',
  lagMs: 0, lastError: null, lastErrorAt: null, rebuilding: false, rebuild: null, rebuildProgress: null, healthy: true, ...over,
});

describe('projections resource', () => {
  it('shows state, position, lag and the last error of each read model', async () => {
    renderConsole('/projections', {
      'GET /admin/projections': page('projections', [
        row({}),
        row({ id: 'invoices', name: 'invoices', lagMs: 95_000, healthy: false }),
        row({ id: 'credit-movements', name: 'credit-movements', lastError: 'duplicate key', lastErrorAt: '2026-11-21T10:00:00Z', healthy: false }),
      ]),
    });
    const live = (await screen.findByText('verification-list')).closest('tr') as HTMLElement;
    expect(within(live).getByText('Active')).toBeInTheDocument();
    expect(within(live).getByText('963/30')).toBeInTheDocument();
    expect(within(live).getByText('caught up')).toBeInTheDocument();
    const lagging = screen.getByText('invoices').closest('tr') as HTMLElement;
    expect(within(lagging).getByText('Lagging')).toBeInTheDocument();
    expect(within(lagging).getByText('1 min 35 s')).toBeInTheDocument();
    const failing = screen.getByText('credit-movements').closest('tr') as HTMLElement;
    expect(within(failing).getByText('Failing')).toBeInTheDocument();
    expect(within(failing).getByText(/21 Nov 2026, 10:00: duplicate key/)).toBeInTheDocument();
  });

  it('asks before a rebuild, starts it, and shows its progress', async () => {
    let rebuilding = false;
    const { calls } = renderConsole('/projections', {
      'GET /admin/projections': () =>
        page('projections', [rebuilding ? row({ rebuilding: true, rebuild: { version: 1, eventsProcessed: 600 }, rebuildProgress: 0.5 }) : row({})]),
      'POST /admin/projections/verification-list/rebuild': () => {
        rebuilding = true;
        return json(row({ rebuilding: true }), { status: 202 });
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Rebuild' }));
    expect(screen.getByText(/rebuilt from the first event into a new table/)).toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Rebuild' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(await screen.findByRole('progressbar', { name: 'Rebuild of verification-list' })).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByText('Rebuilding… 50% (600 events)')).toBeInTheDocument();
  });
});
