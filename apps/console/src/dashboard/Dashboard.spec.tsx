import type { AdminDashboardView } from '@credence/api-contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/fetchMock';
import { renderConsole } from '@/test/render';

const summary = (over: Partial<AdminDashboardView> = {}): AdminDashboardView => ({
  generatedAt: '2026-11-21T10:00:00Z',
  verifications: {
    available: true,
    source: 'rm_verification_counts, rm_verification_list',
    byResult: [
      { result: 'VERIFIED', count: 120 },
      { result: 'PENDING', count: 14 },
      { result: 'NOT_FOUND', count: 3 },
    ],
    pendingByInstitute: [{ instituteId: 'uni-demo', instituteName: 'University of Demo', count: 9 }],
  },
  projections: [
    { name: 'verification-list', state: 'active', lagMs: 0, lastError: null, healthy: true, rebuilding: false },
    { name: 'invoices', state: 'active', lagMs: 0, lastError: 'boom', healthy: false, rebuilding: true },
  ],
  failedJobs: { total: 1, recent: [{ id: 'mail.deliver:m1', queue: 'mail.deliver', key: 'm1', payload: { mailId: 'm1' }, error: 'SMTP refused', failedAt: '2026-11-21T09:59:00Z', attempts: 5 }] },
  queues: { 'mail.deliver': 0 },
  accounts: { organisations: 6, individuals: 2, activeUsers: 9, pendingUsers: 1, disabledUsers: 0 },
  ...over,
});

describe('dashboard', () => {
  it('shows counts by result, pending by institute, projection health and recent failed jobs', async () => {
    renderConsole('/', { 'GET /admin/dashboard': json(summary()) });
    const byResult = (await screen.findByText('Verifications by result')).closest('.MuiCard-root') as HTMLElement;
    expect(within(byResult).getByText('Verified')).toBeInTheDocument();
    expect(within(byResult).getByText('120')).toBeInTheDocument();
    expect(within(byResult).getByText('Action required: not found')).toBeInTheDocument();
    const pending = screen.getByRole('table', { name: 'Pending by institute' });
    expect(within(pending).getByRole('link', { name: 'University of Demo' })).toBeInTheDocument();
    expect(within(pending).getByText('9')).toBeInTheDocument();
    const health = screen.getByRole('table', { name: 'Projection health' });
    expect(within(health).getByText('Failing')).toBeInTheDocument();
    expect(within(health).getByText('Rebuilding')).toBeInTheDocument();
    expect(screen.getByText('mail.deliver · m1')).toBeInTheDocument();
    expect(screen.getByText(/SMTP refused/)).toBeInTheDocument();
    expect(screen.getByText('Organisations').previousSibling).toHaveTextContent('6');
  });

  it('says the verification figures come later when there is no verification read model', async () => {
    renderConsole('/', {
      'GET /admin/dashboard': json(summary({ verifications: { available: false, source: null, byResult: [], pendingByInstitute: [] }, failedJobs: { total: 0, recent: [] } })),
    });
    expect(await screen.findByText('Counts appear here once the verifications read models are running.')).toBeInTheDocument();
    expect(screen.getByText('Appears with the verifications read models.')).toBeInTheDocument();
    expect(screen.getByText(/No failed jobs/)).toBeInTheDocument();
  });
});
