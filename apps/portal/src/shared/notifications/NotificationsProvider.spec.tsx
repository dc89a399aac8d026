import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotificationsProvider } from '@/shared/notifications/NotificationsProvider';
import { notifyGlobal } from '@/shared/notifications/notifier';

afterEach(() => vi.useRealTimers());

describe('toasts (spec 8)', () => {
  it('stay 7.5 s by default, and as long as a message asks', async () => {
    vi.useFakeTimers();
    render(<NotificationsProvider>page</NotificationsProvider>);
    act(() => notifyGlobal({ severity: 'error', title: 'Error', message: 'Boom' }));
    expect(screen.getByRole('alert')).toHaveTextContent('ErrorBoom');
    await act(() => vi.advanceTimersByTimeAsync(7_400));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    // Closing: it fades out, then leaves.
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    act(() => notifyGlobal({ severity: 'warning', message: 'Long', durationMs: 10_000 }));
    await act(() => vi.advanceTimersByTimeAsync(9_000));
    expect(screen.getByRole('alert')).toHaveTextContent('Long');
  });

  it('cut a message at 1500 characters, and let a newer one take over at once', async () => {
    vi.useFakeTimers();
    render(<NotificationsProvider>page</NotificationsProvider>);
    act(() => notifyGlobal({ severity: 'error', message: 'x'.repeat(2000) }));
    expect(screen.getByRole('alert').textContent).toHaveLength(1500);
    act(() => notifyGlobal({ severity: 'success', message: 'Saved' }));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
  });
});
