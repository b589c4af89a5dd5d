import { eq } from 'drizzle-orm';
import { unauthorized } from '../api-error.js';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';

/** The row of a signed-in user; 401 when the session outlived its user. */
export async function signedInUser(db: Db, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw unauthorized();
  return user;
}
