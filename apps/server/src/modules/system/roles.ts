/**
 * The roles of a company (spec §3 role, §5.5, §6). A role names catalogue items (dirs, pages,
 * links) with their allowed buttons, and group permissions. Nobody edits their own role, acts on a
 * role wider than their own, or makes a role wider than their own. A change that narrows a role is
 * a reduction: `dry_run` answers how many users it affects; those users' next request already sees
 * the narrowed role, since permissions are read on every request.
 */
import {
  DEFAULT_ROLE,
  type Grant,
  grantWithin,
  isReduction,
  type MenusMap,
  OWNER_ONLY_PAGES,
  type PageName,
  type Role,
  type RoleChangeResult,
  type roleBodySchema,
} from '@vap/contracts';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuditTrail } from '../../core/audit/recorder.js';
import { companyOf, grantOfRole, type Permissions } from '../../core/auth/permissions.js';
import type { Db } from '../../core/db/client.js';
import { roles, users } from '../../core/db/schema.js';
import { writtenRow } from '../../core/db/written-row.js';
import { ApiError } from '../../core/http/errors.js';
import type { MenuCatalogue } from '../../core/menu/catalogue.js';
import { unknownGroupIds } from '../devices/index.js';

type RoleBody = z.output<typeof roleBodySchema>;

const notFound = () => new ApiError(404, 'not_found');

/** A role as the audit log shows it. */
const roleSnapshot = (role: { id: number; name: string } & Grant) => ({
  id: role.id,
  name: role.name,
  menus: role.menus,
  is_access_all_group: role.is_access_all_group,
  group_ids: role.group_ids,
});

export class CompanyRoles {
  constructor(
    private readonly db: Db,
    private readonly catalogue: MenuCatalogue,
  ) {}

  async list(caller: Permissions): Promise<Role[]> {
    const companyId = companyOf(caller);
    const rows = await this.db
      .select()
      .from(roles)
      .where(eq(roles.companyId, companyId))
      .orderBy(asc(roles.id));
    const counts = await this.db
      .select({ roleId: users.roleId, total: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.companyId, companyId))
      .groupBy(users.roleId);
    const holders = new Map(counts.map((row) => [row.roleId, row.total]));
    return rows.map((role) => ({
      id: role.id,
      name: role.name,
      menus: role.menus,
      is_access_all_group: role.isAccessAllGroup,
      group_ids: role.groupIds,
      is_default: role.isDefault,
      users: holders.get(role.id) ?? 0,
      created_at: role.createdAt.toISOString(),
    }));
  }

  /**
   * 400 `unknown_menu` unless every name is a catalogue dir, page or link and every button one of
   * its; an owner-only page (the audit log) is no role's to have.
   */
  private async checkMenus(menus: MenusMap): Promise<void> {
    const items = await this.catalogue.all();
    for (const [name, buttons] of Object.entries(menus)) {
      if (OWNER_ONLY_PAGES.includes(name as PageName)) throw new ApiError(400, 'unknown_menu');
      const item = items.find((row) => row.name === name && row.type !== 'btn');
      const known =
        item !== undefined &&
        buttons.every((button) =>
          items.some((row) => row.parentId === item.id && row.type === 'btn' && row.name === button),
        );
      if (!known) throw new ApiError(400, 'unknown_menu');
    }
  }

  private grantOfBody(body: RoleBody): Grant {
    return {
      menus: Object.fromEntries(
        Object.entries(body.menus).map(([name, buttons]) => [name, [...new Set(buttons)]]),
      ),
      is_access_all_group: body.is_access_all_group,
      group_ids: body.is_access_all_group ? [] : [...new Set(body.group_ids)],
    };
  }

  /** Every group id of a grant is a group of the company (404 `group_unknown`). */
  private async checkGroups(db: Db, companyId: number, grant: Grant) {
    if (grant.is_access_all_group) return;
    if ((await unknownGroupIds(db, companyId, grant.group_ids)).length > 0)
      throw new ApiError(404, 'group_unknown');
  }

  private async nameFree(db: Db, companyId: number, name: string, except?: number) {
    const [taken] = await db
      .select({ id: roles.id })
      .from(roles)
      .where(
        and(
          eq(roles.companyId, companyId),
          eq(roles.name, name),
          except === undefined ? undefined : ne(roles.id, except),
        ),
      );
    if (taken) throw new ApiError(409, 'role_name_taken');
  }

  async create(caller: Permissions, body: RoleBody, trail: AuditTrail): Promise<{ id: number }> {
    const companyId = companyOf(caller);
    await this.checkMenus(body.menus);
    const grant = this.grantOfBody(body);
    if (!grantWithin(grant, caller.holder)) throw new ApiError(403, 'role_exceeds_own');
    await this.checkGroups(this.db, companyId, grant);
    await this.nameFree(this.db, companyId, body.name);
    return this.db.transaction(async (tx) => {
      const [role] = await tx
        .insert(roles)
        .values({
          companyId,
          name: body.name,
          menus: grant.menus,
          isAccessAllGroup: grant.is_access_all_group,
          groupIds: grant.group_ids,
        })
        .onConflictDoNothing()
        .returning({ id: roles.id });
      if (!role) throw new ApiError(409, 'role_name_taken');
      await trail.record(tx, {
        action: 'system.role.create',
        target: { type: 'role', id: role.id },
        after: roleSnapshot({ id: role.id, name: body.name, ...grant }),
      });
      return role;
    });
  }

  /** A role of the caller's company the caller may change: not their own, not wider than theirs. */
  private async actionableRole(db: Db, caller: Permissions, roleId: number) {
    const [role] = await db
      .select()
      .from(roles)
      .where(and(eq(roles.id, roleId), eq(roles.companyId, companyOf(caller))))
      .for('update');
    if (!role) throw notFound();
    if (role.id === caller.roleId) throw new ApiError(403, 'cannot_change_self');
    if (!grantWithin(grantOfRole(role), caller.holder)) throw new ApiError(403, 'target_outranks_caller');
    return role;
  }

  private async holders(db: Db, role: { id: number; companyId: number }): Promise<number> {
    const [counted] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(users)
      .where(and(eq(users.roleId, role.id), eq(users.companyId, role.companyId)));
    return counted?.total ?? 0;
  }

  async update(
    caller: Permissions,
    roleId: number,
    body: RoleBody,
    dryRun: boolean,
    trail: AuditTrail,
  ): Promise<RoleChangeResult> {
    await this.checkMenus(body.menus);
    const grant = this.grantOfBody(body);
    return this.db.transaction(async (tx) => {
      const role = await this.actionableRole(tx, caller, roleId);
      if (!grantWithin(grant, caller.holder)) throw new ApiError(403, 'role_exceeds_own');
      await this.checkGroups(tx, role.companyId, grant);
      await this.nameFree(tx, role.companyId, body.name, role.id);
      const reduction = isReduction(grantOfRole(role), grant);
      const affected = reduction ? await this.holders(tx, role) : 0;
      if (!dryRun) {
        await tx
          .update(roles)
          .set({
            name: body.name,
            menus: grant.menus,
            isAccessAllGroup: grant.is_access_all_group,
            groupIds: grant.group_ids,
          })
          .where(eq(roles.id, role.id));
        await trail.record(tx, {
          action: 'system.role.update',
          target: { type: 'role', id: role.id },
          before: roleSnapshot({ id: role.id, name: role.name, ...grantOfRole(role) }),
          after: roleSnapshot({ id: role.id, name: body.name, ...grant }),
        });
      }
      return { reduction, affected_users: affected, applied: !dryRun };
    });
  }

  /** Deletes a role no user holds; with holders it answers 409 `role_in_use` (dry_run: how many). */
  async remove(
    caller: Permissions,
    roleId: number,
    dryRun: boolean,
    trail: AuditTrail,
  ): Promise<RoleChangeResult> {
    return this.db.transaction(async (tx) => {
      const role = await this.actionableRole(tx, caller, roleId);
      const affected = await this.holders(tx, role);
      if (role.isDefault) throw new ApiError(409, 'default_role');
      if (dryRun) return { reduction: true, affected_users: affected, applied: false };
      if (affected > 0) throw new ApiError(409, 'role_in_use');
      await tx.delete(roles).where(eq(roles.id, role.id));
      await trail.record(tx, {
        action: 'system.role.delete',
        target: { type: 'role', id: role.id },
        before: roleSnapshot({ id: role.id, name: role.name, ...grantOfRole(role) }),
      });
      return { reduction: true, affected_users: 0, applied: true };
    });
  }
}

/** Makes a new company's default role (spec §6), in the transaction that makes the company. */
export async function createDefaultRole(tx: Pick<Db, 'insert'>, companyId: number): Promise<number> {
  const role = await writtenRow(
    tx
      .insert(roles)
      .values({ companyId, name: DEFAULT_ROLE.name, menus: { ...DEFAULT_ROLE.menus }, isDefault: true })
      .returning({ id: roles.id }),
    'default role was not created',
  );
  return role.id;
}
