/**
 * The numbers people read off orders (recharge `R`, the algorithm mall's `A`, plate recognition's packages `P`) and invoice requests: a letter, the date (UTC) and the row's
 * own id, R20261126000042. The id is drawn first so the number is written with the row.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../core/db/client.js';
import { executedRows } from '../../core/db/executed-rows.js';

export async function nextNumbered(
  db: Db,
  table: 'recharge_orders' | 'invoices' | 'algmall_orders' | 'prs_packages',
  prefix: 'R' | 'I' | 'A' | 'P',
  at: Date,
): Promise<{ id: number; number: string }> {
  const [next] = executedRows<{ id: number }>(
    await db.execute(sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id`),
  );
  const id = Number(next?.id);
  return {
    id,
    number: `${prefix}${at.toISOString().slice(0, 10).replaceAll('-', '')}${String(id).padStart(6, '0')}`,
  };
}
