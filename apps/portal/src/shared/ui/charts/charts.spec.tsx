import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { BarChart, LineChart } from '@/shared/ui/charts';
import { renderUi, stubResizeObserver } from '@/shared/ui/test/renderUi';

const months = ['Jan 2024', 'Feb 2024', 'Mar 2024'];

describe('LineChart and BarChart', () => {
  beforeEach(() => stubResizeObserver());

  it('draws a line chart once its module has loaded, with its numbers as a table', async () => {
    const { container } = renderUi(
      <LineChart title="VOLUME" categories={months} series={[{ label: 'Volume', data: [3, 7, 12] }]} />,
    );
    const figure = screen.getByRole('figure', { name: 'VOLUME' });
    const table = within(figure).getByRole('table', { name: 'VOLUME' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['DateVolume', 'Jan 20243', 'Feb 20247', 'Mar 202412']);
    await screen.findByText('Feb 2024', { selector: 'svg text, svg tspan' });
    expect(
      container.querySelector('.MuiLineElement-root, path[class*="MuiLineChart"], .MuiChartsSurface-root'),
    ).not.toBeNull();
  });

  it('counts in whole numbers: a chart of 0s and 1s has no 0.5 tick, an amount chart keeps its fractions', async () => {
    const ticks = (c: HTMLElement) =>
      Array.from(c.querySelectorAll('.MuiChartsAxis-directionY .MuiChartsAxis-tickLabel')).map((t) => t.textContent);
    const counts = renderUi(<LineChart title="COUNTS" categories={months} series={[{ label: 'Count', data: [0, 1, 0] }]} />);
    await waitFor(() => expect(ticks(counts.container)).toContain('1'));
    expect(ticks(counts.container)).toEqual(['0', '1']);
    counts.unmount();
    const amounts = renderUi(<LineChart title="AMOUNTS" categories={months} series={[{ label: 'Spend', data: [0, 1.5, 0.25] }]} />);
    await waitFor(() => expect(ticks(amounts.container).some((t) => t?.includes('.'))).toBe(true));
  });

  it('draws stacked bars with a legend for each series', async () => {
    renderUi(
      <BarChart
        title="VERIFICATIONS"
        categories={months}
        stacked
        series={[
          { label: 'Pending', data: [1, 2, 3] },
          { label: 'Verified', data: [4, null, 6] },
        ]}
        valueFormatter={(v) => `${v} checks`}
      />,
    );
    expect(await screen.findByText('Verified', { selector: '.MuiChartsLegend-root *' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'VERIFICATIONS' });
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('Feb 20242 checks');
  });

  it('draws countries across a horizontal bar chart', async () => {
    renderUi(
      <BarChart
        title="COUNTRY STATISTICS"
        horizontal
        categoryLabel="Country"
        categories={['United Kingdom', 'India']}
        series={[{ label: 'Volume', data: [40, 25] }]}
      />,
    );
    expect(
      await screen.findByText('United Kingdom', { selector: 'svg text, svg tspan' }),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'COUNTRY STATISTICS' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Country', 'Volume']);
  });

  it("shows the empty text instead of a chart without data (2.18 'Not enough current data available')", () => {
    renderUi(
      <LineChart
        title="GDP per capita ($)"
        categories={[]}
        series={[{ label: 'GDP per capita ($)', data: [] }]}
        emptyText="Not enough current data available"
      />,
    );
    expect(screen.getByText('Not enough current data available')).toBeInTheDocument();
    expect(screen.queryByRole('figure')).not.toBeInTheDocument();
  });

  it('shows a placeholder while its data loads', () => {
    renderUi(<LineChart title="VOLUME" categories={[]} series={[]} loading />);
    expect(screen.getByRole('progressbar', { name: 'Loading VOLUME' })).toBeInTheDocument();
  });
});
