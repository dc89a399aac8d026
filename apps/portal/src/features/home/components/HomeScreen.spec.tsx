import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '@/features/money/test/axe';
import { HomeScreen } from '@/features/home/components/HomeScreen';
import { json, mockFetch } from '@/test/fetchMock';
import { renderRoutes } from '@/test/renderRoutes';
import { signInAs } from '@/test/session';

const news = Array.from({ length: 11 }, (_, i) => ({
  id: i + 1,
  type: 'NEWS',
  title: `News ${i + 1}`,
  message: `Message ${i + 1}`,
  link: `https://news.example/${i + 1}`,
  publishedAt: `2024-01-${String(i + 1).padStart(2, '0')}T10:00:00Z`,
  image: i === 10 ? '/v1/news/11/image/0123456789abcdef0123456789abcdef' : null,
}));

function answer() {
  return mockFetch((req) => {
    if (req.path === '/v1/news/alerts') return json(news);
    if (req.path === '/v1/verification/meta') {
      return json({ resultCounts: [{ key: 'PENDING', value: 4 }, { key: 'NOT_FOUND', value: 1 }, { key: 'REJECTED', value: 2 }], pendingCount: 0 });
    }
    if (req.path === '/v1/analytics/home/volume') {
      const periods = Number(req.query.get('periods'));
      const dates = periods === 52 ? ['2026-11-16', '2026-11-23'] : ['2026-10-01', '2026-11-01'];
      return json({ periods, currentPeriod: dates.map((date, i) => ({ date, count: i + 3 })) });
    }
    return undefined;
  });
}

describe('Home (/home, money 2.5)', () => {
  it('shows the Verifications card counts with their View links, the alerts sections and the news, 9 a page, newest first', async () => {
    signInAs();
    answer();
    const { container } = renderRoutes([{ path: '/home', element: <HomeScreen /> }], '/home');
    expect(await screen.findByLabelText('Verifications in Progress: 4')).toBeInTheDocument();
    expect(screen.getByLabelText('Verifications with Action Required: 3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Verifications in Progress' })).toHaveAttribute('href', '/verification/history?result=PENDING');
    expect(screen.getByRole('link', { name: 'View Verifications with Action Required' })).toHaveAttribute('href', '/verification/history?result=ACTION');
    expect(screen.getByRole('link', { name: 'Add New Verification' })).toHaveAttribute('href', '/verification/new');
    for (const empty of ['There are no new updates.', 'There are no upcoming changes.', 'There are no current developments.', 'There is no system maintenance planned.']) {
      expect(screen.getByText(empty)).toBeInTheDocument();
    }
    const list = screen.getByRole('region', { name: 'Latest News' });
    const titles = within(list).getAllByRole('heading', { level: 4 }).map((h) => h.textContent);
    expect(titles).toHaveLength(9);
    expect(titles[0]).toBe('News 11');
    expect(within(list).getByText('11th January 2024')).toBeInTheDocument();
    // The item's picture (money 2.5), decorative beside its title; an item without one shows the newspaper icon.
    const newest = within(list).getByText('News 11').closest('a') as HTMLElement;
    expect(newest.querySelector('img')?.getAttribute('src')).toBe('/v1/news/11/image/0123456789abcdef0123456789abcdef');
    expect(newest.querySelector('img')?.getAttribute('alt')).toBe('');
    expect((within(list).getByText('News 10').closest('a') as HTMLElement).querySelector('img')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'News page 2' }));
    expect(within(list).getAllByRole('heading', { level: 4 }).map((h) => h.textContent)).toEqual(['News 2', 'News 1']);
    expect(within(list).getByText('1st January 2024')).toBeInTheDocument();
    expect(within(list).getByText('News 1').closest('a')).toHaveAttribute('target', '_blank');
    expect(await seriousAxeViolations(container)).toEqual([]);
  }, 120_000);

  it('draws the volume chart Monthly (12) by default and asks for 52 weeks in the weekly mode', async () => {
    signInAs();
    const fetch = answer();
    renderRoutes([{ path: '/home', element: <HomeScreen /> }], '/home');
    expect(await screen.findByRole('rowheader', { name: 'Nov 2026' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Period' }));
    await userEvent.click(screen.getByRole('option', { name: 'Weekly (52)' }));
    expect(await screen.findByRole('rowheader', { name: '23 Nov 2026' })).toBeInTheDocument();
    const asked = fetch.mock.calls.map(([u]) => new URL(String(u), 'http://x')).filter((u) => u.pathname === '/v1/analytics/home/volume');
    expect(asked.map((u) => u.searchParams.get('periods'))).toEqual(['12', '52']);
  }, 120_000);

  it('hides the Verifications card and the volume chart when the account orders nothing (paymentType NONE)', async () => {
    signInAs({ paymentType: 'NONE' });
    answer();
    renderRoutes([{ path: '/home', element: <HomeScreen /> }], '/home');
    expect(await screen.findByText('There are no new updates.')).toBeInTheDocument();
    expect(screen.queryByText('Verifications in Progress')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Volume' })).not.toBeInTheDocument();
  });

  it("shows an individual the Verifications card but no volume chart, which the API draws for organisations only", async () => {
    signInAs({ isIndividual: true });
    const fetchMock = answer();
    renderRoutes([{ path: '/home', element: <HomeScreen /> }], '/home');
    expect(await screen.findByText('Verifications in Progress')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Volume' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContainEqual(expect.stringContaining('/analytics/home/volume'));
  });
});
