import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DashboardScreen } from '@/features/dashboard/components/DashboardScreen';
import { parseRss } from '@/features/dashboard/api/dashboard';
import { seriousAxeViolations } from '@/features/money/test/axe';
import { json, mockFetch } from '@/test/fetchMock';
import { UNI_ROW } from '@/features/ordering/test/fixtures';
import { renderRoutes, Where } from '@/test/renderRoutes';
import { signInAs } from '@/test/session';
import { fullText } from '@/test/text';

const rss = `<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Credence news</title>
${Array.from(
  { length: 7 },
  (_, i) => `<item><title><![CDATA[Story ${7 - i}]]></title><link>https://news.example/${7 - i}</link>
<pubDate>${new Date(Date.UTC(2024, 0, 7 - i, 9)).toUTCString()}</pubDate><description><![CDATA[<p>Body ${7 - i}</p>]]></description></item>`,
).join('')}
</channel></rss>`;

/** The API's answers for the dashboard's calls (undefined: the mock's defaults). */
function respond(req: { path: string }): Response | undefined {
  if (req.path === '/v1/news/rss')
    return new Response(rss, { headers: { 'Content-Type': 'application/rss+xml' } });
  if (req.path === '/v1/verification/meta') {
    return json({
      resultCounts: [
        { key: 'PENDING', value: 2 },
        { key: 'VERIFIED', value: 5 },
        { key: 'UNPAID', value: 1 },
        { key: 'AWAITING_CONSENT', value: 2 },
      ],
      pendingCount: 0,
    });
  }
  if (req.path === '/v1/application/meta')
    return json({
      resultCounts: [
        { key: 'OPEN', value: 1 },
        { key: 'COMPLETED', value: 2 },
      ],
    });
  if (req.path === '/v1/credit') return json({ credit: 125.5, unseenInvoices: 0 });
  if (req.path === '/v1/verification') return json({ content: [], totalSize: 0 });
  return undefined;
}
function answer() {
  return mockFetch(respond);
}

describe('Dashboard for organisations (/dashboard, money 2.6)', () => {
  it('shows statistics cards with View links, Current Credit with Topup, the Verify cards of allowed types and the 5 latest news', async () => {
    signInAs({ hasApplicants: true, allowedTypes: '["edu","emp","hsc"]' });
    answer();
    const { container } = renderRoutes([{ path: '/dashboard', element: <DashboardScreen /> }], '/dashboard');
    expect(await screen.findByLabelText('Verifications in Progress: 2')).toBeInTheDocument();
    expect(screen.getByLabelText('Verified: 5')).toBeInTheDocument();
    expect(screen.getByLabelText('Incomplete: 3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Action Required' })).toHaveAttribute(
      'href',
      '/verification/history?result=ACTION',
    );
    expect(await screen.findByLabelText('Completed Applications: 2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Open Applications' })).toHaveAttribute(
      'href',
      '/applicant/history?status=OPEN',
    );
    expect(await screen.findByText('£125.50')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Topup' })).toHaveAttribute('href', '/credit/buy');
    expect(screen.getByRole('link', { name: 'Verify High School' })).toHaveAttribute(
      'href',
      '/verification/new?nhsc=1',
    );
    expect(screen.getByRole('link', { name: 'Verify Employment History' })).toHaveAttribute(
      'href',
      '/verification/new?nemp=1',
    );
    expect(screen.queryByRole('link', { name: 'Verify Professional License' })).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Story 7' })).toHaveAttribute(
      'href',
      'https://news.example/7',
    );
    expect(screen.queryByRole('link', { name: 'Story 2' })).not.toBeInTheDocument();
    expect(screen.getByText('Body 7')).toBeInTheDocument();
    expect(screen.getByText(fullText('Credence news · 7th January 2024'))).toBeInTheDocument();
    expect(await seriousAxeViolations(container)).toEqual([]);
  }, 120_000);

  it('lists the latest applicants (hasApplicants) and referral verifications with their price (hasReferrals), each linked', async () => {
    signInAs({ hasApplicants: true, hasReferrals: true, allowedTypes: '["edu"]' });
    mockFetch((req) => {
      if (req.path === '/v1/application') {
        return json({
          content: [
            {
              id: 'APP1',
              status: 'COMPLETED',
              created: '2026-11-20T10:00:00Z',
              applicant: { name: 'Anna Applicant' },
              verificationCount: 2,
            },
          ],
          totalSize: 1,
        });
      }
      if (req.path === '/v1/referral/history') {
        return json({
          content: [
            {
              id: 'QCR1',
              result: 'VERIFIED',
              recorded: '2026-11-21T10:00:00Z',
              fields: { firstname: 'Siobhan', surname: "O'Brien" },
              company: { id: 'globex', name: 'Globex Corp' },
              institute: 'University of Demo',
              total: 60,
              currency: 'USD',
            },
          ],
          totalSize: 1,
        });
      }
      return respond(req);
    });
    const { container } = renderRoutes([{ path: '/dashboard', element: <DashboardScreen /> }], '/dashboard');
    const applicants = await screen.findByRole('region', { name: 'Applicant History' });
    expect(await within(applicants).findByRole('link', { name: 'Anna Applicant' })).toHaveAttribute(
      'href',
      '/applicant/history/APP1',
    );
    expect(within(applicants).getByText(fullText('2 verifications · 20 Nov 2026'))).toBeInTheDocument();
    const referrals = screen.getByRole('region', { name: 'Referral History' });
    expect(await within(referrals).findByRole('link', { name: "Siobhan O'Brien" })).toHaveAttribute(
      'href',
      '/verification/history/QCR1',
    );
    expect(within(referrals).getByText(fullText('Globex Corp · $60.00 · 21 Nov 2026'))).toBeInTheDocument();
    expect(within(referrals).getByRole('link', { name: 'View all of Referral History' })).toHaveAttribute(
      'href',
      '/referrals/list',
    );
    expect(await seriousAxeViolations(container)).toEqual([]);
  }, 120_000);

  it('offers the Education Verification institute picker, which opens the wizard with the institute chosen', async () => {
    signInAs({ allowedTypes: '["edu","emp"]' });
    mockFetch((req) => {
      if (req.path === '/v1/institute/summary') return json({ content: [UNI_ROW], totalSize: 1 });
      if (req.path === '/v1/region') return json({ content: [{ id: 'GB', name: 'United Kingdom' }], totalSize: 1 });
      return respond(req);
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(
      [
        { path: '/dashboard', element: <DashboardScreen /> },
        { path: '/verification/new', element: <Where /> },
      ],
      '/dashboard',
    );
    const picker = await screen.findByRole('region', { name: 'Education Verification' });
    const table = await within(picker).findByRole('table', { name: 'Institutes' });
    // A CARD payer sees the prices, as in the wizard's search.
    expect(within(table).getByRole('columnheader', { name: 'Total' })).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'University of Demo / UoD' }));
    expect(router.state.location.pathname).toBe('/verification/new');
    expect(router.state.location.search).toBe('?institute=uni-demo');
  }, 60_000);

  it("offers Topup only where the account can top up: an invoice payer's credit has none", async () => {
    signInAs({ paymentType: 'INVOICE', allowedTypes: '["emp"]' });
    answer();
    renderRoutes([{ path: '/dashboard', element: <DashboardScreen /> }], '/dashboard');
    const credit = await screen.findByRole('region', { name: 'Current Credit' });
    expect(await within(credit).findByText('£125.50')).toBeInTheDocument();
    expect(within(credit).queryByRole('link', { name: 'Topup' })).not.toBeInTheDocument();
  });

  it('leaves the picker out for applicants, accounts that do not order and types without education', async () => {
    for (const over of [{ isApplicant: true }, { paymentType: 'NONE' }, { allowedTypes: '["emp"]' }]) {
      signInAs({ allowedTypes: '["edu","emp"]', ...over });
      answer();
      const view = renderRoutes([{ path: '/dashboard', element: <DashboardScreen /> }], '/dashboard');
      expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Education Verification' })).not.toBeInTheDocument();
      view.unmount();
    }
  });

  it('shows neither list without the flags', async () => {
    signInAs({ allowedTypes: '["edu"]' });
    answer();
    renderRoutes([{ path: '/dashboard', element: <DashboardScreen /> }], '/dashboard');
    expect(await screen.findByLabelText('Verifications in Progress: 2')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Applicant History' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Referral History' })).not.toBeInTheDocument();
  }, 120_000);

  it('reads the RSS items in feed order with their snippets', () => {
    const items = parseRss(rss);
    expect(items).toHaveLength(7);
    expect(items[0]).toMatchObject({
      title: 'Story 7',
      link: 'https://news.example/7',
      creator: 'Credence news',
      contentSnippet: 'Body 7',
    });
    expect(items[0].isoDate).toBe('2024-01-07T09:00:00.000Z');
    expect(parseRss('not xml <')).toEqual([]);
  });
});
