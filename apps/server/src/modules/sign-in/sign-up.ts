/**
 * Accounts made and mended with an SMS code: sign-up (with a password), sign-in-or-sign-up
 * (without a password: `is_password_empty`), and password reset, which ends every session.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { type AuditTrail, userSnapshot } from '../../core/audit/recorder.js';
import type { PasswordHasher } from '../../core/auth/passwords.js';
import { sessions } from '../../core/auth/schema.js';
import type { TokenService } from '../../core/auth/tokens.js';
import type { Db } from '../../core/db/client.js';
import { users } from '../../core/db/schema.js';
import { ApiError } from '../../core/http/errors.js';

export class SignUpService {
  constructor(
    private readonly db: Db,
    private readonly passwords: PasswordHasher,
  ) {}

  async userIdByPhone(phone: string): Promise<number | undefined> {
    const [user] = await this.db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
    return user?.id;
  }

  /**
   * The new user, without a company and so without a role (they create or join one afterwards),
   * recorded as `auth.sign_up` together with its session: answers the token.
   */
  async create(
    phone: string,
    md5Password: string | null,
    nickname: string,
    { tokens, trail }: { tokens: Pick<TokenService, 'issue'>; trail: AuditTrail },
  ): Promise<string> {
    const passwordHash = md5Password === null ? null : await this.passwords.hash(md5Password);
    return this.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ phone, passwordHash, nickname, companyId: null, roleId: null })
        .onConflictDoNothing()
        .returning();
      if (!user) throw new ApiError(409, 'phone_registered');
      await trail.record(tx, {
        action: 'auth.sign_up',
        userId: user.id,
        target: { type: 'user', id: user.id },
        after: userSnapshot(user),
      });
      return tokens.issue(user.id, tx);
    });
  }

  /** Sets the password and revokes every session of the user. */
  async resetPassword(userId: number, md5Password: string, trail: AuditTrail): Promise<void> {
    const passwordHash = await this.passwords.hash(md5Password);
    await this.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
      await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
      await trail.record(tx, {
        action: 'account.password.reset',
        userId,
        target: { type: 'user', id: userId },
      });
    });
  }
}
