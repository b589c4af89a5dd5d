/**
 * What the MQTT broker asks of the device area (issue 15): who a connecting unit is, given its
 * serial and factory secret, and its online state in the device list.
 *
 * A device is online on one broker node: `online_node` names it. A node says it is alive in
 * `mqtt_nodes` (the broker's heartbeat); a device whose node has stopped saying so — the node was
 * killed, or its server restarted — is set offline by whichever node reconciles next, so that no
 * device stays "online" for ever. A disconnect sets a device offline only where the disconnecting
 * node still holds it: a device that meanwhile reconnected to another node stays online there.
 */
import { timingSafeEqual } from 'node:crypto';
import type { DeviceKind } from '@vap/contracts';
import { and, eq, inArray, isNotNull, notInArray } from 'drizzle-orm';
import type { SecretBox } from '../../core/crypto/secret-box.js';
import type { Db } from '../../core/db/client.js';
import { devices, factoryUnits } from '../../core/db/devices.js';
import { bumpVersion } from './list-totals.js';

/** A bound unit that proved its factory secret. */
export interface BrokerDevice {
  id: number;
  companyId: number;
  groupId: number | null;
  sn: string;
}

/** A bound unit as a simulator connects it. */
export interface DeviceCredentials {
  sn: string;
  secret: string;
  kind: DeviceKind;
  model: string;
  firmwareVersion: string;
}

/** Why a unit may not connect: unknown to the factory, not bound to a company, or a wrong secret. */
export type DeviceRefusal = 'unknown' | 'unbound' | 'bad_secret';

const sameSecret = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

export class DevicePresence {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
  ) {}

  /** The bound device of `sn` when `secret` is its unit's factory secret, or why not. */
  async authenticate(sn: string, secret: string): Promise<BrokerDevice | DeviceRefusal> {
    const [row] = await this.db
      .select({
        secretSealed: factoryUnits.secretSealed,
        id: devices.id,
        companyId: devices.companyId,
        groupId: devices.groupId,
      })
      .from(factoryUnits)
      .leftJoin(devices, eq(devices.unitId, factoryUnits.id))
      .where(eq(factoryUnits.sn, sn));
    if (!row) return 'unknown';
    const expected = this.box.open(row.secretSealed, sn);
    if (expected === null || !sameSecret(expected, secret)) return 'bad_secret';
    if (row.id === null || row.companyId === null) return 'unbound';
    return { id: row.id, companyId: row.companyId, groupId: row.groupId, sn };
  }

  /** The device connected to `node` from `ip`. */
  async online(device: BrokerDevice, node: string, ip: string, at = new Date()): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(devices)
        .set({ status: 'online', onlineNode: node, lastOnlineAt: at, ip })
        .where(eq(devices.id, device.id));
      await tx.execute(bumpVersion(device.companyId));
    });
  }

  /** The device disconnected from `node`; nothing when another node holds it by now. */
  async offline(device: BrokerDevice, node: string, at = new Date()): Promise<void> {
    await this.db.transaction(async (tx) => {
      const changed = await tx
        .update(devices)
        .set({ status: 'offline', onlineNode: null, lastOfflineAt: at })
        .where(and(eq(devices.id, device.id), eq(devices.onlineNode, node)))
        .returning({ id: devices.id });
      if (changed.length > 0) await tx.execute(bumpVersion(device.companyId));
    });
  }

  /**
   * Bound units with their factory secrets, the oldest bound first: what a simulated fleet
   * (apps/device-sim, `DEMO_DEVICES`) connects as. Secrets in the clear — for the server's own
   * process and its operator only.
   */
  async credentials(count: number): Promise<DeviceCredentials[]> {
    const rows = await this.db
      .select({
        sn: devices.sn,
        kind: devices.kind,
        model: devices.model,
        firmwareVersion: devices.firmwareVersion,
        sealed: factoryUnits.secretSealed,
      })
      .from(devices)
      .innerJoin(factoryUnits, eq(devices.unitId, factoryUnits.id))
      .orderBy(devices.id)
      .limit(count);
    return rows.flatMap(({ sealed, ...unit }) => {
      const secret = this.box.open(sealed, unit.sn);
      return secret === null ? [] : [{ ...unit, secret }];
    });
  }

  /**
   * The serials a user client may address: the company's own devices, all of them or those of
   * `groupIds` (downstream companies' devices are theirs to command).
   */
  async serialsOf(scope: { companyId: number; allGroups: boolean; groupIds: readonly number[] }) {
    const rows = await this.db
      .select({ sn: devices.sn })
      .from(devices)
      .where(
        and(
          eq(devices.companyId, scope.companyId),
          scope.allGroups ? undefined : inArray(devices.groupId, [...scope.groupIds, -1]),
        ),
      );
    return new Set(rows.map((row) => row.sn));
  }

  /**
   * Sets offline every device online on a node that is not one of `liveNodes`; answers how many.
   * Called with the nodes whose heartbeat is recent (mqtt's `BrokerNodes`).
   */
  async reconcile(liveNodes: readonly string[], at = new Date()): Promise<number> {
    return this.db.transaction(async (tx) => {
      // Only what a node set online: a status written otherwise (the demo seed's) has no node to lose.
      const stale = and(
        eq(devices.status, 'online'),
        isNotNull(devices.onlineNode),
        liveNodes.length > 0 ? notInArray(devices.onlineNode, [...liveNodes]) : undefined,
      );
      const changed = await tx
        .update(devices)
        .set({ status: 'offline', onlineNode: null, lastOfflineAt: at })
        .where(stale)
        .returning({ companyId: devices.companyId });
      const companies = [...new Set(changed.map((row) => row.companyId))];
      for (const companyId of companies) await tx.execute(bumpVersion(companyId));
      return changed.length;
    });
  }
}
