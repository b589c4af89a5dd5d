/**
 * The devices' side of device tasks (issue 16): which devices a task may act on, and what a
 * completed firmware upgrade changes in the device list.
 *
 * A task acts on devices of the caller's own company within their group permission — never a
 * downstream company's (spec §6: those are shown, not acted on).
 */
import { checkWheres, DEVICE_FILTERS, type TaskTarget, UNGROUPED } from '@vap/contracts';
import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Permissions } from '../../core/auth/permissions.js';
import type { Db } from '../../core/db/client.js';
import { ApiError } from '../../core/http/errors.js';
import { filterOf } from './devices.js';
import { bumpVersion } from './list-totals.js';
import { devices } from './schema.js';
import { ownScopeOf, scopeWhereOf } from './scope.js';

export interface TargetDevice {
  id: number;
  sn: string;
  model: string;
  companyId: number;
}

/**
 * The devices of a target in the caller's own scope, in id order, at most `limit` (one more tells
 * the caller there are too many). Selected ids outside the scope are not found (404), as anywhere.
 */
export async function targetDevices(
  db: Db,
  caller: Permissions,
  target: TaskTarget,
  limit: number,
): Promise<TargetDevice[]> {
  const scope = ownScopeOf(caller);
  const conditions: Array<SQL | undefined> = [scopeWhereOf(scope, scope.companyId)];
  if ('device_ids' in target) conditions.push(inArray(devices.id, [...new Set(target.device_ids)]));
  else if ('group_id' in target)
    conditions.push(
      target.group_id === UNGROUPED ? isNull(devices.groupId) : eq(devices.groupId, target.group_id),
    );
  else {
    const checked = checkWheres(target.wheres, DEVICE_FILTERS);
    if (!checked.ok) throw new ApiError(400, 'invalid_list_query');
    // The device list's company filter narrows its scope; here the scope is the caller's own
    // company, so a filter of a downstream company holds no device a task may act on (spec §6) —
    // not, as a filter left out would, all of the caller's own.
    if (checked.wheres.some((where) => where.k === 'company_id' && where.v !== scope.companyId)) return [];
    conditions.push(...checked.wheres.map((where) => filterOf(where)));
  }
  const rows = await db
    .select({ id: devices.id, sn: devices.sn, model: devices.model, companyId: devices.companyId })
    .from(devices)
    .where(and(...conditions))
    .orderBy(devices.id)
    .limit(limit + 1);
  if ('device_ids' in target && rows.length < new Set(target.device_ids).size)
    throw new ApiError(404, 'not_found');
  return rows;
}

/** A device now runs this firmware (its upgrade completed), in the transaction that says so. */
export async function setFirmwareVersion(tx: Db, deviceId: number, version: string): Promise<void> {
  const [device] = await tx
    .update(devices)
    .set({ firmwareVersion: version })
    .where(eq(devices.id, deviceId))
    .returning({ companyId: devices.companyId });
  if (device) await tx.execute(bumpVersion(device.companyId));
}
