/**
 * Bearer tokens: HS256 JWTs (jose) carrying the user id (`sub`) and a server-side session id
 * (`sid`). The session row makes a token revocable: logout, and later password changes, revoke it
 * before its `exp`.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { ApiError, unauthorized } from '../api-error.js';
import type { Db } from '../db/client.js';
import { sessions } from './schema.js';

export interface AuthContext {
  userId: number;
  sessionId: string;
}

const ALGORITHMS = ['HS256'];

/** Tokens whose signature was checked lately; a few hundred staff hold one or two each. */
export const VERIFIED_TOKENS = 10_000;

export class TokenService {
  private readonly key: Uint8Array;
  /**
   * Claims of tokens whose signature was checked, with their expiry. A signature is checked once
   * per token: WebCrypto does it on the thread pool, where it queued behind the compression of
   * answers on every signed-in request. The expiry is still checked on every request, and the
   * session (revocation) by the caller query; a forged token never enters, as it fails the check.
   */
  private readonly verified = new Map<string, AuthContext & { exp: number }>();

  constructor(
    private readonly db: Db,
    secret: string,
    /** Lifetime in seconds. */
    private readonly lifetime: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  /** A new session's token; `db` is the caller's transaction when the sign-in records more. */
  async issue(userId: number, db: Db = this.db): Promise<string> {
    const sessionId = randomUUID();
    const now = Math.floor(Date.now() / 1000);
    const exp = now + this.lifetime;
    await db.insert(sessions).values({ id: sessionId, userId, expiresAt: new Date(exp * 1000) });
    return new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuedAt(now)
      .setExpirationTime(exp)
      .sign(this.key);
  }

  /** The caller behind a bearer token whose session is live, or a 401 `ApiError`. */
  async verify(token: string): Promise<AuthContext> {
    const { userId, sessionId } = await this.claims(token);
    const [session] = await this.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        and(
          eq(sessions.id, sessionId),
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date()),
        ),
      );
    if (!session) throw unauthorized();
    return { userId, sessionId };
  }

  /**
   * What a bearer token claims, its signature and expiry checked, or a 401 `ApiError`. Its session
   * may have been revoked since: only `verify` or the caller query (caller.ts) tell.
   */
  async claims(token: string): Promise<AuthContext> {
    const known = this.verified.get(token);
    if (known) {
      // As jose decides it: expired once the current second reaches `exp`.
      if (known.exp <= Math.floor(Date.now() / 1000)) throw new ApiError(401, 'token_expired');
      return { userId: known.userId, sessionId: known.sessionId };
    }
    let payload: Awaited<ReturnType<typeof jwtVerify>>['payload'];
    try {
      ({ payload } = await jwtVerify(token, this.key, {
        algorithms: ALGORITHMS,
        requiredClaims: ['exp', 'sub'],
      }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw new ApiError(401, 'token_expired');
      throw unauthorized();
    }
    // Only the form `issue` writes: Number() alone would take "1e0", " 1 " or "01" as user 1.
    const userId =
      typeof payload.sub === 'string' && USER_ID.test(payload.sub) ? Number(payload.sub) : Number.NaN;
    const sessionId = payload.sid;
    if (!Number.isSafeInteger(userId) || typeof sessionId !== 'string' || !isUuid(sessionId)) {
      throw unauthorized();
    }
    // The oldest goes first: Map iterates in insertion order.
    if (this.verified.size >= VERIFIED_TOKENS)
      this.verified.delete(this.verified.keys().next().value as string);
    this.verified.set(token, { userId, sessionId, exp: payload.exp as number });
    return { userId, sessionId };
  }

  /** Revokes every live session of the user except `keepSessionId` (a password change). */
  async revokeOthers(userId: number, keepSessionId: string, db: Db = this.db): Promise<void> {
    await db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)));
  }

  async revoke(sessionId: string, db: Db = this.db): Promise<void> {
    await db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }
}

const USER_ID = /^[1-9][0-9]*$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: string) => UUID.test(value);
