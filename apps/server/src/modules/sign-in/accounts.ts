import { eq } from 'drizzle-orm';
import type { Db } from '../../core/db/client.js';
import { users } from '../../core/db/schema.js';

/** The account behind a sign-in name: a mainland phone number or an email (any case). */
export async function findBySignInName(db: Db, account: string) {
  const column = account.includes('@') ? users.email : users.phone;
  const value = account.includes('@') ? account.toLowerCase() : account;
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(column, value));
  return user;
}
