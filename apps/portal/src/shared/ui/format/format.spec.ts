import { describe, expect, it } from 'vitest';
import {
  formatCredits,
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatDays,
  formatMajorAmount,
  formatMoney,
  formatNewsDate,
  formatUkDate,
  mondayOf,
  ordinal,
  toIsoDate,
} from '@/shared/ui/format';

describe('dates (TZ=UTC)', () => {
  it('shows lists as DD MMM YYYY', () => {
    expect(formatDate('2024-01-05')).toBe('05 Jan 2024');
    expect(formatDate('2024-12-31T23:59:00.000Z')).toBe('31 Dec 2024');
    expect(formatDate(Date.UTC(2023, 8, 9))).toBe('09 Sep 2023');
  });

  it('adds the time on a 24-hour clock', () => {
    expect(formatDateTime('2024-03-07T14:05:09.000Z')).toBe('07 Mar 2024 14:05');
    expect(formatDateTime('2024-03-07T00:00:00Z')).toBe('07 Mar 2024 00:00');
  });

  it('shows the UK numeric form dd/MM/yyyy', () => {
    expect(formatUkDate('2024-01-05')).toBe('05/01/2024');
    expect(formatUkDate(new Date(Date.UTC(1999, 11, 25, 10)))).toBe('25/12/1999');
  });

  it('keeps a date-only value on its day whatever the zone', () => {
    expect(toIsoDate('2024-02-29')).toBe('2024-02-29');
    expect(formatDate('2024-02-29')).toBe('29 Feb 2024');
  });

  it('shows nothing for a missing or impossible date', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatUkDate('2023-02-29')).toBe('');
    expect(formatNewsDate('')).toBe('');
  });

  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [22, '22nd'],
    [23, '23rd'],
    [24, '24th'],
    [30, '30th'],
    [31, '31st'],
    [111, '111th'],
    [101, '101st'],
  ])('ordinal %i is %s', (n, text) => {
    expect(ordinal(n)).toBe(text);
  });

  it("dates news like '1st January 2024'", () => {
    expect(formatNewsDate('2024-01-01T09:30:00Z')).toBe('1st January 2024');
    expect(formatNewsDate('2024-03-22')).toBe('22nd March 2024');
    expect(formatNewsDate('2024-05-13')).toBe('13th May 2024');
    expect(formatNewsDate('2024-10-31')).toBe('31st October 2024');
  });

  it("shows a holiday's DD MMMM date", () => {
    expect(formatDayMonth('2024-12-25')).toBe('25 December');
    expect(formatDayMonth('2024-07-04')).toBe('04 July');
  });

  it('labels a week by its Monday', () => {
    expect(mondayOf('2024-01-07')).toBe('2024-01-01'); // Sunday
    expect(mondayOf('2024-01-01')).toBe('2024-01-01'); // Monday
    expect(mondayOf('2024-03-01')).toBe('2024-02-26'); // across a month, in a leap year
  });
});

describe('money and credits', () => {
  it("shows minor units with the account's currency symbol, GBP otherwise", () => {
    expect(formatMoney(4050, 'GBP')).toBe('£40.50');
    expect(formatMoney(4050, 'USD')).toBe('$40.50');
    expect(formatMoney(5, 'EUR')).toBe('€0.05');
    expect(formatMoney(100000, null)).toBe('£1000.00');
    expect(formatMoney(-855, 'XYZ')).toBe('-£8.55');
  });

  it('reads major-unit amounts from the API without floating point drift', () => {
    expect(formatMajorAmount(8.55, 'GBP')).toBe('£8.55');
    expect(formatMajorAmount(40.5, 'USD')).toBe('$40.50');
    expect(formatMajorAmount(-0.1, 'GBP')).toBe('-£0.10');
    expect(formatMajorAmount(null, 'GBP')).toBe('');
    expect(formatMajorAmount(Number.NaN, 'GBP')).toBe('');
  });

  it('counts credits for token payers, singular for one', () => {
    expect(formatCredits(1)).toBe('1 credit');
    expect(formatCredits(0)).toBe('0 credits');
    expect(formatCredits(25)).toBe('25 credits');
    expect(formatCredits(-1)).toBe('-1 credit');
  });

  it("reads turnarounds as '1 day' or 'N days', -1 as n/a", () => {
    expect(formatDays(1)).toBe('1 day');
    expect(formatDays(12)).toBe('12 days');
    expect(formatDays(-1)).toBe('n/a');
  });
});
