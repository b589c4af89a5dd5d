/**
 * The caller of a signed-in request, read in one statement: the live session, its user, their
 * company and their role's grant. Every signed-in request pays for it, so it is one round trip
 * (on PGlite a statement runs on the server's own thread, and its fixed cost is most of a light
 * request) and a prepared statement (built once, not per request).
 *
 * Nothing of it is kept between requests: a revoked session, a changed role and a narrowed role
 * (spec §6) show on the very next request, in every server sharing the database.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { companies, roles, users } from '../db/schema.js';
import { unauthorized } from '../http/errors.js';
import { holderOfRole, type Permissions } from './permissions.js';
import { sessions } from './schema.js';
import type { AuthContext } from './tokens.js';

/** What user info shows of the user: no password hash, only whether there is one. */
const USER = {
  id: users.id,
  companyId: users.companyId,
  roleId: users.roleId,
  phone: users.phone,
  email: users.email,
  nickname: users.nickname,
  remark: users.remark,
  passwordEmpty: sql<boolean>`${users.passwordHash} is null`,
};

/** What user info shows of the company. */
const COMPANY = {
  id: companies.id,
  name: companies.name,
  title: companies.title,
  logo: companies.logo,
  verifyStatus: companies.verifyStatus,
  cbs: companies.cbs,
  lvlmLab: companies.lvlmLab,
  rsrcMgt: companies.rsrcMgt,
  voip: companies.voip,
};

const callerQuery = (db: Db) =>
  db
    // Only the columns used: on PGlite each column returned costs about as much as a join.
    .select({
      user: USER,
      company: COMPANY,
      role: { menus: roles.menus, isAccessAllGroup: roles.isAccessAllGroup, groupIds: roles.groupIds },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(roles, and(eq(roles.id, users.roleId), eq(roles.companyId, users.companyId)))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, sql.placeholder('userId')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare('vap_caller');

type CallerRow = Awaited<ReturnType<ReturnType<typeof callerQuery>['execute']>>[number];

export interface Caller {
  user: CallerRow['user'];
  /** Null while the user has not created or joined a company. */
  company: CallerRow['company'];
  permissions: Permissions;
}

export class CallerLoader {
  private readonly query;

  constructor(db: Db) {
    this.query = callerQuery(db);
  }

  /** The caller behind verified token claims; 401 when the session is revoked, expired or gone. */
  async load({ userId, sessionId }: AuthContext): Promise<Caller> {
    // Placeholders reach the driver as they are, unlike a Date compared with the column directly.
    const [row] = await this.query.execute({ sessionId, userId, now: new Date().toISOString() });
    if (!row) throw unauthorized();
    const { user, company, role } = row;
    return {
      user,
      company,
      permissions: {
        userId,
        companyId: user.companyId,
        roleId: user.roleId,
        holder: holderOfRole(user, role),
      },
    };
  }
}
