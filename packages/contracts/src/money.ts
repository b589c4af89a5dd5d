/**
 * Amounts of money as the console and the server show and read them (spec §9): an integer of fen
 * (1/100 yuan), shown divided by 100 with two decimals and a currency symbol. Free of zod, for the
 * topbar's balance warning on every page (finance.ts holds the schemas).
 */

/** Fen in a yuan. */
export const FEN_PER_YUAN = 100;
/** The largest single recharge: 999,999.99 yuan (spec §9), in fen. */
export const RECHARGE_MAX_FEN = 99_999_999;

/** `¥1,234.56` from 123456 fen (spec §9: minor units ÷ 100, two decimals, a currency symbol). */
export function formatFen(fen: number, symbol = '¥'): string {
  const sign = fen < 0 ? '-' : '';
  const whole = Math.abs(fen);
  const yuan = Math.trunc(whole / FEN_PER_YUAN).toLocaleString('en-US');
  const cents = String(whole % FEN_PER_YUAN).padStart(2, '0');
  return `${sign}${symbol}${yuan}.${cents}`;
}

/**
 * Fen from a typed amount of yuan (`"12"`, `"12.5"`, `"12.50"`): at most two decimals, read as
 * text so that no floating-point rounding enters; null for anything else.
 */
export function fenOfYuan(text: string): number | null {
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * FEN_PER_YUAN + Number((match[2] ?? '').padEnd(2, '0'));
}
