/**
 * The devices of an export (spec §5.4): the scope's devices of a filter in the list's order, at most
 * `max`. Their ids are read in one statement, then the devices a thousand at a time, so that memory
 * holds ids and one piece, never the whole export.
 */
import type { Device, Order, Where } from '@vap/contracts';
import { and, inArray, or } from 'drizzle-orm';
import type { Permissions } from '../../core/auth/permissions.js';
import type { Db } from '../../core/db/client.js';
import { devices } from '../../core/db/devices.js';
import { deviceWhere, orderTerms } from './device-filters.js';
import { selectRows, toDevice } from './device-rows.js';
import { scopeOf, scopeWhereOf } from './scope.js';

/** Devices read per statement of an export. */
const EXPORT_PIECE = 1000;

export async function* exportDevices(
  db: Db,
  caller: Permissions,
  wheres: Where[],
  orders: Order[],
  max: number,
): AsyncGenerator<Device> {
  const scope = await scopeOf(db, caller);
  const companyFilter = wheres.find((filter) => filter.k === 'company_id')?.v as number | undefined;
  const companyIds = scope.companyIds.filter((id) => companyFilter === undefined || id === companyFilter);
  if (companyIds.length === 0) return;
  const ids = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(or(...companyIds.map((id) => scopeWhereOf(scope, id))), deviceWhere(wheres)))
    .orderBy(...orderTerms(orders))
    .limit(max);
  for (let start = 0; start < ids.length; start += EXPORT_PIECE) {
    const piece = ids.slice(start, start + EXPORT_PIECE).map((row) => row.id);
    const byId = new Map((await selectRows(db, inArray(devices.id, piece))).map((row) => [row.id, row]));
    for (const id of piece) {
      const row = byId.get(id);
      // Unbound meanwhile: left out.
      if (row) yield toDevice(row, scope);
    }
  }
}
