import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DashboardScreen } from '@/features/dashboard/components/DashboardScreen';
import { parseRss } from '@/features/dashboard/api/dashboard';
import { seriousAxeViolations } from '@/features/money/test/axe';
import { json, mockFetch } from '@/test/fetchMock';
import { renderRoutes } from '@/test/renderRoutes';
import { signInAs } from '@/test/session';

const rss = `<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Credence news</title>
${Array.from({ length: 7 }, (_, i) => `<item><title><![CDATA[Story ${7 - i}]]></title><link>https://news.example/${7 - i}</link>
<pubDate>${new Date(Date.UTC(2024, 0, 7 - i, 9)).toUTCString()}</pubDate><description><![CDATA[<p>Body ${7 - i}</p>]]></description></item>`).join('')}
</channel></rss>`;

function answer() {
  return mockFetch((req) => {
    if (req.path === '/v1/news/rss') return new Response(rss, { headers: { 'Content-Type': 'application/rss+xml' } });
    if (req.path === '/v1/verification/meta') {
      return json({ resultCounts: [{ key: 'PENDING', value: 2 }, { key: 'VERIFIED', value: 5 }, { key: 'UNPAID', value: 1 }, { key: 'AWAITING_CONSENT', value: 2 }], pendingCount: 0 });
    }
    if (req.path === '/v1/application/meta') return json({ resultCounts: [{ key: 'OPEN', value: 1 }, { key: 'COMPLETED', value: 2 }] });
    if (req.path === '/v1/credit') return json({ credit: 125.5, unseenInvoices: 0 });
    if (req.path === '/v1/verification') return json({ content: [], totalSize: 0 });
    return undefined;
  });
}

describe('Dashboard for organisations (/dashboard, money 2.6)', () => {
  it('shows statistics cards with View links, Current Credit with Topup, the Verify cards of allowed types and the 5 latest news', async () => {
    signInAs({ hasApplicants: true, allowedTypes: '["edu","emp","hsc"]' });
    answer();
    const { container } = renderRoutes([{ path: '/dashboard', element: <DashboardScreen /> }], '/dashboard');
    expect(await screen.findByLabelText('Verifications in Progress: 2')).toBeInTheDocument();
    expect(screen.getByLabelText('Verified: 5')).toBeInTheDocument();
    expect(screen.getByLabelText('Incomplete: 3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Action Required' })).toHaveAttribute('href', '/verification/history?result=ACTION');
    expect(await screen.findByLabelText('Completed Applications: 2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Open Applications' })).toHaveAttribute('href', '/applicant/history?status=OPEN');
    expect(await screen.findByText('£125.50')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Topup' })).toHaveAttribute('href', '/credit/buy');
    expect(screen.getByRole('link', { name: 'Verify High School' })).toHaveAttribute('href', '/verification/new?nhsc=1');
    expect(screen.getByRole('link', { name: 'Verify Employment History' })).toHaveAttribute('href', '/verification/new?nemp=1');
    expect(screen.queryByRole('link', { name: 'Verify Professional License' })).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Story 7' })).toHaveAttribute('href', 'https://news.example/7');
    expect(screen.queryByRole('link', { name: 'Story 2' })).not.toBeInTheDocument();
    expect(screen.getByText('Body 7')).toBeInTheDocument();
    expect(screen.getByText('Credence news · 7th January 2024')).toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);
  }, 120_000);

  it('reads the RSS items in feed order with their snippets', () => {
    const items = parseRss(rss);
    expect(items).toHaveLength(7);
    expect(items[0]).toMatchObject({ title: 'Story 7', link: 'https://news.example/7', creator: 'Credence news', contentSnippet: 'Body 7' });
    expect(items[0].isoDate).toBe('2024-01-07T09:00:00.000Z');
    expect(parseRss('not xml <')).toEqual([]);
  });
});
