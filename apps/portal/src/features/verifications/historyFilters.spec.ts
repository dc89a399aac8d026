import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  EMPTY_FILTERS,
  filtersFromParams,
  historyQuery,
  tableStateFromParams,
  withFilters,
} from '@/features/verifications/historyFilters';
import { daysBefore } from '@/shared/ui/format';

describe('history filters in the URL (2.10)', () => {
  it('counts each active filter once, a date range as one', () => {
    expect(activeFilterCount(EMPTY_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...EMPTY_FILTERS, query: '  ' })).toBe(0);
    expect(
      activeFilterCount({
        query: 'jane',
        requestedBy: 'bob@acme.test',
        fromDate: '2026-01-01',
        toDate: '2026-02-01',
        results: ['VERIFIED', 'PENDING'],
        types: ['edu'],
        customerReference: 'ACME',
      }),
    ).toBe(6);
    expect(activeFilterCount({ ...EMPTY_FILTERS, toDate: '2026-02-01' })).toBe(1);
  });

  it('reads the spec prefilter ?result=ACTION (and lower-case aliases) as a result filter', () => {
    expect(filtersFromParams(new URLSearchParams('result=ACTION')).results).toEqual(['ACTION']);
    expect(filtersFromParams(new URLSearchParams('result=incomplete,PENDING')).results).toEqual([
      'INCOMPLETE',
      'PENDING',
    ]);
  });

  it('writes filters back, keeping other params and going back to the first page', () => {
    const params = new URLSearchParams('highlight=QC1,QC2&page=3');
    const next = withFilters(params, { ...EMPTY_FILTERS, results: ['VERIFIED'], fromDate: '2026-01-01' });
    expect(next.get('highlight')).toBe('QC1,QC2');
    expect(next.get('page')).toBeNull();
    expect(filtersFromParams(next)).toEqual({
      ...EMPTY_FILTERS,
      results: ['VERIFIED'],
      fromDate: '2026-01-01',
    });
  });

  it('asks the API with its parameter names, 0-based pages', () => {
    const f = {
      ...EMPTY_FILTERS,
      query: ' jane ',
      results: ['VERIFIED', 'ACTION'],
      types: ['edu', 'emp'],
      customerReference: 'X',
    };
    expect(historyQuery(f, tableStateFromParams(new URLSearchParams('page=2&size=10')))).toEqual({
      page: 2,
      size: 10,
      query: 'jane',
      requestedBy: undefined,
      fromDate: undefined,
      toDate: undefined,
      results: 'VERIFIED,ACTION',
      type: 'edu,emp',
      customerReference: 'X',
    });
  });

  it('date shortcuts count calendar days back', () => {
    expect(daysBefore('2026-03-01', 7)).toBe('2026-02-22');
    expect(daysBefore('2026-03-31', 30)).toBe('2026-03-01');
  });
});
