/**
 * A write the console may send again under one key (a purchase's `request_id`, unique per company):
 * the first one made under the key answers every repeat, charging nothing again, whether it was
 * committed before this one began or by another request meanwhile, whose commit makes this one's
 * insert fail on the key's unique index.
 */
import type { Db } from './client.js';
import { isUniqueViolation } from './errors.js';

export async function onceByKey<T>(
  db: Db,
  /** What was made under the key already, if anything. */
  made: (db: Db) => Promise<T | undefined>,
  /** Makes it, in the transaction that found nothing made. */
  make: (tx: Db) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction(async (tx) => (await made(tx)) ?? (await make(tx)));
  } catch (error) {
    if (isUniqueViolation(error)) {
      const first = await made(db);
      if (first) return first;
    }
    throw error;
  }
}
