/**
 * The user's own account (spec §5.2, §7.1): profile and password. The phone never changes here; an
 * email is taken by one account at most; a new password ends the user's other sessions.
 */
import type { AuditAction, ChangePasswordBody, ProfileBody } from '@vap/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { AuditTrail } from '../../core/audit/recorder.js';
import type { PasswordHasher } from '../../core/auth/passwords.js';
import type { AuthContext, TokenService } from '../../core/auth/tokens.js';
import { signedInUser } from '../../core/auth/users.js';
import type { Db } from '../../core/db/client.js';
import { isUniqueViolation } from '../../core/db/errors.js';
import { users } from '../../core/db/schema.js';
import { ApiError, unauthorized } from '../../core/http/errors.js';

/** The profile fields of a user as the audit log shows them. */
const profileSnapshot = (user: { nickname: string; remark: string; email: string | null }) => ({
  nickname: user.nickname,
  remark: user.remark,
  email: user.email,
});

export class OwnAccount {
  constructor(
    private readonly db: Db,
    private readonly passwords: PasswordHasher,
    private readonly tokens: TokenService,
  ) {}

  async updateProfile(userId: number, body: ProfileBody, trail: AuditTrail): Promise<void> {
    const user = await signedInUser(this.db, userId);
    const changes: Partial<typeof users.$inferInsert> = { nickname: body.nickname };
    if (body.remark !== undefined) changes.remark = body.remark;
    const email = body.email?.toLowerCase();
    if (email && email !== user.email?.toLowerCase()) {
      const [taken] = await this.db
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = ${email}`, ne(users.id, userId)));
      if (taken) throw new ApiError(409, 'email_taken');
      changes.email = email;
    }
    try {
      await this.db.transaction(async (tx) => {
        const [before] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
        if (!before) throw unauthorized();
        await tx.update(users).set(changes).where(eq(users.id, userId));
        await trail.record(tx, {
          action: 'account.profile.update',
          target: { type: 'user', id: userId },
          before: profileSnapshot(before),
          after: profileSnapshot({ ...before, ...changes }),
        });
      });
    } catch (error) {
      // Two accounts claiming one email at the same moment: the unique index decides.
      if (isUniqueViolation(error)) throw new ApiError(409, 'email_taken');
      throw error;
    }
  }

  /** Changes the password and revokes every other session of the user; this one keeps working. */
  async changePassword(caller: AuthContext, body: ChangePasswordBody, trail: AuditTrail): Promise<void> {
    const user = await signedInUser(this.db, caller.userId);
    if (user.passwordHash === null) throw new ApiError(409, 'password_not_set');
    if (!(await this.passwords.verify(user.passwordHash, body.old_password))) {
      throw new ApiError(400, 'wrong_old_password');
    }
    await this.writePassword(caller, body.new_password, 'account.password.change', trail);
  }

  /** The first password of an account that has none (signed up by SMS or a scan). */
  async setPassword(caller: AuthContext, password: string, trail: AuditTrail): Promise<void> {
    const user = await signedInUser(this.db, caller.userId);
    if (user.passwordHash !== null) throw new ApiError(409, 'password_already_set');
    await this.writePassword(caller, password, 'account.password.set', trail);
  }

  /** Writes the password hash and revokes the other sessions; the entry records neither. */
  private async writePassword(caller: AuthContext, md5Hex: string, action: AuditAction, trail: AuditTrail) {
    const passwordHash = await this.passwords.hash(md5Hex);
    await this.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, caller.userId));
      await this.tokens.revokeOthers(caller.userId, caller.sessionId, tx);
      await trail.record(tx, { action, target: { type: 'user', id: caller.userId } });
    });
  }
}
