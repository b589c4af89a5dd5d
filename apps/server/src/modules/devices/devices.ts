/**
 * The company's devices (spec §3 Device, §5.4, §6): the list with its filters and sort keys, one
 * device, binding a unit of the factory registry, renaming, moving between groups and unbinding.
 * Every query is limited to the caller's scope (scope.ts); a device outside it is not found (404).
 * A downstream company's device is shown with `read_only` and refused to every change (403
 * `device_read_only`, naming the change: read-only.ts). Every change writes its binding records, an audit entry and the company's
 * change counter in its own transaction (records.ts, list-totals.ts).
 */
import {
  type bindDeviceBodySchema,
  type Device,
  type EditDeviceBody,
  type ListPage,
  type ListQuery,
  type Order,
  UNGROUPED,
  type Where,
} from '@vap/contracts';
import { and, asc, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Permissions } from '../../core/auth/permissions.js';
import type { SecretBox } from '../../core/crypto/secret-box.js';
import type { Db } from '../../core/db/client.js';
import { executedRows } from '../../core/db/executed-rows.js';
import { companies } from '../../core/db/schema.js';
import { ApiError } from '../../core/http/errors.js';
import { likePattern } from '../../core/http/list-query.js';
import { boundFrom, findUnit, GB_PASSWORD_KEY } from './factory.js';
import { changeGroupCount, groupFull, groupUnknown, type LockedGroup, lockGroups } from './groups.js';
import { ListTotals, versionOf } from './list-totals.js';
import { type DeviceAction, readOnlyRefusal } from './read-only.js';
import { type Actor, recordChanges } from './records.js';
import { deviceGroups, devices } from './schema.js';
import {
  childrenColumn,
  childrenOf,
  type DeviceScope,
  groupInScope,
  ownScopeOf,
  scopeOf,
  scopeWhere,
  scopeWhereOf,
} from './scope.js';

type BindBody = z.output<typeof bindDeviceBodySchema>;

const notFound = () => new ApiError(404, 'not_found');

/** What a page and a detail read of a device: no sealed column. */
const ROW = {
  id: devices.id,
  sn: devices.sn,
  gb28181Id: devices.gb28181Id,
  name: devices.name,
  kind: devices.kind,
  model: devices.model,
  firmwareVersion: devices.firmwareVersion,
  hardwareVersion: devices.hardwareVersion,
  area: devices.area,
  groupId: devices.groupId,
  groupName: deviceGroups.name,
  ip: devices.ip,
  mac: devices.mac,
  status: devices.status,
  lastOnlineAt: devices.lastOnlineAt,
  lastOfflineAt: devices.lastOfflineAt,
  cloudBackup: devices.cloudBackup,
  cloudVideo: devices.cloudVideo,
  networkMode: devices.networkMode,
  username: devices.username,
  remark: devices.remark,
  companyId: devices.companyId,
  companyName: companies.name,
  boundAt: devices.boundAt,
};

/** A device as read with ROW, from devices joined to its group and company. */
const selectRows = (db: Db, where: SQL | undefined) =>
  db
    .select(ROW)
    .from(devices)
    .leftJoin(deviceGroups, eq(deviceGroups.id, devices.groupId))
    .innerJoin(companies, eq(companies.id, devices.companyId))
    .where(where);
type Row = Awaited<ReturnType<typeof selectRows>>[number];

const ORDER_COLUMNS = {
  sn: devices.sn,
  name: devices.name,
  model: devices.model,
  firmware_version: devices.firmwareVersion,
  status: devices.status,
  last_online_at: devices.lastOnlineAt,
  bound_at: devices.boundAt,
} as const;

/** Devices read per statement of an export. */
const EXPORT_PIECE = 1000;

/** Newest first when no order is asked for. */
const DEFAULT_ORDER: Order[] = [{ k: 'bound_at', o: 'desc' }];

const iso = (at: Date | null) => (at === null ? null : at.toISOString());

function toDevice(row: Row, scope: DeviceScope): Device {
  return {
    id: row.id,
    sn: row.sn,
    gb28181_id: row.gb28181Id,
    name: row.name,
    kind: row.kind,
    model: row.model,
    firmware_version: row.firmwareVersion,
    hardware_version: row.hardwareVersion,
    area: row.area,
    group_id: row.groupId,
    group_name: row.groupName ?? '',
    ip: row.ip,
    mac: row.mac,
    status: row.status,
    last_online_at: iso(row.lastOnlineAt),
    last_offline_at: iso(row.lastOfflineAt),
    cloud_backup: row.cloudBackup,
    cloud_video: row.cloudVideo,
    network_mode: row.networkMode,
    username: row.username,
    remark: row.remark,
    company_id: row.companyId,
    company_name: row.companyName,
    read_only: row.companyId !== scope.companyId,
    bound_at: row.boundAt.toISOString(),
  };
}

/**
 * How a value enters a statement: as itself (a parameter of a one-off statement), or as a named
 * placeholder of a prepared one (its value kept aside for each execution).
 */
type Param = <T>(value: T) => T;
const asValue: Param = (value) => value;

/** One filter of DEVICE_FILTERS as SQL (company_id is applied to the scope instead). */
export function filterOf(filter: Where, param: Param = asValue): SQL | undefined {
  const value = filter.v;
  switch (filter.k) {
    case 'sn':
      return filter.o === 'like'
        ? ilike(devices.sn, param(likePattern(value as string)))
        : eq(devices.sn, param(value as string));
    case 'name':
      return ilike(devices.name, param(likePattern(value as string)));
    case 'model':
      return filter.o === 'in'
        ? inArray(
            devices.model,
            (value as string[]).map((model) => param(model)),
          )
        : eq(devices.model, param(value as string));
    case 'group_id': {
      const ids = filter.o === 'in' ? (value as number[]) : [value as number];
      const grouped = ids.filter((id) => id !== UNGROUPED);
      const ungrouped = ids.includes(UNGROUPED) ? isNull(devices.groupId) : undefined;
      return or(
        grouped.length > 0
          ? inArray(
              devices.groupId,
              grouped.map((id) => param(id)),
            )
          : undefined,
        ungrouped,
      );
    }
    case 'status':
      return eq(devices.status, param(value as Device['status']));
    case 'network_mode':
      return eq(devices.networkMode, param(value as Device['network_mode']));
    case 'firmware_version':
      return filter.o === 'like'
        ? ilike(devices.firmwareVersion, param(likePattern(value as string)))
        : eq(devices.firmwareVersion, param(value as string));
    case 'company_id':
      return undefined;
    default:
      // checkWheres lets no other key through.
      throw new Error(`filter ${filter.k} is not mapped`);
  }
}

/** The sort of a page or an export: the keys asked for (or the default), ties broken by id. */
function orderTerms(asked: readonly Order[]): SQL[] {
  const orders = asked.length > 0 ? asked : DEFAULT_ORDER;
  const last = orders[orders.length - 1]?.o ?? 'asc';
  return [
    ...orders.map((order) => {
      const column = ORDER_COLUMNS[order.k as keyof typeof ORDER_COLUMNS];
      return order.o === 'asc' ? asc(column) : desc(column);
    }),
    last === 'asc' ? asc(devices.id) : desc(devices.id),
  ];
}

/**
 * What makes two one-company pages one statement but for their values: the group permission, the
 * filters (with the lengths of their lists, and whether a group filter takes the ungrouped), the
 * sort keys. Pages of one shape share a prepared statement, built once.
 */
function shapeOf(scope: DeviceScope, query: ListQuery, orders: readonly Order[]): string {
  return JSON.stringify([
    scope.groupIds === null ? null : scope.groupIds.length,
    query.wheres.map((filter) =>
      filter.k === 'group_id' && Array.isArray(filter.v)
        ? [filter.k, filter.o, filter.v.filter((id) => id !== UNGROUPED).length, filter.v.includes(UNGROUPED)]
        : filter.k === 'group_id'
          ? [filter.k, filter.o, filter.v === UNGROUPED]
          : [filter.k, filter.o, Array.isArray(filter.v) ? filter.v.length : 0],
    ),
    orders.map((order) => [order.k, order.o]),
  ]);
}

/** Prepared page statements remembered per process (shapes are few: filters times sort keys). */
const MAX_PREPARED = 500;

/** What a page's statement read: its rows, the change counters and the downstream companies. */
interface Page {
  rows: Row[];
  /** The companies it read (the scope's, narrowed by a company_id filter). */
  companyIds: number[];
  filters: Array<SQL | undefined>;
  version: string | undefined;
  /** Undefined when no row carried them (or the scope has no all-group access). */
  children: number[] | undefined;
}

type PreparedPage = {
  execute(
    values: Record<string, unknown>,
  ): Promise<Array<Row & { version: string; children: string | null }>>;
};

/** Companies whose downstream companies are remembered per process. */
const MAX_REMEMBERED_COMPANIES = 10_000;

export class Devices {
  private readonly totals = new ListTotals();
  /** Downstream companies per company, as last read: a guess each page checks. */
  private readonly children = new Map<number, number[]>();
  /** Prepared one-company page statements by shape. */
  private readonly prepared = new Map<string, PreparedPage>();

  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
  ) {}

  /**
   * A page of the scope's devices. One company (the usual case): one statement, a walk of the sort
   * key's index, with the change counters and the downstream companies riding along; the total is
   * remembered per filter (list-totals.ts). With downstream companies, each company's first
   * `offset + size` keys are merged (a walk of its index each), then the page's rows read by id.
   *
   * Which downstream companies a company has is remembered too, as a guess that every page checks:
   * the page's statement reads them, and a page made with a wrong guess is made again.
   */
  async list(caller: Permissions, query: ListQuery): Promise<ListPage<Device>> {
    const own = ownScopeOf(caller);
    if (own.groupIds !== null) return this.finish(own, query, await this.page(own, query));
    let children = this.children.get(own.companyId) ?? [];
    for (let attempt = 0; ; attempt++) {
      const scope = { ...own, companyIds: [own.companyId, ...children] };
      const page = await this.page(scope, query);
      const actual = page.children ?? (await childrenOf(this.db, own.companyId));
      if (actual.join() === children.join() || attempt === 2) return this.finish(scope, query, page);
      this.rememberChildren(own.companyId, actual);
      children = actual;
    }
  }

  private rememberChildren(companyId: number, children: number[]) {
    this.children.delete(companyId);
    this.children.set(companyId, children);
    if (this.children.size > MAX_REMEMBERED_COMPANIES) {
      const oldest = this.children.keys().next().value;
      if (oldest !== undefined) this.children.delete(oldest);
    }
  }

  private async finish(scope: DeviceScope, query: ListQuery, page: Page): Promise<ListPage<Device>> {
    const total =
      page.companyIds.length === 0
        ? 0
        : await this.total(scope, page.companyIds, query.wheres, page.filters, page.version);
    return { items: page.rows.map((row) => toDevice(row, scope)), total };
  }

  /** One page of a scope: its rows, and what the statement read besides them. */
  private async page(scope: DeviceScope, query: ListQuery): Promise<Page> {
    const companyFilter = query.wheres.find((filter) => filter.k === 'company_id')?.v as number | undefined;
    const companyIds =
      companyFilter === undefined
        ? scope.companyIds
        : scope.companyIds.filter((companyId) => companyId === companyFilter);
    const filters = query.wheres.map((filter) => filterOf(filter));
    if (companyIds.length === 0)
      return { rows: [], companyIds, filters, version: undefined, children: undefined };
    // With all-group access, the downstream companies are read in the same statement.
    const children = scope.groupIds === null ? childrenColumn(scope.companyId) : sql<string>`null`;
    const orders = query.orders.length > 0 ? query.orders : DEFAULT_ORDER;
    const last = orders[orders.length - 1]?.o ?? 'asc';
    const offset = (query.page - 1) * query.size;
    const whereOf = (companyId: number) => and(scopeWhereOf(scope, companyId), ...filters);
    const childrenOfRow = (row: { children: string | null } | undefined) =>
      row === undefined || row.children === null
        ? undefined
        : row.children === ''
          ? []
          : row.children.split(',').map(Number);

    if (companyIds.length === 1) {
      const rows = await this.onePage(scope, companyIds[0] as number, query, orders);
      return { rows, companyIds, filters, version: rows[0]?.version, children: childrenOfRow(rows[0]) };
    }
    const keys = orders.map((order, index) => ({
      name: sql.raw(`k${index}`),
      column: ORDER_COLUMNS[order.k as keyof typeof ORDER_COLUMNS],
      direction: sql.raw(order.o),
    }));
    const tie = sql.raw(last);
    const branches = companyIds.map(
      (companyId) =>
        sql`(select ${devices.id} as id, ${sql.join(
          keys.map((key) => sql`${key.column} as ${key.name}`),
          sql`, `,
        )} from ${devices} where ${whereOf(companyId)} order by ${sql.join(
          keys.map((key) => sql`${key.column} ${key.direction}`),
          sql`, `,
        )}, ${devices.id} ${tie} limit ${offset + query.size})`,
    );
    const ordered = executedRows<{ id: number; version: string; children: string | null }>(
      await this.db.execute(
        sql`select id, ${versionOf(companyIds)} as version, ${children} as children from (${sql.join(branches, sql` union all `)}) as keyed order by ${sql.join(
          keys.map((key) => sql`${key.name} ${key.direction}`),
          sql`, `,
        )}, id ${tie} limit ${query.size} offset ${offset}`,
      ),
    );
    const ids = ordered.map((row) => Number(row.id));
    const found = ids.length === 0 ? [] : await selectRows(this.db, inArray(devices.id, ids));
    const byId = new Map(found.map((row) => [row.id, row]));
    return {
      rows: ids.flatMap((id) => byId.get(id) ?? []),
      companyIds,
      filters,
      version: ordered[0]?.version,
      children: childrenOfRow(ordered[0]),
    };
  }

  /**
   * One company's page: a prepared statement per shape (shapeOf), so that a page costs building
   * no SQL, only its values: the company, the groups, the filters' values, limit and offset.
   */
  private async onePage(scope: DeviceScope, companyId: number, query: ListQuery, orders: readonly Order[]) {
    const values: Record<string, unknown> = {};
    // A placeholder stands where the value would: typed as the value, for the builders.
    const param: Param = <T>(value: T) => {
      const name = `p${Object.keys(values).length}`;
      values[name] = value;
      return sql.placeholder(name) as unknown as T;
    };
    const company = param(companyId);
    const caller = param(scope.companyId);
    const where = and(
      eq(devices.companyId, company),
      scope.groupIds === null
        ? undefined
        : inArray(
            devices.groupId,
            scope.groupIds.map((id) => param(id)),
          ),
      ...query.wheres.map((filter) => filterOf(filter, param)),
    );
    const limit = param(query.size);
    const offset = param((query.page - 1) * query.size);
    const shape = shapeOf(scope, query, orders);
    let prepared = this.prepared.get(shape);
    if (!prepared) {
      const last = orders[orders.length - 1]?.o ?? 'asc';
      prepared = this.db
        .select({
          ...ROW,
          version: versionOf([company]),
          // With all-group access, the caller's downstream companies are read in the same statement.
          children: scope.groupIds === null ? childrenColumn(caller) : sql<string | null>`null`,
        })
        .from(devices)
        .leftJoin(deviceGroups, eq(deviceGroups.id, devices.groupId))
        .innerJoin(companies, eq(companies.id, devices.companyId))
        .where(where)
        .orderBy(
          ...orders.map((order) => {
            const column = ORDER_COLUMNS[order.k as keyof typeof ORDER_COLUMNS];
            return order.o === 'asc' ? asc(column) : desc(column);
          }),
          last === 'asc' ? asc(devices.id) : desc(devices.id),
        )
        .limit(limit)
        .offset(offset)
        .prepare(`vap_devices_page_${this.prepared.size}`);
      if (this.prepared.size >= MAX_PREPARED) this.prepared.clear();
      this.prepared.set(shape, prepared);
    }
    return prepared.execute(values);
  }

  /** The total of a filter: remembered at the counters the page read, else counted (and remembered). */
  private async total(
    scope: DeviceScope,
    companyIds: number[],
    wheres: Where[],
    filters: Array<SQL | undefined>,
    version: string | undefined,
  ): Promise<number> {
    const key = JSON.stringify([companyIds, scope.groupIds, wheres]);
    if (version !== undefined) {
      const remembered = this.totals.get(key, version);
      if (remembered !== undefined) return remembered;
    }
    const where =
      companyIds.length === 1
        ? scopeWhereOf(scope, companyIds[0] as number)
        : or(...companyIds.map((companyId) => scopeWhereOf(scope, companyId)));
    const [counted] = await this.db
      .select({ total: sql<number>`count(*)::int`, version: versionOf(companyIds) })
      .from(devices)
      .where(and(where, ...filters));
    const total = counted?.total ?? 0;
    if (counted) this.totals.set(key, counted.version, total);
    return total;
  }

  /**
   * The scope's devices of a filter in the list's order, for an export: at most `max`. Their ids
   * are read in one statement, then the devices a thousand at a time, so that memory holds ids and
   * one piece, never the whole export.
   */
  async *exportRows(
    caller: Permissions,
    wheres: Where[],
    orders: Order[],
    max: number,
  ): AsyncGenerator<Device> {
    const scope = await scopeOf(this.db, caller);
    const companyFilter = wheres.find((filter) => filter.k === 'company_id')?.v as number | undefined;
    const companyIds = scope.companyIds.filter((id) => companyFilter === undefined || id === companyFilter);
    if (companyIds.length === 0) return;
    const ids = await this.db
      .select({ id: devices.id })
      .from(devices)
      .where(
        and(
          or(...companyIds.map((id) => scopeWhereOf(scope, id))),
          ...wheres.map((filter) => filterOf(filter)),
        ),
      )
      .orderBy(...orderTerms(orders))
      .limit(max);
    for (let start = 0; start < ids.length; start += EXPORT_PIECE) {
      const piece = ids.slice(start, start + EXPORT_PIECE).map((row) => row.id);
      const byId = new Map(
        (await selectRows(this.db, inArray(devices.id, piece))).map((row) => [row.id, row]),
      );
      for (const id of piece) {
        const row = byId.get(id);
        // Unbound meanwhile: left out.
        if (row) yield toDevice(row, scope);
      }
    }
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
        await recordChanges(tx, actor, [
          {
            companyId: device.companyId,
            deviceId: device.id,
            sn: device.sn,
            action: 'rename',
            before: device.name,
            after: name,
          },
        ]);
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
        rows.map((row) => ({
          companyId: row.companyId,
          deviceId: row.id,
          sn: row.sn,
          action: 'unbind' as const,
          before: row.name,
        })),
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
        moving.map((row) => ({
          companyId: row.companyId,
          deviceId: row.id,
          sn: row.sn,
          action: 'move' as const,
          before: nameOf(row.groupId),
          after: nameOf(groupId),
        })),
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
