/** Amounts and times as the payment gateways write them. */

/** Fen as yuan with two decimals (`1234` → `12.34`). */
export const yuanOfFen = (fen: number): string =>
  `${Math.trunc(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

/** Yuan written with at most two decimals as whole fen, without floating point; null otherwise. */
export function fenOfYuan(yuan: string): number | null {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(yuan);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Beijing time (UTC+8), `yyyy-MM-dd HH:mm:ss`, as Alipay's `time_expire` reads it. */
export const beijingTime = (at: Date): string =>
  new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

/** RFC 3339 in Beijing time (`2026-11-29T14:30:00+08:00`), as WeChat Pay's `time_expire` reads it. */
export const beijingRfc3339 = (at: Date): string =>
  `${new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`;
