/**
 * Statistics at once after a bulk write, as PostgreSQL's manual advises after a bulk load. A
 * statement prepared while a table was small keeps the plan made then (a generic plan, after five
 * runs) until the table's statistics change; autovacuum changes them up to a minute later on
 * PostgreSQL (10 s on PGlite, core/db/pglite-autovacuum.ts). Measured (issue 30): after 100,000
 * devices were imported into a company listed at 66, the list's name filter kept a plan made for 66
 * rows that tested the pattern on every row — 46 ms a call, 241 ms p50 under 10 connections —
 * against 3 ms once the table was analyzed. ANALYZE both gathers the statistics and invalidates the
 * cached plans that read the table.
 */
import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';
import { executedRows } from './executed-rows.js';

/**
 * Autovacuum's own rule (`autovacuum_analyze_threshold` + `autovacuum_analyze_scale_factor` × the
 * rows before), applied to one write: the rows it wrote against what the table held.
 */
const ANALYZE_THRESHOLD = 50;
const ANALYZE_SCALE_FACTOR = 0.1;

/** Analyzes `table` when `written` rows are past autovacuum's rule; answers whether it did. */
export async function analyzeAfterBulkWrite(db: Db, table: PgTable, written: number): Promise<boolean> {
  if (written <= ANALYZE_THRESHOLD) return false;
  const name = getTableName(table);
  // The rows as last analyzed or vacuumed (-1: never), which a write does not move.
  const [estimate] = executedRows<{ rows: number }>(
    await db.execute(
      sql`select greatest(reltuples, 0)::float8 as rows from pg_class where oid = to_regclass(${name})`,
    ),
  );
  if (written <= ANALYZE_THRESHOLD + ANALYZE_SCALE_FACTOR * Number(estimate?.rows ?? 0)) return false;
  await db.execute(sql`analyze ${table}`);
  return true;
}
