import { describe, expect, it } from 'vitest';
import { browserOf, clock, reasonChoices, reasonOf, sizeOf } from './format';

describe('browserOf', () => {
  it.each([
    [
      'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
      'Chrome 120 on Android',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51',
      'Edge 124 on Windows',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0',
      'Firefox 125 on Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15',
      'Safari 17 on macOS',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      'Safari 17 on iOS',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/123.0.6312.52 Mobile/15E148 Safari/604.1',
      'Chrome 123 on iOS',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 OPR/106.0.0.0',
      'Opera 106 on Linux',
    ],
    [
      'Mozilla/5.0 (Linux; Android 13; SM-S901B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36',
      'Samsung Internet 23 on Android',
    ],
    [
      'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/121.0.0.0 Safari/537.36',
      'Chrome 121 on ChromeOS',
    ],
  ])('names %s', (ua, expected) => {
    expect(browserOf(ua)).toBe(expected);
  });

  it('says when it cannot tell', () => {
    expect(browserOf(null)).toBe('Unknown browser');
    expect(browserOf('')).toBe('Unknown browser');
    expect(browserOf('curl/8.5.0')).toBe('Other browser');
    expect(browserOf('Mozilla/5.0 (X11; Linux x86_64) SomeBrowser/1.0')).toBe('Other browser on Linux');
  });
});

describe('sizes and replay times', () => {
  it('shows bytes as B, kB and MB', () => {
    expect(sizeOf(812)).toBe('812 B');
    expect(sizeOf(12_345)).toBe('12.3 kB');
    expect(sizeOf(999_960)).toBe('1.0 MB');
    expect(sizeOf(4_120_000)).toBe('4.1 MB');
    expect(sizeOf(null)).toBe('');
  });

  it('shows a replay position as m:ss', () => {
    expect(clock(0)).toBe('0:00');
    expect(clock(9_999)).toBe('0:09');
    expect(clock(95_000)).toBe('1:35');
    expect(clock(61 * 60_000)).toBe('61:00');
  });

  it("names why a session was recorded, a recording from before reasons were kept as debug mode's", () => {
    expect(reasonOf('debug')).toBe('Debug mode');
    expect(reasonOf('sampled')).toBe('Sampled');
    expect(reasonOf('error')).toBe('After an error');
    expect(reasonOf(null)).toBe('Debug mode');
    expect(reasonOf('future')).toBe('future');
    expect(reasonChoices.map((c) => c.id)).toEqual(['debug', 'sampled', 'error']);
  });
});
