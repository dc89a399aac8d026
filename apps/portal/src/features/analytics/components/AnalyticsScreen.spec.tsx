import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AnalyticsScreen } from '@/features/analytics/components/AnalyticsScreen';
import { seriousAxeViolations } from '@/features/money/test/axe';
import { json, mockFetch } from '@/test/fetchMock';
import { renderRoutes } from '@/test/renderRoutes';
import { ADMIN, signInAs } from '@/test/session';
import { stubResizeObserver } from '@/shared/ui/test/renderUi';

const months = Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}-01`);
const countries = Array.from({ length: 8 }, (_, i) => ({ countryName: `Country ${i + 1}`, counter: 20 - i }));

function answer(templates: { id: string; name: string; paymentType: string }[]) {
  const bodies: { path: string; body: unknown; query: string }[] = [];
  mockFetch((req) => {
    bodies.push({ path: req.path, body: req.body, query: req.query.toString() });
    if (req.path === '/v1/application/template') return json(templates);
    if (req.path === '/v1/analytics/overview') return json({ day: { first: 1, second: 2 }, week: { first: 3, second: 4 }, month: { first: 7, second: 9 } });
    if (req.path === '/v1/analytics/volume' || req.path === '/v1/analytics/revenue') {
      return json({ range: 'MONTHLY12', currentPeriod: months.map((date, i) => ({ date, count: i })) });
    }
    if (req.path === '/v1/analytics/verifications') {
      return json({ range: 'MONTHLY12', rows: months.map((date) => ({ date, cancelledCount: 0, notVerifiedCount: 1, pendingCount: 2, actionRequiredCount: 0, verifiedCount: 3 })) });
    }
    if (req.path === '/v1/analytics/countries') {
      const limit = Number(req.query.get('limit'));
      return json(countries.slice(0, limit));
    }
    return undefined;
  });
  return bodies;
}

describe('Analytics (/analytics, money 2.15)', () => {
  it('shows the tiles with previous values, the four charts and the Top-N rules; tabs scope to templates', async () => {
    stubResizeObserver();
    signInAs({ authorities: ADMIN, hasAnalyticsAccess: true, hasReportsAccess: true });
    const calls = answer([
      { id: 'acme', name: 'Acme Graduates', paymentType: 'APPLICANT' },
      { id: 'acme-2', name: 'Acme Executives', paymentType: 'UPFRONT' },
    ]);
    const { container } = renderRoutes([{ path: '/analytics', element: <AnalyticsScreen /> }], '/analytics');
    expect(await screen.findByLabelText('MONTHLY COUNT: 7, Previous Month: 9')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download Reports' })).toBeInTheDocument();
    for (const title of ['VOLUME', 'REVENUE SPEND (£)', 'VERIFICATIONS', 'COUNTRY STATISTICS']) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    expect(screen.getAllByRole('button', { name: 'Download to spreadsheet format' }).length).toBeGreaterThanOrEqual(4);
    expect(await screen.findByLabelText('You have completed verifications from 8 different countries')).toBeInTheDocument();
    // 8 countries: Top 10 open, Top 15 and Top 20 closed.
    await userEvent.click(screen.getByLabelText('Countries'));
    const options = within(await screen.findByRole('listbox'));
    expect(options.getByRole('option', { name: 'Top 10' })).not.toHaveAttribute('aria-disabled', 'true');
    expect(options.getByRole('option', { name: 'Top 15' })).toHaveAttribute('aria-disabled', 'true');
    expect(options.getByRole('option', { name: 'Top 20' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(options.getByRole('option', { name: 'Top 10' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/v1/analytics/countries' && c.query.includes('limit=10'))).toBe(true));
    // The period is sent as its count.
    await userEvent.click(screen.getAllByLabelText('Period')[0]);
    await userEvent.click(await screen.findByRole('option', { name: 'Weekly (52)' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/v1/analytics/volume' && (c.body as { range?: number }).range === 52)).toBe(true));
    expect(await seriousAxeViolations(container)).toEqual([]);

    // Applications: all templates selected; one UPFRONT hides REVENUE SPEND; none selected sends the sentinel.
    await userEvent.click(screen.getByRole('tab', { name: 'Applications Overview' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'REVENUE SPEND (£)' })).not.toBeInTheDocument());
    await waitFor(() => expect(calls.some((c) => c.path === '/v1/analytics/overview' && JSON.stringify(c.body) === '{"templateIds":["acme","acme-2"]}')).toBe(true));
    await userEvent.click(screen.getByLabelText('Applications'));
    const list = within(await screen.findByRole('listbox'));
    await userEvent.click(list.getByRole('option', { name: 'Acme Executives' }));
    await userEvent.click(list.getByRole('option', { name: 'Acme Graduates' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/v1/analytics/overview' && JSON.stringify(c.body) === '{"templateIds":[999999999.9999]}')).toBe(true));
  }, 120_000);

  it('has no tabs without templates, and sends a non-admin to /', async () => {
    stubResizeObserver();
    signInAs({ authorities: ADMIN, hasAnalyticsAccess: true, hasReportsAccess: false });
    answer([]);
    renderRoutes([{ path: '/analytics', element: <AnalyticsScreen /> }], '/analytics');
    expect(await screen.findByLabelText('DAILY COUNT: 1, Previous Day: 2')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download Reports' })).not.toBeInTheDocument();
  }, 60_000);

  it('sends a user who is not an admin to /', async () => {
    signInAs({ hasAnalyticsAccess: true });
    answer([]);
    renderRoutes([{ path: '/analytics', element: <AnalyticsScreen /> }, { path: '/', element: <p>start</p> }], '/analytics');
    expect(await screen.findByText('start')).toBeInTheDocument();
  });
});
