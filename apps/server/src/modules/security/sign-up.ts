/**
 * Accounts made and mended with an SMS code: sign-up (with a password), sign-in-or-sign-up
 * (without a password: `is_password_empty`), and password reset, which ends every session.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions, users } from '../../db/schema.js';
import { ApiError } from '../../http/errors.js';
import type { PasswordHasher } from '../auth/passwords.js';

export class SignUpService {
  constructor(
    private readonly db: Db,
    private readonly passwords: PasswordHasher,
  ) {}

  async userIdByPhone(phone: string): Promise<number | undefined> {
    const [user] = await this.db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
    return user?.id;
  }

  /** A new user without company (they create one afterwards), owner of nothing yet. */
  async create(phone: string, md5Password: string | null, nickname = ''): Promise<number> {
    const passwordHash = md5Password === null ? null : await this.passwords.hash(md5Password);
    const [user] = await this.db
      .insert(users)
      .values({ phone, passwordHash, nickname, companyId: null })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!user) throw new ApiError(409, 'phone_registered');
    return user.id;
  }

  /** Sets the password and revokes every session of the user. */
  async resetPassword(userId: number, md5Password: string): Promise<void> {
    const passwordHash = await this.passwords.hash(md5Password);
    await this.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
      await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    });
  }
}
