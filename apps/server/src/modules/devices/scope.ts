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
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { companyOf, type Permissions } from '../../core/auth/permissions.js';
import type { Db } from '../../core/db/client.js';
import { companies } from '../../core/db/schema.js';
import { devices } from './schema.js';

export interface DeviceScope {
  /** The caller's company: the only one whose devices they change. */
  companyId: number;
  /** The companies whose devices they see: theirs first, then the downstream ones (all-group only). */
  companyIds: number[];
  /** Null with all-group access; else the groups they see (possibly none). */
  groupIds: number[] | null;
}

/** The caller's scope: one query for the downstream companies with all-group access, none else. */
export async function scopeOf(db: Db, caller: Permissions): Promise<DeviceScope> {
  const companyId = companyOf(caller);
  const { holder } = caller;
  if (holder !== 'all' && !holder.is_access_all_group) {
    return { companyId, companyIds: [companyId], groupIds: [...new Set(holder.group_ids)] };
  }
  const children = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.parentId, companyId))
    .orderBy(companies.id);
  return { companyId, companyIds: [companyId, ...children.map((child) => child.id)], groupIds: null };
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
