/**
 * A company's own row by its id (spec §3: every company's data is its own): a row of another
 * company answers 404 as one that does not exist does, so that an id tells a caller nothing of
 * another company's rows.
 */
import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { ApiError } from '../api-error.js';
import type { Db } from './client.js';

/** A table of rows that each belong to one company (`company_id`) and are found by a serial `id`. */
type CompanyTable = PgTable & { id: PgColumn; companyId: PgColumn };

/** Row `id` of `table` if it is the company's; else 404 not_found. */
export async function companyRow<T extends CompanyTable>(
  db: Db,
  table: T,
  companyId: number,
  id: number,
): Promise<T['$inferSelect']> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.id, id), eq(table.companyId, companyId)));
  if (!row) throw new ApiError(404, 'not_found');
  return row as T['$inferSelect'];
}
