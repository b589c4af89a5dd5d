/**
 * Which devices a caller sees and acts on (spec §3 role group permissions, §6):
 *
 * - the owner, and a role or access key with all-group access, see every device of their company,
 *   grouped or not, and the devices of its downstream companies (read-only, spec §6);
 * - any other role or key sees only the devices of its company that are in one of its groups:
 *   never an ungrouped device, never a downstream company's.
 *
 * A device outside the scope does not exist for the caller (404 `not_found`), in every list, count,
 * detail and action alike; a group outside it is `group_unknown`.
 */
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { companyOf, type Permissions } from '../../core/auth/permissions.js';
import type { Db } from '../../core/db/client.js';
import { devices } from '../../core/db/devices.js';
import { companies } from '../../core/db/schema.js';

export interface DeviceScope {
  /** The caller's company: the only one whose devices they change. */
  companyId: number;
  /** The companies whose devices they see: theirs first, then the downstream ones (all-group only). */
  companyIds: number[];
  /** Null with all-group access; else the groups they see (possibly none). */
  groupIds: number[] | null;
}

/** The caller's scope as their grant alone tells it: their company, without its downstream ones. */
export function ownScopeOf(caller: Permissions): DeviceScope {
  const companyId = companyOf(caller);
  const { holder } = caller;
  const groupIds = holder !== 'all' && !holder.is_access_all_group ? [...new Set(holder.group_ids)] : null;
  return { companyId, companyIds: [companyId], groupIds };
}

/** The downstream companies of a company, in id order. */
export async function childrenOf(db: Db, companyId: number): Promise<number[]> {
  const children = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.parentId, companyId))
    .orderBy(companies.id);
  return children.map((child) => child.id);
}

/** The downstream companies of a company as one column of another statement: `'12,15'`, or ''. */
export const childrenColumn = (companyId: unknown) =>
  sql<string>`(select coalesce(string_agg(${companies.id}::text, ',' order by ${companies.id}), '') from ${companies} where ${companies.parentId} = ${companyId})`;

/** The caller's scope: one query for the downstream companies with all-group access, none else. */
export async function scopeOf(db: Db, caller: Permissions): Promise<DeviceScope> {
  const scope = ownScopeOf(caller);
  if (scope.groupIds !== null) return scope;
  return { ...scope, companyIds: [scope.companyId, ...(await childrenOf(db, scope.companyId))] };
}

/** Whether the scope reaches every group (and the ungrouped devices) of its company. */
export const allGroups = (scope: DeviceScope) => scope.groupIds === null;

/** Whether the scope may see (and act on) a device in this group of its own company. */
export function groupInScope(scope: DeviceScope, groupId: number | null): boolean {
  if (scope.groupIds === null) return true;
  return groupId !== null && scope.groupIds.includes(groupId);
}

/**
 * The devices of one company of the scope (`companyId`, one of `scope.companyIds`) the caller may
 * see: all of them, or those in the caller's groups (none when they have no group).
 */
export function scopeWhereOf(scope: DeviceScope, companyId: number): SQL {
  const ofCompany = eq(devices.companyId, companyId);
  if (scope.groupIds === null) return ofCompany;
  // No group at all: `in ()` is false.
  return and(ofCompany, inArray(devices.groupId, scope.groupIds)) as SQL;
}

/** Every device of the scope. */
export function scopeWhere(scope: DeviceScope): SQL {
  if (scope.groupIds !== null || scope.companyIds.length === 1) return scopeWhereOf(scope, scope.companyId);
  return inArray(devices.companyId, scope.companyIds);
}
