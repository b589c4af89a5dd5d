/**
 * Money (spec §1 finance, §3 Order, §9; issue 17). Every amount is an integer of minor units
 * (fen, 1/100 yuan) — in storage, arithmetic and every payload; never a floating-point number.
 * Shown divided by 100 with two decimals and a currency symbol (spec §9).
 */
import { z } from 'zod';

/** Fen in a yuan. */
export const FEN_PER_YUAN = 100;
/** The largest single recharge: 999,999.99 yuan (spec §9), in fen. */
export const RECHARGE_MAX_FEN = 99_999_999;

/** An amount in fen: a whole number, within what the ledger keeps. */
export const fenSchema = z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);

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

/**
 * What moves a balance, each an immutable ledger entry: a recharge paid online, a bank transfer
 * credited by the operator, a charge (cloud packages, later the algorithm mall and plate
 * recognition), a coupon credited, a refund, an operator's adjustment.
 */
export const LEDGER_KINDS = [
  'recharge',
  'bank_transfer',
  'charge',
  'coupon',
  'refund',
  'adjustment',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_KINDS),
  /** Fen: positive credits, negative debits. */
  amount: z.number().int(),
  /** The balance right after it, fen. */
  balance_after: z.number().int(),
  /** What caused it: an order number, a bank reference, a package month. */
  reference: z.string(),
  note: z.string(),
  created_at: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;
