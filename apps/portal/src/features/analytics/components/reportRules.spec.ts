import { describe, expect, it } from 'vitest';
import { NEEDS_DATES, reportProblem, SELECT_REPORT, shortcut } from '@/features/analytics/components/reportRules';

describe('Download Reports rules (money 2.16, 5)', () => {
  it('asks for a report, and for dates where the report needs them', () => {
    expect(reportProblem('', '', '')).toBe(SELECT_REPORT);
    expect(reportProblem('monthlyoverview', '2026-01-01', '')).toBe(NEEDS_DATES);
    expect(reportProblem('successrates', '', '')).toBe(NEEDS_DATES);
    expect(reportProblem('pendings', '', '')).toBeNull();
    expect(reportProblem('monthlyoverview', '2026-01-01', '2026-01-31')).toBeNull();
  });

  it("gives this month, last month and the last 365 days from the user's day", () => {
    const today = '2026-03-15';
    expect(shortcut('thisMonth', today)).toEqual({ from: '2026-03-01', to: '2026-03-15' });
    expect(shortcut('lastMonth', today)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(shortcut('last12', today)).toEqual({ from: '2025-03-15', to: '2026-03-15' });
    expect(shortcut('lastMonth', '2026-01-10')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });
});
