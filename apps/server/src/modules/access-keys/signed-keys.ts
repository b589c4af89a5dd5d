/**
 * What the two ways in signed with an access key check alike (docs/open-api.md): an open-API
 * request and an MQTT connection (mqtt-credentials.ts) each sign their own string with the key's
 * secret, and each refuses in its own words; the key's lookup, the HMAC-SHA256 comparison, the
 * nonce taken once and the key's last use are the same.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { SecretBox } from '../../core/crypto/secret-box.js';
import type { Db } from '../../core/db/client.js';
import { NonceLedger } from './nonces.js';
import { accessKeys } from './schema.js';

export type AccessKeyRow = typeof accessKeys.$inferSelect;

export abstract class SignedKeys {
  private readonly nonces: NonceLedger;

  constructor(
    protected readonly db: Db,
    private readonly box: SecretBox,
    protected readonly now: () => number = () => Date.now(),
  ) {
    this.nonces = new NonceLedger(db, now);
  }

  /**
   * The key `keyId` when `signature` (64 hex digits) is the HMAC-SHA256 of `toSign` keyed with its
   * secret; `unknown` when there is no such key, `mismatch` otherwise.
   */
  protected async keySigning(
    keyId: string,
    toSign: string,
    signature: string,
  ): Promise<AccessKeyRow | 'unknown' | 'mismatch'> {
    const [key] = await this.db.select().from(accessKeys).where(eq(accessKeys.id, keyId));
    if (!key) return 'unknown';
    const secret = this.box.open(key.secretSealed, key.id);
    const expected = createHmac('sha256', secret ?? '')
      .update(toSign)
      .digest();
    if (secret === null || !timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return 'mismatch';
    return key;
  }

  /** True when the nonce was not used by the key within its signature's time (see NonceLedger). */
  protected takeNonce(key: AccessKeyRow, nonce: string, timestamp: number): Promise<boolean> {
    return this.nonces.take(key.id, nonce, timestamp);
  }

  /** Marks the key used at `at`, once a signed call or connection is let in. */
  protected async markUsed(key: AccessKeyRow, at: number): Promise<void> {
    await this.db
      .update(accessKeys)
      .set({ lastUsedAt: new Date(at) })
      .where(eq(accessKeys.id, key.id));
  }
}
