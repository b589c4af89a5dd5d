/**
 * The pages of the device list (spec §3 page, size, wheres, orders; §6 scope): one statement per
 * page, whatever the fleet's size (issue 30).
 *
 * - Each company of the scope is a branch that walks its sort key's index (company, key, id) and
 *   reads only ids and keys; the branches are merged in order and the page's rows alone are joined
 *   to their group and company (a deferred join): the rows skipped are index entries, never rows.
 * - A page starts from the nearest boundary remembered before it (page-boundaries.ts), so that a
 *   page deep in the list walks from there instead of from the first row.
 * - A `like` filter that few devices match (by the total last counted) first collects those
 *   devices, found through their trigram index, then sorts them: walking the sort index would test
 *   the pattern on most of the fleet to fill a page.
 * - The change counters and, with all-group access, the downstream companies ride along in the same
 *   statement; the total is remembered per filter at those counters (list-totals.ts).
 *
 * Statements are prepared once per shape (PreparedShapes): what changes the SQL is the number of
 * companies and groups, the filters' keys and operators, the sort, and which of the plans above.
 */
import type { Device, ListPage, ListQuery, Order, Where } from '@vap/contracts';
import { UNGROUPED } from '@vap/contracts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Permissions } from '../../core/auth/permissions.js';
import type { Db } from '../../core/db/client.js';
import { deviceGroups, devices } from '../../core/db/devices.js';
import { companies } from '../../core/db/schema.js';
import { PreparedShapes } from '../../core/http/list-query.js';
import { type Param, valuesOf } from '../../core/http/list-sql.js';
import { deviceWhere, orderColumn, ordersOf } from './device-filters.js';
import { EXTRA_AT, type Row, rowOf, rowsJson, toDevice } from './device-rows.js';
import { ListTotals, versionOf } from './list-totals.js';
import { type Boundary, PageBoundaries, type Start } from './page-boundaries.js';
import { childrenColumn, childrenOf, type DeviceScope, ownScopeOf } from './scope.js';

/**
 * A `like` filter matching at most this many devices is answered by collecting them first. Walking
 * the sort index tests the pattern on (offset + size) × fleet ÷ matches rows; collecting tests none
 * (the trigram index finds them) and sorts the matches: with 100,000 devices and 20 a page the two
 * meet near 1,400 matches, and sorting a few thousand keys costs little either way.
 */
export const FEW_MATCHES = 2000;

/** Companies whose downstream companies are remembered per process. */
const MAX_REMEMBERED_COMPANIES = 10_000;

/** What a page's statement answers, in one row: its rows (rowsJson), the change counters and the downstream companies. */
interface StatementRow {
  rows: string;
  version: string;
  children: string | null;
}
/**
 * A row of a page with its device read, as a field of its own: spreading the device's 24 fields
 * into the row cost 0.3 ms a page, three times what reading and mapping the rows cost without.
 */
interface PageRow {
  device: Row;
  /** Its sort key as text, which a boundary remembers. */
  key: string | null;
}

/** A page's statement read: its rows, the change counters and the downstream companies. */
interface Read {
  rows: PageRow[];
  version: string;
  children: number[] | undefined;
}

/** What a page's statement read: its rows, the change counters and the downstream companies. */
interface Page {
  rows: Row[];
  /** The companies it read (the scope's, narrowed by a company_id filter). */
  companyIds: number[];
  version: string | undefined;
  /** Undefined when the scope has no all-group access. */
  children: number[] | undefined;
}

/** How a page is read: from a boundary (or the first row), skipping `skip` rows. */
interface Plan {
  start: Start | undefined;
  /** Rows between the start and the page. */
  skip: number;
  /** The few matches of a `like` filter collected first. */
  collect: boolean;
}

const childrenOfColumn = (children: string | null) =>
  children === null ? undefined : children === '' ? [] : children.split(',').map(Number);

/**
 * Whether pages of this sort may start from a boundary: one sort key (its rows then compare as
 * `(key, id)`), never null in the direction the walk continues into — a descending walk meets the
 * nulls first, an ascending one last, after any non-null boundary.
 */
function walksFromBoundary(orders: readonly Order[]): boolean {
  const [order] = orders;
  if (orders.length !== 1 || !order) return false;
  return orderColumn(order).notNull || order.o === 'desc';
}

/** The shape of a filter: its key and operator, and what changes its SQL (list lengths, the ungrouped). */
function filterShape(filter: Where) {
  if (filter.k === 'group_id') {
    const ids = Array.isArray(filter.v) ? (filter.v as number[]) : [filter.v as number];
    return [filter.k, filter.o, ids.filter((id) => id !== UNGROUPED).length, ids.includes(UNGROUPED)];
  }
  return [filter.k, filter.o, Array.isArray(filter.v) ? filter.v.length : 0];
}

export class DevicePages {
  private readonly totals = new ListTotals();
  private readonly boundaries = new PageBoundaries();
  /** Downstream companies per company, as last read: a guess each page checks. */
  private readonly children = new Map<number, number[]>();
  private readonly statements = new PreparedShapes<StatementRow>('vap_devices_page');

  constructor(private readonly db: Db) {}

  /**
   * A page of the scope's devices. Which downstream companies a company has is remembered as a
   * guess that every page checks: the page's statement reads them, and a page made with a wrong
   * guess is made again.
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
      page.companyIds.length === 0 ? 0 : await this.total(scope, page.companyIds, query.wheres, page.version);
    return { items: page.rows.map((row) => toDevice(row, scope)), total };
  }

  /** The companies a page reads: the scope's, narrowed by a company_id filter. */
  private companiesOf(scope: DeviceScope, query: ListQuery): number[] {
    const companyFilter = query.wheres.find((filter) => filter.k === 'company_id')?.v as number | undefined;
    return companyFilter === undefined
      ? scope.companyIds
      : scope.companyIds.filter((companyId) => companyId === companyFilter);
  }

  private async page(scope: DeviceScope, query: ListQuery): Promise<Page> {
    const companyIds = this.companiesOf(scope, query);
    if (companyIds.length === 0) return { rows: [], companyIds, version: undefined, children: undefined };
    const orders = ordersOf(query.orders);
    const offset = (query.page - 1) * query.size;
    const totalKey = this.totalKey(scope, companyIds, query.wheres);
    const list = JSON.stringify([totalKey, orders]);
    const liked = query.wheres.some((filter) => filter.o === 'like');
    // A first page of a `like` filter counts first: its count chooses the plan, and is the answer's.
    if (liked && !this.totals.peek(totalKey)) await this.total(scope, companyIds, query.wheres, undefined);
    const collect = liked && (this.totals.peek(totalKey)?.total ?? Number.POSITIVE_INFINITY) <= FEW_MATCHES;
    const start = collect || !walksFromBoundary(orders) ? undefined : this.boundaries.nearest(list, offset);
    let plan: Plan = { start, skip: offset - (start?.offset ?? 0), collect };
    let read = await this.read(scope, companyIds, query, orders, plan);
    if (plan.start && (read.rows.length === 0 || read.version !== plan.start.version)) {
      // The list changed since the boundary was read (or the page is past its end): from the first row.
      this.boundaries.forget(list);
      plan = { start: undefined, skip: offset, collect };
      read = await this.read(scope, companyIds, query, orders, plan);
    }
    const { rows, version } = read;
    // Rows skipped: the statement read the row before the page too, the page's own boundary.
    const before = plan.skip > 0 ? rows.shift() : undefined;
    if (walksFromBoundary(orders) && !collect) {
      const boundaryOf = (row: PageRow): Boundary => ({ key: row.key, id: row.device.id });
      if (before) this.boundaries.remember(list, version, offset, boundaryOf(before));
      const last = rows[rows.length - 1];
      if (last && rows.length === query.size)
        this.boundaries.remember(list, version, offset + query.size, boundaryOf(last));
    }
    return { rows: rows.map((row) => row.device), companyIds, version, children: read.children };
  }

  /**
   * The page's statement: the rows of the page (and, past a start, the one before it), each with its
   * sort key as text, and the change counters and the downstream companies (all-group access).
   */
  private read(
    scope: DeviceScope,
    companyIds: number[],
    query: ListQuery,
    orders: readonly Order[],
    plan: Plan,
  ): Promise<Read> {
    const boundary = plan.start?.boundary;
    // Past a start the row before the page is read too, which becomes the page's own boundary.
    const before = plan.skip > 0 ? 1 : 0;
    const values: unknown[] = [
      scope.companyId,
      ...companyIds,
      ...(scope.groupIds ?? []),
      ...valuesOf(deviceWhere, query.wheres),
      ...(boundary ? [boundary.key, boundary.id] : []),
      plan.skip + query.size,
      query.size + before,
      plan.skip - before,
    ];
    const shape = JSON.stringify([
      companyIds.length,
      scope.groupIds === null ? null : scope.groupIds.length,
      query.wheres.map(filterShape),
      orders.map((order) => [order.k, order.o]),
      plan.collect ? 'collect' : boundary ? (boundary.key === null ? 'after null' : 'after key') : 'walk',
    ]);
    const statement = this.statements.run(shape, values, (at) => {
      let next = 0;
      const param: Param = () => at(next++);
      const caller = param(scope.companyId);
      const companyParams = companyIds.map(() => param(0));
      const groupParams = scope.groupIds?.map(() => param(0));
      const filtersAt = next;
      // Every branch reads the same filter values.
      const filters = () => {
        next = filtersAt;
        return deviceWhere(query.wheres, param);
      };
      const ofCompany = (company: number) =>
        and(
          eq(devices.companyId, company),
          groupParams === undefined ? undefined : inArray(devices.groupId, groupParams),
          filters(),
        );
      filters();
      const boundaryParams = boundary ? { key: param(''), id: param(0) } : undefined;
      const branchLimit = param(0);
      const limit = param(0);
      const skip = param(0);
      const keys = orders.map((order, index) => ({
        name: sql.raw(`k${index}`),
        column: orderColumn(order),
        direction: sql.raw(order.o),
      }));
      const tie = sql.raw(orders[orders.length - 1]?.o ?? 'asc');
      const keyColumns = sql.join(
        keys.map((key) => sql`${key.column} as ${key.name}`),
        sql`, `,
      );
      const orderBy = (of: (key: (typeof keys)[number]) => SQL, id: SQL) =>
        sql.join([...keys.map((key) => sql`${of(key)} ${key.direction}`), sql`${id} ${tie}`], sql`, `);
      const byName = orderBy((key) => key.name, sql`id`);
      let inner: SQL;
      if (plan.collect) {
        // Materialized: planned alone, the matches are found through the trigram index, not the sort's.
        // One condition on the companies (never one branch per company, which an OR of branches
        // would make a scan of them all testing the pattern on every row).
        inner = sql`with matched as materialized (select ${devices.id} as id, ${keyColumns} from ${devices} where ${and(
          inArray(devices.companyId, companyParams),
          groupParams === undefined ? undefined : inArray(devices.groupId, groupParams),
          filters(),
        )}) select id, ${sql.join(
          keys.map((key) => key.name),
          sql`, `,
        )} from matched order by ${byName} limit ${limit} offset ${skip}`;
      } else {
        const [key] = keys;
        const beyond = sql.raw(orders[0]?.o === 'desc' ? '<' : '>');
        // After a null (a descending walk's first rows): the nulls of lower ids, then every non-null.
        const after =
          boundaryParams && key
            ? boundary?.key === null
              ? sql`((${key.column} is null and ${devices.id} ${beyond} ${boundaryParams.id}) or ${key.column} is not null)`
              : sql`(${key.column}, ${devices.id}) ${beyond} (cast(cast(${boundaryParams.key} as text) as ${sql.raw(key.column.getSQLType())}), ${boundaryParams.id})`
            : undefined;
        const branches = companyParams.map(
          (company) =>
            sql`(select ${devices.id} as id, ${keyColumns} from ${devices} where ${and(ofCompany(company), after)} order by ${orderBy(
              (key) => sql`${key.column}`,
              sql`${devices.id}`,
            )} limit ${branchLimit})`,
        );
        inner = sql`select id, ${sql.join(
          keys.map((key) => key.name),
          sql`, `,
        )} from (${sql.join(branches, sql` union all `)}) as merged order by ${byName} limit ${limit} offset ${skip}`;
      }
      const page = sql`page`;
      return this.db
        .select({
          rows: rowsJson(
            sql`${page}.k0::text`,
            orderBy((key) => sql`${page}.${key.name}`, sql`${page}.id`),
          ),
          version: versionOf(companyParams),
          // With all-group access, the caller's downstream companies are read in the same statement.
          children: scope.groupIds === null ? childrenColumn(caller) : sql<string | null>`null`,
        })
        .from(devices)
        .innerJoin(sql`(${inner}) as ${page}`, sql`${page}.id = ${devices.id}`)
        .leftJoin(deviceGroups, eq(deviceGroups.id, devices.groupId))
        .innerJoin(companies, eq(companies.id, devices.companyId));
    });
    return statement.then(([answer]) => {
      if (!answer) throw new Error('The page statement answered no row');
      const rows = (JSON.parse(answer.rows) as unknown[][]).map((values) => ({
        device: rowOf(values),
        key: (values[EXTRA_AT] ?? null) as string | null,
      }));
      return { rows, version: answer.version, children: childrenOfColumn(answer.children) };
    });
  }

  private totalKey(scope: DeviceScope, companyIds: number[], wheres: Where[]): string {
    return JSON.stringify([companyIds, scope.groupIds, wheres]);
  }

  /** The total of a filter: remembered at the counters the page read, else counted (and remembered). */
  private async total(
    scope: DeviceScope,
    companyIds: number[],
    wheres: Where[],
    version: string | undefined,
  ): Promise<number> {
    const key = this.totalKey(scope, companyIds, wheres);
    if (version !== undefined) {
      const remembered = this.totals.get(key, version);
      if (remembered !== undefined) return remembered;
    }
    const [counted] = await this.db
      .select({ total: sql<number>`count(*)::int`, version: versionOf(companyIds) })
      .from(devices)
      .where(
        and(
          // One condition on the companies, as the collected pages' (an OR of each company's would
          // test a like filter's pattern on every row).
          inArray(devices.companyId, companyIds),
          scope.groupIds === null ? undefined : inArray(devices.groupId, scope.groupIds),
          deviceWhere(wheres),
        ),
      );
    const total = counted?.total ?? 0;
    if (counted) this.totals.set(key, counted.version, total);
    return total;
  }
}
