/**
 * The caller of a signed-in request: the live session, its user, their company and their role's
 * grant, read in one statement (a prepared statement, built once) together with the caller version
 * (schema.ts): triggers raise that number in the same transaction as any change to the sessions,
 * users, companies or roles the statement reads.
 *
 * A caller read at version v is kept per session. While the version is still v, nothing it was read
 * from has changed in any server sharing the database, so the next request of the session reads the
 * version alone (a one-row lookup, as cheap as the health check's `select 1`) instead of the joins,
 * and gets the same, frozen caller. A revoked session, a changed role and a narrowed role (spec §6)
 * raise the version and so show on the very next request, as before; the expiry is checked against
 * the clock on every request.
 *
 * On the embedded engine the version is not even read: the triggers announce each new version
 * (NOTIFY), and this process, the database's only client, hears it before the write that raised it
 * has finished (Database.ownNotifications). A request of a kept caller then costs no statement.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { unauthorized } from '../api-error.js';
import type { Database, Db } from '../db/client.js';
import { companies, roles, users } from '../db/schema.js';
import { holderOfRole, type Permissions } from './permissions.js';
import { callerVersion, sessions } from './schema.js';
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
      role: {
        name: roles.name,
        menus: roles.menus,
        isAccessAllGroup: roles.isAccessAllGroup,
        groupIds: roles.groupIds,
      },
      expiresAt: sessions.expiresAt,
      version: callerVersion.version,
    })
    .from(sessions)
    .innerJoin(callerVersion, eq(callerVersion.id, 1))
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

const versionQuery = (db: Db) =>
  db
    .select({ version: callerVersion.version })
    .from(callerVersion)
    .where(eq(callerVersion.id, 1))
    .prepare('vap_caller_version');

/** The channel on which the triggers announce a new caller version (migration 0011). */
export const CALLER_VERSION_CHANNEL = 'caller_version';

/** Sessions whose caller is kept; beyond it the least recently read is dropped (and read again). */
export const CALLERS_KEPT = 10_000;

type CallerRow = Awaited<ReturnType<ReturnType<typeof callerQuery>['execute']>>[number];

export interface Caller {
  readonly user: Readonly<CallerRow['user']>;
  /** Null while the user has not created or joined a company. */
  readonly company: Readonly<NonNullable<CallerRow['company']>> | null;
  /** The name of the user's role; null for the owner (role 0 is no row) and without a company. */
  readonly roleName: string | null;
  readonly permissions: Permissions;
}

interface KeptCaller {
  caller: Caller;
  userId: number;
  version: number;
  expiresAt: number;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

export class CallerLoader {
  private readonly query;
  private readonly versionQuery;
  private readonly kept = new Map<string, KeptCaller>();
  /** Embedded engine: the latest version announced, once `watched`. */
  private announced = 0;
  private watched = false;
  private watching: Promise<void> | undefined;

  constructor(private readonly database: Pick<Database, 'db' | 'ownNotifications'>) {
    this.query = callerQuery(database.db);
    this.versionQuery = versionQuery(database.db);
    // Listening from the start, not on the first kept caller (a failure is tried again then).
    if (database.ownNotifications) this.watch(database.ownNotifications).catch(() => {});
  }

  /** Embedded engine: listens for the announced versions, then reads the current one (once). */
  private watch(subscribe: NonNullable<Database['ownNotifications']>): Promise<void> {
    this.watching ??= (async () => {
      // Listening first, then reading: a version raised in between is not missed.
      await subscribe(CALLER_VERSION_CHANNEL, (payload) => {
        this.announced = Math.max(this.announced, Number(payload));
      });
      const [row] = await this.versionQuery.execute();
      this.announced = Math.max(this.announced, row?.version ?? 0);
      this.watched = true;
    })().catch((error: unknown) => {
      this.watching = undefined;
      throw error;
    });
    return this.watching;
  }

  /** The caller version now: announced (the embedded engine), else read. */
  private async currentVersion(): Promise<number | undefined> {
    if (this.watched) return this.announced;
    const subscribe = this.database.ownNotifications;
    if (subscribe) {
      await this.watch(subscribe);
      return this.announced;
    }
    const [row] = await this.versionQuery.execute();
    return row?.version;
  }

  /**
   * The caller behind verified token claims; 401 when the session is revoked, expired or gone. The
   * same frozen object for a session while nothing it was read from has changed: what is derived
   * from it alone (the menu tree, user info) may be kept with it.
   */
  async load({ userId, sessionId }: AuthContext): Promise<Caller> {
    const kept = this.kept.get(sessionId);
    if (kept && kept.userId === userId && kept.expiresAt > Date.now()) {
      if ((await this.currentVersion()) === kept.version) {
        // Most recently read last: Map iterates in insertion order, the first is dropped first.
        this.kept.delete(sessionId);
        this.kept.set(sessionId, kept);
        return kept.caller;
      }
    }
    this.kept.delete(sessionId);
    // Placeholders reach the driver as they are, unlike a Date compared with the column directly.
    const [row] = await this.query.execute({ sessionId, userId, now: new Date().toISOString() });
    if (!row) throw unauthorized();
    const { user, company, role, expiresAt, version } = row;
    const caller: Caller = deepFreeze({
      user,
      company,
      roleName: role?.name ?? null,
      permissions: {
        userId,
        companyId: user.companyId,
        roleId: user.roleId,
        holder: holderOfRole(user, role),
      },
    });
    if (this.kept.size >= CALLERS_KEPT) this.kept.delete(this.kept.keys().next().value as string);
    this.kept.set(sessionId, { caller, userId, version, expiresAt: expiresAt.getTime() });
    return caller;
  }
}
