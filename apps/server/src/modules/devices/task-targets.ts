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
import { devices } from '../../core/db/devices.js';
import { ApiError } from '../../core/http/errors.js';
import { deviceWhere } from './device-filters.js';
import { bumpVersion } from './list-totals.js';
import { type DeviceAction, readOnlyRefusal } from './read-only.js';
import { ownScopeOf, scopeOf, scopeWhereOf } from './scope.js';

/** The devices of the caller's own company within their groups: those a task may act on. */
export const ownDevicesWhere = (caller: Permissions): SQL => {
  const scope = ownScopeOf(caller);
  return scopeWhereOf(scope, scope.companyId);
};

export interface TargetDevice {
  id: number;
  sn: string;
  model: string;
  companyId: number;
}

/**
 * The devices of a target in the caller's own scope, in id order, at most `limit` (one more tells
 * the caller there are too many). Selected ids outside the scope are not found (404), as anywhere;
 * a downstream company's device, which the caller sees, refuses the task's `action` as every
 * action on it is refused (403 `device_read_only`, read-only.ts), and so does a filter of a
 * downstream company.
 */
export async function targetDevices(
  db: Db,
  caller: Permissions,
  target: TaskTarget,
  limit: number,
  action: DeviceAction,
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
    // company, so a filter of another company holds no device a task may act on (spec §6) —
    // not, as a filter left out would, all of the caller's own.
    const others = checked.wheres.filter((where) => where.k === 'company_id' && where.v !== scope.companyId);
    if (others.length > 0) {
      const seen = (await scopeOf(db, caller)).companyIds;
      if (others.some((where) => seen.includes(where.v as number))) throw readOnlyRefusal(action);
      return [];
    }
    conditions.push(deviceWhere(checked.wheres));
  }
  const rows = await db
    .select({ id: devices.id, sn: devices.sn, model: devices.model, companyId: devices.companyId })
    .from(devices)
    .where(and(...conditions))
    .orderBy(devices.id)
    .limit(limit + 1);
  if ('device_ids' in target && rows.length < new Set(target.device_ids).size) {
    const found = new Set(rows.map((row) => row.id));
    const missing = target.device_ids.filter((id) => !found.has(id));
    throw (await seenReadOnly(db, caller, missing))
      ? readOnlyRefusal(action)
      : new ApiError(404, 'not_found');
  }
  return rows;
}

/** Whether one of these devices is a downstream company's that the caller sees (spec §6). */
async function seenReadOnly(db: Db, caller: Permissions, ids: readonly number[]): Promise<boolean> {
  const scope = await scopeOf(db, caller);
  const downstream = scope.companyIds.filter((id) => id !== scope.companyId);
  if (downstream.length === 0) return false;
  const [row] = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(inArray(devices.id, [...ids]), inArray(devices.companyId, downstream)))
    .limit(1);
  return row !== undefined;
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
