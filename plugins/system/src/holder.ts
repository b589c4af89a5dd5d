/**
 * What the signed-in editor may do in the system area (spec §6), mirrored from the server's rules
 * so that the console hides what the server would refuse: nobody acts on themselves or their own
 * role, on the super administrator (the owner, role_id 0), or on a role or account whose rights go
 * beyond their own, and nobody gives a role wider than their own.
 */
import {
  type CompanyUser,
  type Grant,
  grantWithin,
  type Holder,
  isOwnerRole,
  type Role,
} from '@vap/contracts';

export interface Editor {
  id: number;
  /** Null for a user without a company, who holds no role and never reaches these pages. */
  role_id: number | null;
}

/** The editor's rights: everything for the owner, else their role's grant (nothing if unknown). */
export function holderOf(editor: Editor, roles: readonly Role[]): Holder {
  if (isOwnerRole(editor.role_id)) return 'all';
  const own = roles.find((role) => role.id === editor.role_id);
  return own ?? { menus: {}, is_access_all_group: false, group_ids: [] };
}

const grantOf = (role: Role): Grant => role;

/** Roles the editor may give to a user (create, change role). */
export function assignableRoles(holder: Holder, roles: readonly Role[]): Role[] {
  return roles.filter((role) => grantWithin(grantOf(role), holder));
}

/** Whether the editor may change or remove this user. */
export function canActOnUser(
  editor: Editor,
  holder: Holder,
  user: CompanyUser,
  roles: readonly Role[],
): boolean {
  if (user.id === editor.id || isOwnerRole(user.role_id)) return false;
  const role = roles.find((candidate) => candidate.id === user.role_id);
  // The roles list holds every role of the company; an unknown one is hidden rather than guessed.
  return role !== undefined && grantWithin(grantOf(role), holder);
}

/** Whether the editor may edit or delete this role. */
export function canActOnRole(editor: Editor, holder: Holder, role: Role): boolean {
  return role.id !== editor.role_id && grantWithin(grantOf(role), holder);
}
