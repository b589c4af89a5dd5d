/**
 * What a signed-in user may do (spec §6): their company, their role and what it grants. The owner
 * (role_id 0 of a company) holds everything; a user without a company (who has no role either)
 * holds nothing until they create or join one; a role that no longer exists grants nothing.
 */
import { type Grant, type Holder, OWNER_ROLE_ID } from '@vap/contracts';
import { and, eq } from 'drizzle-orm';
import { ApiError, unauthorized } from '../api-error.js';
import type { Db } from '../db/client.js';
import { roles, users } from '../db/schema.js';

export interface Permissions {
  userId: number;
  /** Null while the user has not created or joined a company. */
  companyId: number | null;
  /** Null exactly when `companyId` is (the `users_role_with_company` constraint). */
  roleId: number | null;
  holder: Holder;
}

const NOTHING: Grant = { menus: {}, is_access_all_group: false, group_ids: [] };

/** A `roles` row as the grant of spec §3. */
export const grantOfRole = (
  role: Pick<typeof roles.$inferSelect, 'menus' | 'isAccessAllGroup' | 'groupIds'>,
) =>
  ({
    menus: role.menus,
    is_access_all_group: role.isAccessAllGroup,
    group_ids: role.groupIds,
  }) satisfies Grant;

/**
 * What a user row holds, given their role's row (undefined or null when it no longer exists or is
 * another company's): everything for the owner, nothing without a company.
 */
export function holderOfRole(
  user: { companyId: number | null; roleId: number | null },
  role: Pick<typeof roles.$inferSelect, 'menus' | 'isAccessAllGroup' | 'groupIds'> | null | undefined,
): Holder {
  if (user.companyId === null || user.roleId === null) return NOTHING;
  if (user.roleId === OWNER_ROLE_ID) return 'all';
  return role ? grantOfRole(role) : NOTHING;
}

/** What a user row holds: one query for the role unless they are the owner or have no company. */
export async function holderOf(
  db: Db,
  user: { companyId: number | null; roleId: number | null },
): Promise<Holder> {
  if (user.companyId === null || user.roleId === null || user.roleId === OWNER_ROLE_ID) {
    return holderOfRole(user, null);
  }
  const [role] = await db
    .select({ menus: roles.menus, isAccessAllGroup: roles.isAccessAllGroup, groupIds: roles.groupIds })
    .from(roles)
    .where(and(eq(roles.id, user.roleId), eq(roles.companyId, user.companyId)));
  return holderOfRole(user, role);
}

/** The permissions of a signed-in user; 401 when the user no longer exists. */
export async function loadPermissions(db: Db, userId: number): Promise<Permissions> {
  const [user] = await db
    .select({ companyId: users.companyId, roleId: users.roleId })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw unauthorized();
  return { userId, ...user, holder: await holderOf(db, user) };
}

/** The company of a caller who reached a company page or owner route; 403 for one without. */
export function companyOf(caller: Permissions): number {
  if (caller.companyId === null) throw new ApiError(403, 'forbidden');
  return caller.companyId;
}

/** Whether a holder may open a page and, when given, use one of its buttons. */
export function allows(holder: Holder, page: string, button?: string): boolean {
  if (holder === 'all') return true;
  if (!Object.hasOwn(holder.menus, page)) return false;
  return button === undefined || (holder.menus[page] ?? []).includes(button);
}
