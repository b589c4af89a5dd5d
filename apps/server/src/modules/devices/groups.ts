/**
 * The company's device groups (spec §3 Group): a name and a maximum of bound devices. A caller
 * limited to some groups sees those (and no ungrouped count) and may rename them or change their
 * maximum; creating and deleting a group needs all-group access, as the new group would be out of
 * their sight and a deleted one's devices become ungrouped. A group's device count is kept on its
 * row and changed under the row's lock (devices.ts), so that it never passes the maximum.
 */
import type { DeviceGroup, DeviceGroups, GroupBody } from '@vap/contracts';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Permissions } from '../../core/auth/permissions.js';
import type { Db } from '../../core/db/client.js';
import { deviceGroups, devices } from '../../core/db/devices.js';
import { isUniqueViolation } from '../../core/db/errors.js';
import { roles } from '../../core/db/schema.js';
import { ApiError } from '../../core/http/errors.js';
import { bumpVersion } from './list-totals.js';
import type { Actor } from './records.js';
import { bindRecords } from './schema.js';
import { allGroups, type DeviceScope, groupInScope, scopeOf } from './scope.js';

export interface LockedGroup {
  id: number;
  name: string;
  maxDevices: number;
  devices: number;
}

/** Groups of a company, locked for the transaction in id order (absent ids are left out). */
export async function lockGroups(tx: Db, companyId: number, ids: readonly number[]): Promise<LockedGroup[]> {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: deviceGroups.id,
      name: deviceGroups.name,
      maxDevices: deviceGroups.maxDevices,
      devices: deviceGroups.devices,
    })
    .from(deviceGroups)
    .where(and(eq(deviceGroups.companyId, companyId), inArray(deviceGroups.id, [...ids])))
    .orderBy(asc(deviceGroups.id))
    .for('update');
}

/** Changes a locked group's device count by `change` (its check constraint keeps it within the maximum). */
export async function changeGroupCount(tx: Db, groupId: number, change: number): Promise<void> {
  if (change === 0) return;
  await tx
    .update(deviceGroups)
    .set({ devices: sql`${deviceGroups.devices} + ${change}` })
    .where(eq(deviceGroups.id, groupId));
}

/** The ids among `ids` that are no group of the company (the role editor and access keys check). */
export async function unknownGroupIds(db: Db, companyId: number, ids: readonly number[]): Promise<number[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  const found = await db
    .select({ id: deviceGroups.id })
    .from(deviceGroups)
    .where(and(eq(deviceGroups.companyId, companyId), inArray(deviceGroups.id, wanted)));
  const known = new Set(found.map((row) => row.id));
  return wanted.filter((id) => !known.has(id));
}

export const groupUnknown = () => new ApiError(404, 'group_unknown');
/** A group at its maximum bound devices (spec §3 Group), or a maximum below its devices. */
export const groupFull = () => new ApiError(409, 'group_full');
const nameTaken = () => new ApiError(409, 'group_name_taken');

function toGroup(row: typeof deviceGroups.$inferSelect): DeviceGroup {
  return {
    id: row.id,
    name: row.name,
    max_devices: row.maxDevices,
    devices: row.devices,
    created_at: row.createdAt.toISOString(),
  };
}

const groupSnapshot = (row: { id: number; name: string; maxDevices: number }) => ({
  id: row.id,
  name: row.name,
  max_devices: row.maxDevices,
});

export class Groups {
  constructor(private readonly db: Db) {}

  /** The groups of the scope with their device counts, and the ungrouped count (all-group only). */
  async list(caller: Permissions): Promise<DeviceGroups> {
    const scope = await scopeOf(this.db, caller);
    const rows = await this.db
      .select()
      .from(deviceGroups)
      .where(
        and(
          eq(deviceGroups.companyId, scope.companyId),
          scope.groupIds === null ? undefined : inArray(deviceGroups.id, scope.groupIds),
        ),
      )
      .orderBy(asc(deviceGroups.createdAt), asc(deviceGroups.id));
    const items = rows.map(toGroup);
    // A caller limited to groups does not see the ungrouped devices, nor their count.
    if (!allGroups(scope)) return { items };
    const [counted] = await this.db
      .select({ total: count() })
      .from(devices)
      .where(and(eq(devices.companyId, scope.companyId), isNull(devices.groupId)));
    return { items, ungrouped: counted?.total ?? 0 };
  }

  private async allGroupScope(caller: Permissions): Promise<DeviceScope> {
    const scope = await scopeOf(this.db, caller);
    if (!allGroups(scope)) throw new ApiError(403, 'forbidden');
    return scope;
  }

  async create(actor: Actor, body: GroupBody): Promise<DeviceGroup> {
    const scope = await this.allGroupScope(actor.caller);
    try {
      return await this.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(deviceGroups)
          .values({ companyId: scope.companyId, name: body.name, maxDevices: body.max_devices })
          .onConflictDoNothing()
          .returning();
        if (!row) throw nameTaken();
        await actor.trail.record(tx, {
          action: 'device_group.create',
          target: { type: 'device_group', id: row.id },
          after: groupSnapshot(row),
        });
        return toGroup(row);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
  }

  /** Renames a group or changes its maximum, never below the devices it holds (409 `group_full`). */
  async update(actor: Actor, id: number, body: GroupBody): Promise<DeviceGroup> {
    const scope = await scopeOf(this.db, actor.caller);
    if (!groupInScope(scope, id)) throw groupUnknown();
    try {
      return await this.db.transaction(async (tx) => {
        const [group] = await lockGroups(tx, scope.companyId, [id]);
        if (!group) throw groupUnknown();
        if (body.max_devices < group.devices) throw groupFull();
        const [row] = await tx
          .update(deviceGroups)
          .set({ name: body.name, maxDevices: body.max_devices })
          .where(eq(deviceGroups.id, id))
          .returning();
        if (!row) throw groupUnknown();
        await actor.trail.record(tx, {
          action: 'device_group.update',
          target: { type: 'device_group', id },
          before: groupSnapshot(group),
          after: groupSnapshot(row),
        });
        return toGroup(row);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
  }

  /**
   * Deletes a group: its devices become ungrouped (each with a binding record of the move), and
   * the roles of the company lose the group from their group permissions.
   */
  async remove(actor: Actor, id: number): Promise<void> {
    const scope = await this.allGroupScope(actor.caller);
    await this.db.transaction(async (tx) => {
      // Its devices first, then the group: the order of moves and unbinds, which lock their devices
      // before their groups, so that neither waits on the other in a circle.
      await tx
        .select({ id: devices.id })
        .from(devices)
        .where(and(eq(devices.companyId, scope.companyId), eq(devices.groupId, id)))
        .orderBy(asc(devices.id))
        .for('update');
      const [group] = await lockGroups(tx, scope.companyId, [id]);
      if (!group) throw groupUnknown();
      await tx.execute(sql`
        insert into ${bindRecords} (company_id, device_id, sn, action, before, after, operator_id, operator_name, source)
        select ${devices.companyId}, ${devices.id}, ${devices.sn}, 'move', ${group.name}::text, '',
          ${actor.operatorId}::int, ${actor.operatorName}::text, ${actor.source}::text
        from ${devices} where ${devices.groupId} = ${id}::int`);
      // The devices' group_id becomes null through the foreign key (on delete set null).
      await tx.delete(deviceGroups).where(eq(deviceGroups.id, id));
      if (group.devices > 0) await tx.execute(bumpVersion(scope.companyId));
      await tx
        .update(roles)
        .set({
          groupIds: sql`coalesce((select jsonb_agg(value) from jsonb_array_elements(${roles.groupIds}) where value <> ${String(id)}::jsonb), '[]'::jsonb)`,
        })
        .where(
          and(eq(roles.companyId, scope.companyId), sql`${roles.groupIds} @> ${String(`[${id}]`)}::jsonb`),
        );
      await actor.trail.record(tx, {
        action: 'device_group.delete',
        target: { type: 'device_group', id },
        before: { ...groupSnapshot(group), devices: group.devices },
      });
    });
  }
}
