import { AUTH_CALLS } from '@vap/contracts';
import type { FastifyInstance } from 'fastify';
import { auditTrail, signInAudited } from '../../core/audit/recorder.js';
import type { PasswordHasher } from '../../core/auth/passwords.js';
import type { TokenService } from '../../core/auth/tokens.js';
import type { Db } from '../../core/db/client.js';
import { callerOf } from '../../core/http/access.js';
import { serve } from '../../core/http/calls.js';
import { ApiError } from '../../core/http/errors.js';
import type { RateLimiter } from '../../core/rate-limit/limiter.js';
import { findBySignInName } from './accounts.js';
import { LIMITS } from './limits.js';

export interface PasswordSignInOptions {
  db: Db;
  passwords: PasswordHasher;
  tokens: TokenService;
  limiter: RateLimiter;
}

/** Password sign-in and sign-out (spec §7.1). */
export async function passwordRoutes(
  app: FastifyInstance,
  { db, passwords, tokens, limiter }: PasswordSignInOptions,
) {
  await serve(app, AUTH_CALLS.loginPassword, async (request) => {
    const { account, password } = request.body;
    const user = await findBySignInName(db, account);
    // Sign-ins are limited per person and per IP address (security/limits.ts): a user's phone and
    // e-mail count as one account, an unknown name as its own. The attempt is counted before the
    // password is checked, in one atomic step, so that concurrent guesses cannot all pass a check
    // made before any of them was counted. Once over, every attempt is answered 429 until the
    // window ends, whether the password is right or not.
    const accountKey = user ? `signin:user:${user.id}` : `signin:account:${account.toLowerCase()}`;
    const ipKey = `signin:ip:${request.ip}`;
    const [accountAllowed, ipAllowed] = await Promise.all([
      limiter.hit(accountKey, LIMITS.signInFailuresPerAccount),
      limiter.hit(ipKey, LIMITS.signInFailuresPerIp),
    ]);
    if (!accountAllowed || !ipAllowed) {
      throw new ApiError(429, 'too_many_requests', 'errors.sign_in_locked');
    }
    const valid = user?.passwordHash
      ? await passwords.verify(user.passwordHash, password)
      : await passwords.verifyNothing(password);
    // One answer for unknown accounts and wrong passwords: it must not reveal which accounts exist.
    if (!user || !valid) throw new ApiError(401, 'invalid_credentials');
    // A successful sign-in forgets the account's earlier failures, and is no failure of the address.
    await Promise.all([limiter.reset(accountKey), limiter.forgive(ipKey, LIMITS.signInFailuresPerIp)]);
    return {
      token: await signInAudited(db, tokens, auditTrail(request), user.id, 'password'),
    };
  });

  await serve(app, AUTH_CALLS.logout, async (request) => {
    const { userId, sessionId } = callerOf(request);
    const trail = auditTrail(request);
    await db.transaction(async (tx) => {
      await tokens.revoke(sessionId, tx);
      await trail.record(tx, { action: 'auth.sign_out', target: { type: 'user', id: userId } });
    });
  });
}
