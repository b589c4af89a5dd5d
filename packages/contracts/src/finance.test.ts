import { describe, expect, it } from 'vitest';
import { accountingMonthStart } from './finance.js';
import { fenOfYuan, formatFen, RECHARGE_MAX_FEN } from './money.js';

describe('money in fen (spec §9)', () => {
  it('shows fen divided by 100 with two decimals, thousands separated, and a currency symbol', () => {
    expect(formatFen(123456)).toBe('¥1,234.56');
    expect(formatFen(5)).toBe('¥0.05');
    expect(formatFen(-250)).toBe('-¥2.50');
    expect(formatFen(RECHARGE_MAX_FEN)).toBe('¥999,999.99');
  });

  it('reads typed yuan as fen without floating point, at most two decimals', () => {
    expect(fenOfYuan('0.1')).toBe(10);
    expect(fenOfYuan('19.99')).toBe(1999);
    expect(fenOfYuan(' 12 ')).toBe(1200);
    // 0.1 + 0.2 in floating point is 0.30000000000000004: the text never goes through it.
    expect(fenOfYuan('0.3')).toBe(30);
    expect(fenOfYuan('1.234')).toBeNull();
    expect(fenOfYuan('-1')).toBeNull();
    expect(fenOfYuan('1e3')).toBeNull();
  });
});

describe('accounting months (UTC+8)', () => {
  it('begin at midnight China Standard Time, whatever the server runs in', () => {
    // 2026-11-30 17:00 UTC is already December 1st, 01:00 in Beijing.
    const at = Date.parse('2026-11-30T17:00:00Z');
    expect(accountingMonthStart(at).toISOString()).toBe('2026-11-30T16:00:00.000Z');
    expect(accountingMonthStart(at, -1).toISOString()).toBe('2026-10-31T16:00:00.000Z');
    expect(accountingMonthStart(Date.parse('2026-11-30T15:59:59Z')).toISOString()).toBe(
      '2026-10-31T16:00:00.000Z',
    );
    expect(accountingMonthStart(Date.parse('2026-12-31T16:00:00Z'), 1).toISOString()).toBe(
      '2027-01-31T16:00:00.000Z',
    );
  });
});
