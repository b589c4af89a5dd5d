/**
 * Nonces of an access key's signatures, remembered while their timestamp is acceptable: a nonce is
 * taken by one atomic insert, so a replay is refused on every server sharing the database. Used by
 * signed open-API requests and by signed MQTT connections alike.
 */
import { SIGNATURE_MAX_SKEW_SECONDS } from '@vap/contracts';
import { lt } from 'drizzle-orm';
import type { Db } from '../../core/db/client.js';
import { accessKeyNonces } from './schema.js';

/** Expired nonces are deleted at most this often, by whichever signature comes along. */
const PRUNE_EVERY_MS = 10 * 60_000;

export class NonceLedger {
  private lastPrune = 0;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /**
   * Takes a nonce for the key until its timestamp can no longer be accepted: true when it was not
   * taken (or only by a signature whose time is over).
   */
  async take(keyId: string, nonce: string, timestamp: number): Promise<boolean> {
    const now = this.now();
    if (now - this.lastPrune >= PRUNE_EVERY_MS) {
      this.lastPrune = now;
      await this.db.delete(accessKeyNonces).where(lt(accessKeyNonces.expiresAt, new Date(now)));
    }
    const expiresAt = new Date((timestamp + SIGNATURE_MAX_SKEW_SECONDS + 1) * 1000);
    const taken = await this.db
      .insert(accessKeyNonces)
      .values({ keyId, nonce, expiresAt })
      .onConflictDoUpdate({
        target: [accessKeyNonces.keyId, accessKeyNonces.nonce],
        set: { expiresAt },
        setWhere: lt(accessKeyNonces.expiresAt, new Date(now)),
      })
      .returning({ nonce: accessKeyNonces.nonce });
    return taken.length > 0;
  }
}
