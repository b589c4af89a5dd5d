/**
 * The users of a company (spec §3 company user, §6, §7.2). Every query is scoped to the caller's
 * company: an id of another company is not found (404), never shown. The rules of §6: nobody
 * changes their own account or role, acts on the owner (the super administrator) or on an account
 * whose role grants more than their own, or gives a role that grants more than their own.
 */
import {
  type CompanyUser,
  type createUserBodySchema,
  type editUserBodySchema,
  grantWithin,
  type Holder,
  type ListPage,
  type ListQuery,
  OWNER_ROLE_ID,
  USER_FILTERS,
  USER_ORDER_KEYS,
} from '@vap/contracts';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type AuditTrail, userSnapshot } from '../../core/audit/recorder.js';
import type { PasswordHasher } from '../../core/auth/passwords.js';
import { companyOf, grantOfRole, holderOf, type Permissions } from '../../core/auth/permissions.js';
import { sessions } from '../../core/auth/schema.js';
import type { Db } from '../../core/db/client.js';
import { roles, users } from '../../core/db/schema.js';
import { ApiError } from '../../core/http/errors.js';
import { PreparedShapes } from '../../core/http/list-query.js';
import { orderOf, placeholders, valuesOf, whereOf } from '../../core/http/list-sql.js';

type EditUser = z.output<typeof editUserBodySchema>;

const notFound = () => new ApiError(404, 'not_found');

const filtersOf = whereOf(USER_FILTERS, {
  phone: users.phone,
  nickname: users.nickname,
  role_id: users.roleId,
});

const sortingOf = orderOf(USER_ORDER_KEYS, {
  created_at: users.createdAt,
  phone: users.phone,
  nickname: users.nickname,
  role_id: users.roleId,
});

/** The columns of a user the users page shows, read alone: on PGlite every column read costs. */
const SHOWN_COLUMNS = {
  id: users.id,
  phone: users.phone,
  email: users.email,
  nickname: users.nickname,
  remark: users.remark,
  roleId: users.roleId,
  createdAt: users.createdAt,
};

/** A row of a page of company users. */
interface UsersPageRow {
  user: Pick<typeof users.$inferSelect, keyof typeof SHOWN_COLUMNS>;
  roleName: string | null;
  total: number;
}

export class CompanyUsers {
  private readonly pages = new PreparedShapes<UsersPageRow>('vap_users_page');

  constructor(
    private readonly db: Db,
    private readonly passwords: PasswordHasher,
  ) {}

  async list(caller: Permissions, request: ListQuery): Promise<ListPage<CompanyUser>> {
    const companyId = companyOf(caller);
    const values = [
      companyId,
      ...valuesOf(filtersOf, request.wheres),
      request.size,
      (request.page - 1) * request.size,
    ];
    const shape = JSON.stringify([request.wheres.map((filter) => [filter.k, filter.o]), request.orders]);
    const conditionAt = (at: <T>(index: number) => T) =>
      and(eq(users.companyId, at<number>(0)), filtersOf(request.wheres, placeholders(at, 1)));
    // The total rides on the page's rows (a window count over the filtered users): one statement
    // where two were, which is most of a page's cost on PGlite. A page past the end has no row to
    // carry it, and counts on its own.
    const rows = await this.pages.run(shape, values, (at) =>
      this.db
        .select({
          user: SHOWN_COLUMNS,
          roleName: roles.name,
          total: sql<number>`count(*) over ()::int`,
        })
        .from(users)
        .leftJoin(roles, and(eq(roles.id, users.roleId), eq(roles.companyId, users.companyId)))
        .where(conditionAt(at))
        .orderBy(...sortingOf(request.orders), asc(users.id))
        .limit(at<number>(values.length - 2))
        .offset(at<number>(values.length - 1)),
    );
    const counted =
      rows[0] ??
      (
        await this.db
          .select({ total: sql<number>`count(*)::int` })
          .from(users)
          .where(conditionAt(<T>(index: number) => values[index] as T))
      )[0];
    return {
      items: rows.map(({ user, roleName }) => companyUserOf(user, roleName)),
      total: counted?.total ?? 0,
    };
  }

  /** One user of the caller's company, as the list shows them; 404 for anyone else. */
  async get(caller: Permissions, userId: number): Promise<CompanyUser> {
    const [row] = await this.db
      .select({ user: SHOWN_COLUMNS, roleName: roles.name })
      .from(users)
      .leftJoin(roles, and(eq(roles.id, users.roleId), eq(roles.companyId, users.companyId)))
      .where(and(eq(users.id, userId), eq(users.companyId, companyOf(caller))));
    if (!row) throw notFound();
    return companyUserOf(row.user, row.roleName);
  }

  /** A role of the caller's company that the caller may give (404 / 403 `role_exceeds_own`). */
  private async grantableRole(db: Db, caller: Permissions, roleId: number) {
    const [role] = await db
      .select()
      .from(roles)
      .where(and(eq(roles.id, roleId), eq(roles.companyId, companyOf(caller))));
    if (!role) throw notFound();
    if (!grantWithin(grantOfRole(role), caller.holder)) throw new ApiError(403, 'role_exceeds_own');
    return role;
  }

  /**
   * A user of the caller's company the caller may act on: not themselves, not the owner, not one
   * whose role grants more than the caller's. Locked for the rest of the transaction.
   */
  private async actionableUser(db: Db, caller: Permissions, userId: number) {
    const [user] = await db
      .select()
      .from(users)
      .where(and(eq(users.id, userId), eq(users.companyId, companyOf(caller))))
      .for('update');
    if (!user) throw notFound();
    if (user.id === caller.userId) throw new ApiError(403, 'cannot_change_self');
    if (user.roleId === OWNER_ROLE_ID) throw new ApiError(403, 'owner_protected');
    const holder: Holder = await holderOf(db, user);
    if (!grantWithin(holder, caller.holder)) throw new ApiError(403, 'target_outranks_caller');
    return user;
  }

  async create(
    caller: Permissions,
    body: z.output<typeof createUserBodySchema>,
    trail: AuditTrail,
  ): Promise<{ id: number }> {
    const companyId = companyOf(caller);
    await this.grantableRole(this.db, caller, body.role_id);
    const email = body.email === '' ? null : body.email.toLowerCase();
    if (email !== null) {
      const [taken] = await this.db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`);
      if (taken) throw new ApiError(409, 'email_taken');
    }
    const [phoneTaken] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.phone, body.phone));
    if (phoneTaken) throw new ApiError(409, 'phone_registered');
    const passwordHash = await this.passwords.hash(body.password);
    return this.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          companyId,
          phone: body.phone,
          email,
          passwordHash,
          nickname: body.nickname,
          remark: body.remark,
          roleId: body.role_id,
        })
        .onConflictDoNothing()
        .returning();
      // Someone took the phone or email in between.
      if (!user) throw new ApiError(409, 'phone_registered');
      await trail.record(tx, {
        action: 'system.user.create',
        target: { type: 'user', id: user.id },
        after: userSnapshot(user),
      });
      return { id: user.id };
    });
  }

  /** Gives a user another role of the company. */
  async setRole(caller: Permissions, userId: number, roleId: number, trail: AuditTrail): Promise<void> {
    await this.db.transaction(async (tx) => {
      const user = await this.actionableUser(tx, caller, userId);
      await this.grantableRole(tx, caller, roleId);
      await tx.update(users).set({ roleId }).where(eq(users.id, user.id));
      await trail.record(tx, {
        action: 'system.user.role',
        target: { type: 'user', id: user.id },
        before: userSnapshot(user),
        after: userSnapshot({ ...user, roleId }),
      });
    });
  }

  /** Changes a user's nickname, email and remark (not the phone, which signs them in). */
  async edit(caller: Permissions, userId: number, body: EditUser, trail: AuditTrail): Promise<void> {
    await this.db.transaction(async (tx) => {
      const user = await this.actionableUser(tx, caller, userId);
      const email = body.email === '' ? null : body.email.toLowerCase();
      if (email !== null) {
        const [taken] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(sql`lower(${users.email}) = ${email}`, ne(users.id, user.id)));
        if (taken) throw new ApiError(409, 'email_taken');
      }
      const changes = { nickname: body.nickname, email, remark: body.remark };
      await tx.update(users).set(changes).where(eq(users.id, user.id));
      await trail.record(tx, {
        action: 'system.user.update',
        target: { type: 'user', id: user.id },
        before: userSnapshot(user),
        after: userSnapshot({ ...user, ...changes }),
      });
    });
  }

  /**
   * Detaches a user from the company (spec §6: removing only detaches the account). The account
   * keeps its sign-in and returns to the state sign-up leaves it in: no company and no role. Its
   * sessions are revoked.
   */
  async remove(caller: Permissions, userId: number, trail: AuditTrail): Promise<void> {
    await this.db.transaction(async (tx) => {
      const user = await this.actionableUser(tx, caller, userId);
      await tx.update(users).set({ companyId: null, roleId: null }).where(eq(users.id, user.id));
      await trail.record(tx, {
        action: 'system.user.remove',
        target: { type: 'user', id: user.id },
        before: userSnapshot(user),
        after: userSnapshot({ ...user, companyId: null, roleId: null }),
      });
      await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, user.id), sql`${sessions.revokedAt} is null`));
    });
  }
}

/** The role of a company's member, which the `users_role_with_company` constraint guarantees. */
/** A user row as the users page shows it. */
function companyUserOf(user: UsersPageRow['user'], roleName: string | null): CompanyUser {
  return {
    id: user.id,
    phone: user.phone ?? '',
    email: user.email ?? '',
    nickname: user.nickname,
    remark: user.remark,
    role_id: memberRole(user),
    role_name: roleName ?? '',
    created_at: user.createdAt.toISOString(),
  };
}

function memberRole(user: { id: number; roleId: number | null }): number {
  if (user.roleId === null) throw new Error(`user ${user.id} is listed in a company without a role`);
  return user.roleId;
}
