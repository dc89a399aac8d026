import { describe, expect, it } from 'vitest';
import { countriesTooltip, periodLabel, topNDisabled } from '@/features/analytics/components/periods';

describe('analytics periods and Top-N (money 2.15)', () => {
  it('disables Top 20 at 15 countries or fewer, Top 15 at 10 or fewer, Top 10 under 5', () => {
    const open = (total: number) => ([5, 10, 15, 20] as const).filter((n) => !topNDisabled(n, total));
    expect(open(0)).toEqual([5]);
    expect(open(4)).toEqual([5]);
    expect(open(5)).toEqual([5, 10]);
    expect(open(10)).toEqual([5, 10]);
    expect(open(11)).toEqual([5, 10, 15]);
    expect(open(15)).toEqual([5, 10, 15]);
    expect(open(16)).toEqual([5, 10, 15, 20]);
  });

  it("says how many countries, in the spec's words, and '1 country' for one", () => {
    expect(countriesTooltip(8)).toBe('You have completed verifications from 8 different countries');
    expect(countriesTooltip(1)).toBe('You have completed verifications from 1 country');
  });

  it('labels months by name and year, days and weeks (by their Monday) by date', () => {
    expect(periodLabel('2026-11-01', 12)).toBe('Nov 2026');
    expect(periodLabel('2026-01-01', 24)).toBe('Jan 2026');
    expect(periodLabel('2026-11-23', 52)).toBe('23 Nov 2026');
    expect(periodLabel('2026-11-25', 30)).toBe('25 Nov 2026');
  });
});
