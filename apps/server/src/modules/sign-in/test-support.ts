/** What the sign-in tests share beyond testing/sign-in.ts: their hand on the module's own tables. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../core/db/client.js';
import { scanLogins } from './schema.js';

/** Moves a scan sign-in's expiry a second into the past, as if its QR code had been left too long. */
export async function expireScan(db: Db, id: string): Promise<void> {
  await db
    .update(scanLogins)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(scanLogins.id, id));
}
