/**
 * Payloads of the system area (spec §3 company user and role, §5.5, §6, §7.2): company users and
 * roles, and the permission arithmetic both the server and the console plugin `system` use to
 * decide who may grant, change or remove what.
 */
import { z } from 'zod';
import { OWNER_ROLE_ID } from './constants.js';
import { idOf, idOrZeroSchema, idParamsSchema, idSchema } from './ids.js';
import { type FilterSpec, filterTextSchema } from './list.js';
import { type MenusMap, menusMapSchema } from './menu.js';
import {
  emailSchema,
  md5HexSchema,
  personNameSchema,
  phoneSchema,
  plainPasswordSchema,
} from './validators.js';

export const USER_REMARK_MAX_LENGTH = 200;

/**
 * The default role every company is made with (spec §6 "a default role and a super
 * administrator"): the dashboard only, until the owner gives it more. Named in the console's
 * default language; the owner may rename it.
 */
export const DEFAULT_ROLE = { name: '默认角色', menus: { dashboard: [] as string[] } } as const;
export const ROLE_NAME_MAX_LENGTH = 200;

/** `{id}` of `…/users/{id}` and `…/roles/{id}`. */
export const systemIdParamsSchema = idParamsSchema;

/** One user of the caller's company (GET /users). `role_name` is empty for the owner. */
export const companyUserSchema = z.object({
  id: z.number().int(),
  phone: z.string(),
  email: z.string(),
  nickname: z.string(),
  remark: z.string(),
  role_id: z.number().int(),
  role_name: z.string(),
  /** ISO 8601. */
  created_at: z.string(),
});
export type CompanyUser = z.infer<typeof companyUserSchema>;

/** An empty email is "none"; otherwise the §5.1 format. Trimmed (spec §5.2). */
const optionalEmailSchema = z
  .string()
  .trim()
  .pipe(z.union([z.literal(''), emailSchema]));

/** POST /users: the company user payload of spec §3; phone, nickname, email and remark trimmed. */
export const createUserBodySchema = z.object({
  phone: phoneSchema,
  password: md5HexSchema,
  nickname: personNameSchema,
  email: optionalEmailSchema.default(''),
  remark: z.string().trim().max(USER_REMARK_MAX_LENGTH, 'validation.remark').default(''),
  /** A role of the caller's company; 0 (the owner) cannot be given. */
  role_id: idSchema,
});
export type CreateUserBody = z.input<typeof createUserBodySchema>;

/**
 * The console's "add user" form: the body above with the password as typed (hashed to md5 before
 * sending) and a role chosen from a list.
 */
export const createUserFormSchema = createUserBodySchema.extend({
  password: plainPasswordSchema,
  role_id: idOf('validation.roleRequired'),
});
export type CreateUserForm = z.input<typeof createUserFormSchema>;

/** PUT /users/{id}: what the company keeps of a user besides the sign-in (phone) and the role. */
export const editUserBodySchema = createUserBodySchema.pick({ nickname: true, email: true, remark: true });
export type EditUserBody = z.input<typeof editUserBodySchema>;

/** POST /users/{id} and PUT /users/{id}/role. */
export const userRoleBodySchema = z.object({ role_id: idSchema });
export type UserRoleBody = z.infer<typeof userRoleBodySchema>;

/** Answer of POST /users. */
export const createdSchema = z.object({ id: z.number().int() });

export const USER_FILTERS = {
  phone: { '=': phoneSchema, like: filterTextSchema(11).regex(/^\d+$/) },
  nickname: { like: filterTextSchema(10) },
  role_id: { '=': idOrZeroSchema },
} as const satisfies FilterSpec;
export const USER_ORDER_KEYS = ['created_at', 'phone', 'nickname', 'role_id'] as const;

// ---- downstream companies ----------------------------------------------------------------------

/** A downstream company (GET /children): a customer company set under the caller's by the vendor. */
export const childCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  /** Verification status of spec §4.2 (0 not verified, 1 verifying, 2 verified, 3 failed). */
  verify_status: z.number().int(),
  /** How many users the company has. */
  users: z.number().int().nonnegative(),
  /** ISO 8601. */
  created_at: z.string(),
});
export type ChildCompany = z.infer<typeof childCompanySchema>;

export const CHILD_FILTERS = {
  name: { like: filterTextSchema(100) },
  verify_status: { '=': z.number().int().min(0).max(3) },
} as const satisfies FilterSpec;
export const CHILD_ORDER_KEYS = ['created_at', 'name'] as const;

// ---- roles -------------------------------------------------------------------------------------

/** What a role grants (spec §3 role): menus and group permissions. */
export interface Grant {
  menus: MenusMap;
  is_access_all_group: boolean;
  group_ids: number[];
}

/** One role of the caller's company (GET /roles). */
export const roleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  menus: menusMapSchema,
  is_access_all_group: z.boolean(),
  group_ids: z.array(z.number().int()),
  /** The company's default role (spec §6): offered first to new users, never deleted. */
  is_default: z.boolean(),
  /** How many users have it. */
  users: z.number().int().nonnegative(),
  /** ISO 8601. */
  created_at: z.string(),
});
export type Role = z.infer<typeof roleSchema>;

/** Answer of GET /roles: every role of the company (a company has few; no paging). */
export const roleListSchema = z.object({ items: z.array(roleSchema) });

/** POST /roles and PUT /roles/{id} (spec §5.5: name ≤ 200, at least one menu). */
export const roleBodySchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(ROLE_NAME_MAX_LENGTH, 'validation.roleName'),
  menus: menusMapSchema.refine((menus) => Object.keys(menus).length > 0, 'validation.roleMenus'),
  is_access_all_group: z.boolean().default(false),
  group_ids: z.array(idSchema).max(10_000).default([]),
});
export type RoleBody = z.input<typeof roleBodySchema>;

/**
 * The console's role editor: the body above as it is. The group ids are chosen from the company's
 * device groups (GET `DEVICE_PATHS.groups`), not typed; while all groups are on the editor sends none.
 */
export const roleFormSchema = roleBodySchema;
export type RoleForm = z.input<typeof roleFormSchema>;

/** `?dry_run=true` on PUT/DELETE /roles/{id}: answer how many users lose rights, change nothing. */
export const roleChangeQuerySchema = z.object({
  dry_run: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => value === 'true' || value === '1'),
});

/** PUT/DELETE /roles/{id}: whether the change narrows the role, and how many users that affects. */
export const roleChangeResultSchema = z.object({
  reduction: z.boolean(),
  affected_users: z.number().int().nonnegative(),
  applied: z.boolean(),
});
export type RoleChangeResult = z.infer<typeof roleChangeResultSchema>;

// ---- permission arithmetic (spec §6) -----------------------------------------------------------

/** `'all'` is the owner (role_id 0), who holds every menu, button and group. */
export type Holder = 'all' | Grant;

/** Whether every menu and button of `candidate` is also in `holder`. */
export function menusWithin(candidate: MenusMap, holder: MenusMap): boolean {
  return Object.entries(candidate).every(([name, buttons]) => {
    if (!Object.hasOwn(holder, name)) return false;
    const held = holder[name] ?? [];
    return buttons.every((button) => held.includes(button));
  });
}

/** Whether the group permissions of `candidate` are within those of `holder`. */
export function groupsWithin(
  candidate: Pick<Grant, 'is_access_all_group' | 'group_ids'>,
  holder: Pick<Grant, 'is_access_all_group' | 'group_ids'>,
): boolean {
  if (holder.is_access_all_group) return true;
  if (candidate.is_access_all_group) return false;
  return candidate.group_ids.every((id) => holder.group_ids.includes(id));
}

/** Whether `candidate` grants nothing `holder` lacks: who may give, or act on, which role (§6). */
export function grantWithin(candidate: Holder, holder: Holder): boolean {
  if (holder === 'all') return true;
  if (candidate === 'all') return false;
  return menusWithin(candidate.menus, holder.menus) && groupsWithin(candidate, holder);
}

/**
 * Whether changing a role from `before` to `after` is a reduction (spec §6): a menu or button
 * removed, all-group access lost, or group ids no longer contained.
 */
export function isReduction(before: Grant, after: Grant): boolean {
  return !grantWithin(before, after);
}

/** Whether a company member's role id is the owner's (the super administrator). */
export const isOwnerRole = (roleId: number | null) => roleId === OWNER_ROLE_ID;
