/**
 * Records audit entries. A module calls it in the same transaction as its write, so an entry exists
 * exactly when the write does:
 *
 * ```ts
 * const trail = auditTrail(request);          // the caller and their address
 * await db.transaction(async (tx) => {
 *   const before = …;  await tx.update(…);  const after = …;
 *   await trail.record(tx, { action: 'access_key.update', target: { type: 'access_key', id }, before, after });
 * });
 * ```
 *
 * Snapshots are plain copies of rows (dates as ISO text) with every secret redacted: any field whose
 * name mentions a password, secret, token, hash, salt, credential, private key or sealed value shows
 * `[redacted]`, at any depth. Long texts are cut. The entry's company is the actor's company after
 * the write (so creating a company records into the new one) unless the write names another.
 *
 * A write route declares its actions as `config.audit`; write-routes.test.ts calls every write route
 * and fails when one neither records an entry of a declared action nor is on its exemption list.
 */
import { AUDIT_REDACTED, type AuditAction, type AuditSnapshot } from '@vap/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { TokenService } from '../auth/tokens.js';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';
import { auditLogs } from './schema.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The audit actions a write route records (see write-routes.test.ts). */
    audit?: AuditAction | readonly AuditAction[];
  }
}

/** What was written. */
export interface AuditWrite {
  action: AuditAction;
  /** The thing written: `{ type: 'role', id: 12 }`; `id` absent when it has none. */
  target: { type: string; id?: string | number | null };
  /** The row before and after the write (null or absent: none), redacted when recorded. */
  before?: unknown;
  after?: unknown;
  /** The actor, where the request has no session yet (sign-in, sign-up, password reset). */
  userId?: number;
  /** The company the entry belongs to; by default the actor's company after the write. */
  companyId?: number | null;
}

/** Who writes: a user, from an address. */
export interface AuditActor {
  userId: number | null;
  ip: string;
  /** The access key of a signed open-API request (the user is then the company's owner). */
  accessKeyId?: string;
}

/** Records entries for one request's caller. */
export interface AuditTrail {
  record(db: Db, write: AuditWrite): Promise<void>;
}

/** Field names whose values never reach the log. */
const SECRET_FIELD = /pass(word|wd)|secret|token|hash|salt|credential|private_?key|sealed|sms_?code/i;
const MAX_TEXT = 1000;
const MAX_DEPTH = 8;

/** The first MAX_TEXT code units, one fewer where the last would split a surrogate pair. */
function cutText(text: string): string {
  const last = text.charCodeAt(MAX_TEXT - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? MAX_TEXT - 1 : MAX_TEXT);
}

function copy(value: unknown, depth: number): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return value.length > MAX_TEXT ? `${cutText(value)}…` : value;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return value.toString();
  if (Buffer.isBuffer(value)) return `[${value.length} bytes]`;
  if (depth >= MAX_DEPTH) return '[…]';
  if (Array.isArray(value)) return value.map((item) => copy(item, depth + 1));
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, inner]) => inner !== undefined && typeof inner !== 'function')
        .map(([key, inner]) => [
          key,
          SECRET_FIELD.test(key) ? (inner === null ? null : AUDIT_REDACTED) : copy(inner, depth + 1),
        ]),
    );
  }
  return null;
}

/** A snapshot as stored: a JSON object with secrets redacted, or null. */
export function auditSnapshot(value: unknown): AuditSnapshot {
  if (value === null || value === undefined) return null;
  const copied = copy(value, 0);
  if (typeof copied === 'object' && copied !== null && !Array.isArray(copied)) {
    return copied as Record<string, unknown>;
  }
  return { value: copied };
}

/** Records one entry with `db` (the write's transaction). */
export async function recordAudit(db: Db, actor: AuditActor, write: AuditWrite): Promise<void> {
  const userId = write.userId ?? actor.userId;
  if (userId === null || userId === undefined) {
    throw new Error(`audit ${write.action}: no actor (a public route must name the user)`);
  }
  const [user] = await db
    .select({ phone: users.phone, nickname: users.nickname, companyId: users.companyId })
    .from(users)
    .where(eq(users.id, userId));
  await db.insert(auditLogs).values({
    companyId: write.companyId !== undefined ? write.companyId : (user?.companyId ?? null),
    userId,
    userPhone: user?.phone ?? '',
    userNickname: user?.nickname ?? '',
    action: write.action,
    targetType: write.target.type,
    targetId: write.target.id === null || write.target.id === undefined ? '' : String(write.target.id),
    before: auditSnapshot(write.before),
    after: auditSnapshot(write.after),
    ip: actor.ip,
    accessKeyId: actor.accessKeyId ?? '',
  });
}

/** The trail of a request: its signed-in caller (if any) and its address. */
export function auditTrail(request: FastifyRequest): AuditTrail {
  const actor: AuditActor = {
    userId: request.auth?.userId ?? null,
    ip: request.ip,
    accessKeyId: request.accessKey?.id ?? '',
  };
  return { record: (db, write) => recordAudit(db, actor, write) };
}

/** A user row as the log shows it: never the password hash. */
export function userSnapshot(user: {
  id: number;
  phone: string | null;
  email: string | null;
  nickname: string;
  remark: string;
  roleId: number | null;
  companyId: number | null;
}) {
  return {
    id: user.id,
    phone: user.phone,
    email: user.email,
    nickname: user.nickname,
    remark: user.remark,
    role_id: user.roleId,
    company_id: user.companyId,
  };
}

/** Issues a session token and records the sign-in, in one transaction. */
export function signInAudited(
  db: Db,
  tokens: Pick<TokenService, 'issue'>,
  trail: AuditTrail,
  userId: number,
  method: 'password' | 'sms' | 'scan',
): Promise<string> {
  return db.transaction(async (tx) => {
    const token = await tokens.issue(userId, tx);
    await trail.record(tx, {
      action: 'auth.sign_in',
      userId,
      target: { type: 'user', id: userId },
      after: { method },
    });
    return token;
  });
}
