import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDuration,
  formatNumberSuffix,
  formatThousands,
  instantOf,
  relativeAge,
} from './format.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2025, 10, 27, 12, 0, 0);
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('formatThousands (spec §9: thousands separators)', () => {
  it('groups the integer digits by three with commas', () => {
    expect(formatThousands(0)).toBe('0');
    expect(formatThousands(999)).toBe('999');
    expect(formatThousands(1000)).toBe('1,000');
    expect(formatThousands(1234567)).toBe('1,234,567');
  });

  it('keeps the fraction and the sign, and never groups the fraction', () => {
    expect(formatThousands(1234.5678)).toBe('1,234.5678');
    expect(formatThousands(-9876543.21)).toBe('-9,876,543.21');
  });

  it('writes numbers past 1e21 with their digits, not an exponent', () => {
    expect(formatThousands(1e21)).toBe('1,000,000,000,000,000,000,000');
  });
});

describe('formatNumberSuffix (spec §9: suffixes k, M, G, T, P, E)', () => {
  it('leaves a number under 1000 as it is', () => {
    expect(formatNumberSuffix(0)).toBe('0');
    expect(formatNumberSuffix(999)).toBe('999');
  });

  it('uses each suffix from a thousand times the one before, with one decimal and no trailing zero', () => {
    expect(formatNumberSuffix(1000)).toBe('1k');
    expect(formatNumberSuffix(1234)).toBe('1.2k');
    expect(formatNumberSuffix(12_345_678)).toBe('12.3M');
    expect(formatNumberSuffix(3e9)).toBe('3G');
    expect(formatNumberSuffix(4.56e12)).toBe('4.6T');
    expect(formatNumberSuffix(7e15)).toBe('7P');
    expect(formatNumberSuffix(5e18)).toBe('5E');
  });

  it('moves to the next suffix when rounding reaches a thousand (999,950 is 1M, not 1000k)', () => {
    expect(formatNumberSuffix(999_950)).toBe('1M');
    expect(formatNumberSuffix(999_949)).toBe('999.9k');
  });

  it('keeps as many decimals as asked', () => {
    expect(formatNumberSuffix(1_234_567, 2)).toBe('1.23M');
    expect(formatNumberSuffix(1_234_567, 0)).toBe('1M');
  });

  it('counts past 999E in E with thousands separators, and keeps the sign', () => {
    expect(formatNumberSuffix(1.5e21)).toBe('1,500E');
    expect(formatNumberSuffix(-2500)).toBe('-2.5k');
  });
});

describe('relativeAge (spec §9: relative time)', () => {
  it('is just now under 30 s', () => {
    expect(relativeAge(ago(0), NOW)).toEqual({ unit: 'now' });
    expect(relativeAge(ago(29 * SECOND), NOW)).toEqual({ unit: 'now' });
  });

  it('is in whole minutes from 30 s to under an hour, at least one', () => {
    expect(relativeAge(ago(30 * SECOND), NOW)).toEqual({ unit: 'minute', count: 1 });
    expect(relativeAge(ago(5 * MINUTE + 59 * SECOND), NOW)).toEqual({ unit: 'minute', count: 5 });
    expect(relativeAge(ago(HOUR - 1), NOW)).toEqual({ unit: 'minute', count: 59 });
  });

  it('is in whole hours from an hour to under 24 h', () => {
    expect(relativeAge(ago(HOUR), NOW)).toEqual({ unit: 'hour', count: 1 });
    expect(relativeAge(ago(DAY - 1), NOW)).toEqual({ unit: 'hour', count: 23 });
  });

  it('is one day ago from 24 h to under 48 h', () => {
    expect(relativeAge(ago(DAY), NOW)).toEqual({ unit: 'day', count: 1 });
    expect(relativeAge(ago(2 * DAY - 1), NOW)).toEqual({ unit: 'day', count: 1 });
  });

  it('is no relative age (the date is shown) from 48 h on', () => {
    expect(relativeAge(ago(2 * DAY), NOW)).toBeNull();
    expect(relativeAge(ago(400 * DAY), NOW)).toBeNull();
  });

  it('counts a clock up to 30 s ahead as just now, and a later instant as no relative age', () => {
    expect(relativeAge(ago(-20 * SECOND), NOW)).toEqual({ unit: 'now' });
    expect(relativeAge(ago(-HOUR), NOW)).toBeNull();
  });

  it('takes an ISO string, a timestamp or a Date, and nothing unreadable', () => {
    expect(relativeAge(NOW - 2 * HOUR, NOW)).toEqual({ unit: 'hour', count: 2 });
    expect(relativeAge(new Date(NOW - 2 * HOUR), NOW)).toEqual({ unit: 'hour', count: 2 });
    expect(relativeAge('not a date', NOW)).toBeNull();
    expect(relativeAge(null, NOW)).toBeNull();
    expect(instantOf('')).toBeNull();
  });
});

describe('formatDateTime (the one compact date of the lists)', () => {
  it('writes year-month-day hours:minutes with leading zeros, 24-hour, in local time', () => {
    const local = new Date(2025, 0, 5, 9, 7, 30);
    expect(formatDateTime(local)).toBe('2025-01-05 09:07');
    expect(formatDateTime(new Date(2025, 11, 31, 23, 59).toISOString())).toBe('2025-12-31 23:59');
    expect(formatDate(local.getTime())).toBe('2025-01-05');
  });

  it('adds the seconds when asked (a log’s entries)', () => {
    expect(formatDateTime(new Date(2025, 0, 5, 9, 7, 3), { seconds: true })).toBe('2025-01-05 09:07:03');
  });

  it('writes an em dash for nothing or an unreadable value', () => {
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime('')).toBe('—');
    expect(formatDateTime('soon')).toBe('—');
    expect(formatDate(undefined)).toBe('—');
  });
});

describe('formatDuration (a call’s length)', () => {
  it('reads m:ss under an hour and h:mm:ss from an hour, never negative', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(3599)).toBe('59:59');
    expect(formatDuration(3600)).toBe('1:00:00');
    expect(formatDuration(3 * 3600 + 2 * 60 + 1)).toBe('3:02:01');
    expect(formatDuration(-5)).toBe('0:00');
  });
});
