/**
 * The company's devices (spec §3 Device, §5.4, §6): their list (device-pages.ts) and export
 * (device-export.ts), one device, binding a unit of the factory registry, renaming, moving between
 * groups and unbinding. Every query is limited to the caller's scope (scope.ts); a device outside it
 * is not found (404). A downstream company's device is shown with `read_only` and refused to every
 * change (403 `device_read_only`, naming the change: read-only.ts). Every change writes its binding
 * records, an audit entry and the company's change counter in its own transaction (records.ts,
 * list-totals.ts).
 */
import type {
  bindDeviceBodySchema,
  Device,
  EditDeviceBody,
  ListPage,
  ListQuery,
  Order,
  Where,
} from '@vap/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Permissions } from '../../core/auth/permissions.js';
import type { SecretBox } from '../../core/crypto/secret-box.js';
import type { Db } from '../../core/db/client.js';
import { devices } from '../../core/db/devices.js';
import { ApiError } from '../../core/http/errors.js';
import { exportDevices } from './device-export.js';
import { DevicePages } from './device-pages.js';
import { selectRows, toDevice } from './device-rows.js';
import { boundFrom, findUnit, GB_PASSWORD_KEY } from './factory.js';
import { changeGroupCount, groupFull, groupUnknown, type LockedGroup, lockGroups } from './groups.js';
import { type DeviceAction, readOnlyRefusal } from './read-only.js';
import { type Actor, changeOf, recordChanges } from './records.js';
import { type DeviceScope, groupInScope, scopeOf, scopeWhere } from './scope.js';

type BindBody = z.output<typeof bindDeviceBodySchema>;

const notFound = () => new ApiError(404, 'not_found');

export class Devices {
  private readonly pages: DevicePages;

  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
  ) {
    this.pages = new DevicePages(db);
  }

  /** A page of the scope's devices (device-pages.ts). */
  list(caller: Permissions, query: ListQuery): Promise<ListPage<Device>> {
    return this.pages.list(caller, query);
  }

  /** The scope's devices of a filter in the list's order, at most `max` (device-export.ts). */
  exportRows(caller: Permissions, wheres: Where[], orders: Order[], max: number): AsyncGenerator<Device> {
    return exportDevices(this.db, caller, wheres, orders, max);
  }

  /** One device of the scope; 404 for any other. */
  async detail(caller: Permissions, id: number): Promise<Device> {
    const scope = await scopeOf(this.db, caller);
    const [row] = await selectRows(this.db, and(eq(devices.id, id), scopeWhere(scope)));
    if (!row) throw notFound();
    return toDevice(row, scope);
  }

  /**
   * Devices of the scope the caller may change, locked for the transaction (in id order, so that
   * two batches never wait on each other in a circle): 404 when one is not in the scope, 403
   * `device_read_only` naming the action when one is a downstream company's.
   */
  private async changeable(tx: Db, scope: DeviceScope, ids: readonly number[], action: DeviceAction) {
    const wanted = [...new Set(ids)].sort((a, b) => a - b);
    const rows = await tx
      .select({
        id: devices.id,
        sn: devices.sn,
        name: devices.name,
        remark: devices.remark,
        companyId: devices.companyId,
        groupId: devices.groupId,
      })
      .from(devices)
      .where(and(inArray(devices.id, wanted), scopeWhere(scope)))
      .orderBy(asc(devices.id))
      .for('update');
    if (rows.length !== wanted.length) throw notFound();
    if (rows.some((row) => row.companyId !== scope.companyId)) throw readOnlyRefusal(action);
    return rows;
  }

  /**
   * Binds a unit of the registry to the caller's company (spec §5.1, §5.4): by serial and device
   * code, or as a GB28181 device by its national id (the unit's serial) and registration password.
   * Of concurrent binds of one unit exactly one is stored (the unit is unique among devices); the
   * others answer 409 `device_bound`.
   */
  async bind(actor: Actor, body: BindBody): Promise<Device> {
    const scope = await scopeOf(this.db, actor.caller);
    const sn = body.mode === 'serial' ? body.sn : body.gb28181_id;
    const unit = await findUnit(this.db, { sn });
    if (!unit) throw new ApiError(404, 'device_unknown');
    if (body.mode === 'serial' && unit.deviceCode !== body.device_code) {
      throw new ApiError(400, 'device_code_mismatch');
    }
    if (!groupInScope(scope, body.group_id)) {
      // A caller limited to groups binds into one of them: an ungrouped device would leave their sight.
      throw body.group_id === null ? new ApiError(403, 'forbidden') : groupUnknown();
    }
    const id = await this.db.transaction(async (tx) => {
      let group: LockedGroup | undefined;
      if (body.group_id !== null) {
        group = (await lockGroups(tx, scope.companyId, [body.group_id]))[0];
        if (!group) throw groupUnknown();
        if (group.devices >= group.maxDevices) throw groupFull();
      }
      const name = body.name ?? unit.sn;
      const [device] = await tx
        .insert(devices)
        .values({
          ...boundFrom(unit),
          companyId: scope.companyId,
          groupId: body.group_id,
          name,
          ...(body.mode === 'gb28181'
            ? { gb28181Id: unit.sn, gbPasswordSealed: this.box.seal(body.password, GB_PASSWORD_KEY(unit.sn)) }
            : {}),
        })
        .onConflictDoNothing({ target: devices.unitId })
        .returning({ id: devices.id });
      if (!device) throw new ApiError(409, 'device_bound');
      if (group) await changeGroupCount(tx, group.id, 1);
      await recordChanges(tx, actor, [
        { companyId: scope.companyId, deviceId: device.id, sn: unit.sn, action: 'bind', after: name },
      ]);
      await actor.trail.record(tx, {
        action: 'device.bind',
        target: { type: 'device', id: device.id },
        after: {
          sn: unit.sn,
          name,
          mode: body.mode,
          group_id: body.group_id,
          ...(body.mode === 'gb28181' ? { gb28181_id: unit.sn, password: body.password } : {}),
        },
      });
      return device.id;
    });
    return this.detail(actor.caller, id);
  }

  /** Renames a device and changes its remark (PATCH; spec §5.4). A rename leaves a binding record. */
  async edit(actor: Actor, id: number, body: EditDeviceBody): Promise<Device> {
    const scope = await scopeOf(this.db, actor.caller);
    await this.db.transaction(async (tx) => {
      const [device] = await this.changeable(tx, scope, [id], 'edit');
      if (!device) throw notFound();
      const name = body.name.trim();
      const remark = body.remark === undefined ? device.remark : body.remark.trim();
      await tx.update(devices).set({ name, remark }).where(eq(devices.id, device.id));
      if (name !== device.name) {
        await recordChanges(tx, actor, [changeOf(device, 'rename', { before: device.name, after: name })]);
      }
      await actor.trail.record(tx, {
        action: 'device.update',
        target: { type: 'device', id: device.id },
        before: { sn: device.sn, name: device.name, remark: device.remark },
        after: { sn: device.sn, name, remark },
      });
    });
    return this.detail(actor.caller, id);
  }

  /**
   * Unbinds devices of the caller's company (one, or a batch of up to DEVICE_BATCH_MAX): all or
   * none. Each unit goes back to the factory pool; the binding records stay.
   */
  async unbind(actor: Actor, ids: readonly number[]): Promise<{ count: number }> {
    const scope = await scopeOf(this.db, actor.caller);
    return this.db.transaction(async (tx) => {
      const rows = await this.changeable(tx, scope, ids, 'unbind');
      const groupIds = [...new Set(rows.flatMap((row) => (row.groupId === null ? [] : [row.groupId])))];
      const groups = await lockGroups(tx, scope.companyId, groupIds);
      await tx.delete(devices).where(
        inArray(
          devices.id,
          rows.map((row) => row.id),
        ),
      );
      for (const group of groups) {
        await changeGroupCount(tx, group.id, -rows.filter((row) => row.groupId === group.id).length);
      }
      await recordChanges(
        tx,
        actor,
        rows.map((row) => changeOf(row, 'unbind', { before: row.name })),
      );
      await actor.trail.record(tx, {
        action: 'device.unbind',
        target: { type: 'device', id: rows.length === 1 ? rows[0]?.id : null },
        before: {
          devices: rows.map((row) => ({ id: row.id, sn: row.sn, name: row.name, group_id: row.groupId })),
        },
      });
      return { count: rows.length };
    });
  }

  /**
   * Moves devices of the caller's company into a group, or out of every group (`null`): all or
   * none. The groups involved are locked (in id order) before their counts are checked and
   * changed, so that two concurrent moves cannot overfill a group (409 `group_full`).
   */
  async move(actor: Actor, ids: readonly number[], groupId: number | null): Promise<{ count: number }> {
    const scope = await scopeOf(this.db, actor.caller);
    if (!groupInScope(scope, groupId))
      throw groupId === null ? new ApiError(403, 'forbidden') : groupUnknown();
    return this.db.transaction(async (tx) => {
      const rows = await this.changeable(tx, scope, ids, 'move');
      const moving = rows.filter((row) => row.groupId !== groupId);
      const involved = new Set(moving.flatMap((row) => (row.groupId === null ? [] : [row.groupId])));
      if (groupId !== null) involved.add(groupId);
      const groups = await lockGroups(tx, scope.companyId, [...involved]);
      const target = groupId === null ? undefined : groups.find((group) => group.id === groupId);
      if (groupId !== null && !target) throw groupUnknown();
      if (target && target.devices + moving.length > target.maxDevices) throw groupFull();
      if (moving.length === 0) return { count: 0 };
      await tx
        .update(devices)
        .set({ groupId })
        .where(
          inArray(
            devices.id,
            moving.map((row) => row.id),
          ),
        );
      for (const group of groups) {
        const leaving = moving.filter((row) => row.groupId === group.id).length;
        await changeGroupCount(tx, group.id, (group.id === groupId ? moving.length : 0) - leaving);
      }
      const nameOf = (id: number | null) =>
        id === null ? '' : (groups.find((group) => group.id === id)?.name ?? '');
      await recordChanges(
        tx,
        actor,
        moving.map((row) => changeOf(row, 'move', { before: nameOf(row.groupId), after: nameOf(groupId) })),
      );
      await actor.trail.record(tx, {
        action: 'device.move',
        target: { type: 'device', id: moving.length === 1 ? moving[0]?.id : null },
        before: { devices: moving.map((row) => ({ id: row.id, sn: row.sn, group_id: row.groupId })) },
        after: { group_id: groupId, count: moving.length },
      });
      return { count: moving.length };
    });
  }
}
