import { DomainError } from '../shared/domain-error';
import { accountCurrency, formatMoney } from './currency';
import { allocate, divideRounded, fromMinor, percentOf, toMinor } from './money';

describe('money in minor units', () => {
  it.each([
    [40.5, 4050],
    ['40.50', 4050],
    [8.55, 855],
    [23.4, 2340],
    [44.1, 4410],
    [0.1, 10],
    [1000, 100000],
    ['0', 0],
    [-3, -300],
  ])('reads %p as %p minor units, exactly', (input, minor) => {
    expect(toMinor(input)).toBe(minor);
  });

  it('refuses a third decimal or text that is not an amount, rather than rounding', () => {
    expect(() => toMinor(1.005)).toThrow(DomainError);
    expect(() => toMinor('12.345')).toThrow('is not an amount of money with at most two decimals');
    expect(() => toMinor('ten')).toThrow(DomainError);
    expect(() => toMinor(Number.NaN)).toThrow(DomainError);
    expect(() => toMinor(1e21)).toThrow(DomainError);
  });

  it('answers decimals for display', () => {
    expect(fromMinor(4050)).toBe(40.5);
    expect(fromMinor(855)).toBe(8.55);
  });

  it('rounds a half minor unit away from zero', () => {
    expect(divideRounded(5, 2)).toBe(3);
    expect(divideRounded(-5, 2)).toBe(-3);
    expect(divideRounded(4, 3)).toBe(1);
    expect(percentOf(4050, 20)).toBe(810);
    expect(percentOf(855, 20)).toBe(171);
    expect(percentOf(1, 50)).toBe(1);
    expect(percentOf(333, 20)).toBe(67); // 66.6
  });

  it('shares an amount by weights so the parts add up exactly', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(810, [4050])).toEqual([810]);
    expect(allocate(1, [4050, 855])).toEqual([1, 0]);
    const parts = allocate(1397, [4500, 1234, 3333, 1]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(1397);
    expect(allocate(5, [0, 0])).toEqual([3, 2]);
    expect(allocate(0, [])).toEqual([]);
  });
});

describe('currency per account (3.)', () => {
  it('is USD, EUR or AUD when so, otherwise GBP', () => {
    expect(accountCurrency('USD')).toBe('USD');
    expect(accountCurrency('EUR')).toBe('EUR');
    expect(accountCurrency('AUD')).toBe('AUD');
    expect(accountCurrency('GBP')).toBe('GBP');
    expect(accountCurrency('CHF')).toBe('GBP');
    expect(accountCurrency(null)).toBe('GBP');
  });

  it('formats with the right symbol and two decimals', () => {
    expect(formatMoney(4050, 'GBP')).toBe('£40.50');
    expect(formatMoney(100000, 'USD')).toBe('$1000.00');
    expect(formatMoney(5, 'EUR')).toBe('€0.05');
    expect(formatMoney(-855, 'AUD')).toBe('-$8.55');
    expect(formatMoney(0, 'XYZ')).toBe('£0.00');
  });
});
