/**
 * The devices a dialog chooses from (the algorithm mall's authorisations, the cloud packages'
 * opening): a page of them by serial, what each dialog needs read of each.
 */
import { asc, count, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../../core/db/client.js';
import { devices } from '../../core/db/devices.js';
import { pageOf } from '../../core/http/list-sql.js';

/** What every such dialog shows of a device: spread into the columns of its own select. */
export const PICKED_DEVICE = { id: devices.id, sn: devices.sn, name: devices.name, kind: devices.kind };

/**
 * A page of the devices `where` picks, in serial order, each read by `rows` (a dynamic select of
 * the devices' table: `db.select({ ...PICKED_DEVICE, … }).from(devices).$dynamic()`), with how many it picks.
 */
export async function devicesBySerial<Rows extends PgSelect>(
  db: Db,
  rows: Rows,
  where: SQL | undefined,
  page: { page: number; size: number },
): Promise<{ items: Awaited<Rows>; total: number }> {
  const { items, total } = await pageOf(
    page,
    rows.where(where).orderBy(asc(devices.sn)),
    db.select({ total: count() }).from(devices).where(where),
  );
  // A dynamic select's type no longer names its rows: they are those of `rows`.
  return { items: items as Awaited<Rows>, total };
}
