/**
 * Opening, changing and closing cloud packages (contracts cbs.ts for the money rules). Each change
 * and its charge are written in one transaction: a balance that does not cover the charge refuses
 * the change (409 `balance_insufficient`) and writes nothing. The device's cloud state in the device
 * list follows its package.
 */
import {
  accountingMonthStart,
  CLOUD_DEVICE_FILTERS,
  CLOUD_PACKAGE_FILTERS,
  CLOUD_PLAN_PRICES,
  CLOUD_PLAN_QUOTAS,
  CLOUD_PLANS,
  type CloudChargeReason,
  type CloudDevice,
  type CloudPackage,
  type CloudPackageChange,
  type CloudPackageState,
  type CloudPlan,
  type CloudService,
  type CloudState,
  cloudChargeNote,
  type ListPage,
  type OpenCloudPackagesBody,
  proratedFen,
  type Where,
} from '@vap/contracts';
import {
  and,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  ne,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { AuditTrail } from '../../core/audit/recorder.js';
import type { Db } from '../../core/db/client.js';
import { devices } from '../../core/db/devices.js';
import { isUniqueViolation } from '../../core/db/errors.js';
import { writtenRow } from '../../core/db/written-row.js';
import { ApiError } from '../../core/http/errors.js';
import { pageOf, whereOf } from '../../core/http/list-sql.js';
import { devicesBySerial, PICKED_DEVICE, readOnlyRefusal } from '../devices/index.js';
import type { Ledger } from '../finance/index.js';
import { cloudPackages } from './schema.js';

type Row = typeof cloudPackages.$inferSelect;
export type PackageRow = Row & { sn: string; deviceName: string };

export const rankOf = (plan: CloudPlan) => CLOUD_PLANS.indexOf(plan);
/** `2026-11`: the accounting month starting at `start`. */
export const monthKey = (start: Date) => {
  const local = new Date(start.getTime() + 8 * 3_600_000);
  return `${local.getUTCFullYear()}-${String(local.getUTCMonth() + 1).padStart(2, '0')}`;
};

export const toCloudPackage = (row: PackageRow): CloudPackage => ({
  id: row.id,
  device_id: row.deviceId,
  sn: row.sn,
  device_name: row.deviceName,
  service: row.service,
  plan: row.plan,
  next_plan: row.nextPlan,
  state: row.state,
  period_start: row.periodStart.toISOString(),
  period_end: row.periodEnd.toISOString(),
  space_used: row.spaceUsed,
  flow_used: row.flowUsed,
  space_quota: CLOUD_PLAN_QUOTAS[row.plan].space,
  flow_quota: CLOUD_PLAN_QUOTAS[row.plan].flow,
  opened_at: row.openedAt.toISOString(),
});

/** The device list's cloud state of a package's state. */
export const cloudStateOf = (state: Row['state']): CloudState => (state === 'closed' ? 'expired' : state);

const packageFilters = whereOf(CLOUD_PACKAGE_FILTERS, {
  service: cloudPackages.service,
  plan: cloudPackages.plan,
  state: cloudPackages.state,
  sn: devices.sn,
});
const deviceFilters = whereOf(CLOUD_DEVICE_FILTERS, { sn: devices.sn });

export const packageColumns = {
  ...getTableColumns(cloudPackages),
  sn: devices.sn,
  deviceName: devices.name,
};

export class CloudPackages {
  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly now: () => number = Date.now,
  ) {}

  /** The company's packages, newest first; closed ones only when the filters ask for them. */
  async list(
    companyId: number,
    query: { page: number; size: number; wheres: readonly Where[] },
  ): Promise<ListPage<CloudPackage>> {
    const asksState = query.wheres.some((where) => where.k === 'state');
    const where = and(
      eq(cloudPackages.companyId, companyId),
      asksState ? undefined : ne(cloudPackages.state, 'closed'),
      packageFilters(query.wheres),
    );
    const { items, total } = await pageOf(
      query,
      this.db
        .select(packageColumns)
        .from(cloudPackages)
        .innerJoin(devices, eq(devices.id, cloudPackages.deviceId))
        .where(where)
        .orderBy(desc(cloudPackages.id)),
      this.db
        .select({ total: count() })
        .from(cloudPackages)
        .innerJoin(devices, eq(devices.id, cloudPackages.deviceId))
        .where(where),
    );
    return { items: items.map(toCloudPackage), total };
  }

  /** The company's own devices, by serial, with their cloud states (the open dialog's choice). */
  async devices(
    companyId: number,
    query: { page: number; size: number; wheres: readonly Where[] },
  ): Promise<ListPage<CloudDevice>> {
    const rows = this.db
      .select({
        ...PICKED_DEVICE,
        cloud_backup: devices.cloudBackup,
        cloud_video: devices.cloudVideo,
      })
      .from(devices)
      .$dynamic();
    return devicesBySerial(
      this.db,
      rows,
      and(eq(devices.companyId, companyId), deviceFilters(query.wheres)),
      query,
    );
  }

  /**
   * Opens the service on each device, at once, charging each the rest of this month prorated.
   * Every device must be the company's own (not a downstream company's) and hold no open package
   * of the service.
   */
  async open(
    companyId: number,
    body: OpenCloudPackagesBody,
    operatorId: number,
    trail: AuditTrail,
  ): Promise<CloudPackageChange> {
    const ids = [...new Set(body.device_ids)];
    const at = this.now();
    const start = accountingMonthStart(at);
    const end = accountingMonthStart(at, 1);
    try {
      return await this.db.transaction(async (tx) => {
        const found = await tx
          .select({ id: devices.id, sn: devices.sn, name: devices.name, companyId: devices.companyId })
          .from(devices)
          .where(inArray(devices.id, ids));
        if (found.length !== ids.length) throw new ApiError(404, 'device_unknown');
        if (found.some((device) => device.companyId !== companyId)) throw readOnlyRefusal('cloud');
        const opened: PackageRow[] = [];
        let charged = 0;
        for (const device of found) {
          const row = await writtenRow(
            tx
              .insert(cloudPackages)
              .values({
                companyId,
                deviceId: device.id,
                service: body.service,
                plan: body.plan,
                periodStart: start,
                periodEnd: end,
                openedAt: new Date(at),
              })
              .returning(),
            'package not written',
          );
          const packageRow = { ...row, sn: device.sn, deviceName: device.name };
          const price = proratedFen(
            CLOUD_PLAN_PRICES[body.service][body.plan],
            at,
            start.getTime(),
            end.getTime(),
          );
          charged += await this.charge(tx, packageRow, 'open', body.plan, price, operatorId);
          await setDeviceCloudState(tx, device.id, body.service, 'active');
          opened.push(packageRow);
        }
        const packages = opened.map(toCloudPackage);
        await trail.record(tx, {
          action: 'cbs.package.open',
          target: { type: 'cloud_package', id: packages.map((item) => item.id).join(',') },
          after: { packages, charged },
        });
        return { packages, charged };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiError(409, 'package_exists');
      throw error;
    }
  }

  /**
   * Another plan: a larger one at once, charging the difference for the rest of this month; a
   * smaller one from next month; the current one cancels a change (or a close) not yet made.
   */
  async change(
    companyId: number,
    id: number,
    plan: CloudPlan,
    operatorId: number,
    trail: AuditTrail,
  ): Promise<CloudPackageChange> {
    return this.db.transaction(async (tx) => {
      const before = await this.lockedRow(tx, companyId, id);
      if (before.state === 'suspended') throw new ApiError(409, 'package_suspended');
      let charged = 0;
      let changes: Partial<Row>;
      if (rankOf(plan) > rankOf(before.plan)) {
        const at = this.now();
        const prices = CLOUD_PLAN_PRICES[before.service];
        const difference = proratedFen(
          prices[plan] - prices[before.plan],
          at,
          before.periodStart.getTime(),
          before.periodEnd.getTime(),
        );
        charged = await this.charge(tx, before, 'upgrade', plan, difference, operatorId);
        changes = { plan, nextPlan: null };
      } else changes = { nextPlan: plan === before.plan ? null : plan };
      const after = await this.update(tx, before, changes);
      await trail.record(tx, {
        action: 'cbs.package.change',
        target: { type: 'cloud_package', id },
        before: toCloudPackage(before),
        after: { ...toCloudPackage(after), charged },
      });
      return { packages: [toCloudPackage(after)], charged };
    });
  }

  /** Closes the package at the start of next month (a free one at once: nothing was paid for). */
  async close(companyId: number, id: number, trail: AuditTrail): Promise<CloudPackageChange> {
    return this.db.transaction(async (tx) => {
      const before = await this.lockedRow(tx, companyId, id);
      const now = before.plan === 'free' || before.state === 'suspended';
      const after = await this.update(
        tx,
        before,
        now ? { state: 'closed', nextPlan: null, closedAt: new Date(this.now()) } : { nextPlan: 'closed' },
      );
      if (now) await setDeviceCloudState(tx, before.deviceId, before.service, 'expired');
      await trail.record(tx, {
        action: 'cbs.package.close',
        target: { type: 'cloud_package', id },
        before: toCloudPackage(before),
        after: toCloudPackage(after),
      });
      return { packages: [toCloudPackage(after)], charged: 0 };
    });
  }

  /** Posts a package's charge of `amount` fen in `tx` (nothing for 0); answers the fen charged. */
  async charge(
    tx: Db,
    row: PackageRow,
    reason: CloudChargeReason,
    plan: CloudPlan,
    amount: number,
    operatorId: number | null,
  ): Promise<number> {
    if (amount <= 0) return 0;
    await this.ledger.post(
      {
        companyId: row.companyId,
        kind: 'charge',
        product: row.service,
        amount: -amount,
        reference: `${row.sn}/${row.service}/${row.id}/${monthKey(accountingMonthStart(this.now()))}/${reason}-${plan}`,
        note: cloudChargeNote(reason, plan),
        operatorId,
      },
      tx,
    );
    return amount;
  }

  private async lockedRow(tx: Db, companyId: number, id: number): Promise<PackageRow> {
    const [row] = await tx
      .select(packageColumns)
      .from(cloudPackages)
      .innerJoin(devices, eq(devices.id, cloudPackages.deviceId))
      .where(and(eq(cloudPackages.id, id), eq(cloudPackages.companyId, companyId)))
      .for('update', { of: cloudPackages });
    if (!row) throw new ApiError(404, 'not_found');
    if (row.state === 'closed') throw new ApiError(409, 'package_closed');
    return row;
  }

  private async update(tx: Db, before: PackageRow, changes: Partial<Row>): Promise<PackageRow> {
    const row = await writtenRow(
      tx.update(cloudPackages).set(changes).where(eq(cloudPackages.id, before.id)).returning(),
      'package not written',
    );
    return { ...row, sn: before.sn, deviceName: before.deviceName };
  }
}

/** The device list's cloud backup or cloud video column, in the package's transaction. */
export async function setDeviceCloudState(
  tx: Db,
  deviceId: number,
  service: CloudService,
  state: CloudState,
) {
  await tx
    .update(devices)
    .set(service === 'cloud_backup' ? { cloudBackup: state } : { cloudVideo: state })
    .where(eq(devices.id, deviceId));
}

/** Whether any of the company's packages still runs (the product cbs cannot be turned off then). */
export async function hasRunningPackages(db: Db, companyId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: cloudPackages.id })
    .from(cloudPackages)
    .where(and(eq(cloudPackages.companyId, companyId), ne(cloudPackages.state, 'closed')))
    .limit(1);
  return row !== undefined;
}

/**
 * Whether a device of the company holds a package of the service in one of `states` (video
 * detail: a running cloud video package takes recordings; one not closed keeps them listed), as
 * SQL on the device's id column, for another module's statement.
 */
export const holdsPackage = (
  deviceId: SQLWrapper,
  companyId: number,
  service: CloudService,
  states: readonly CloudPackageState[],
): SQL =>
  sql`exists (select 1 from ${cloudPackages} where ${cloudPackages.deviceId} = ${deviceId}
    and ${cloudPackages.companyId} = ${companyId} and ${cloudPackages.service} = ${service}
    and ${inArray(cloudPackages.state, [...states])})`;
