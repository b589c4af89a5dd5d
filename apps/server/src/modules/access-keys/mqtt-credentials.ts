/**
 * Access keys as MQTT credentials (docs/mqtt.md "User clients"): a third party's client connects
 * with the key id as username and `{timestamp}.{nonce}.{signature}` as password, the signature an
 * HMAC-SHA256 of `mqttConnectStringToSign` keyed with the key's secret — the open API's scheme, with
 * the client id in place of the request. The connection then sees the devices of the key's groups.
 * A key disabled, expired or deleted later ends its connections (the broker asks `current` now and
 * then).
 */
import {
  accessKeyIdPattern,
  mqttConnectStringToSign,
  nonceSchema,
  SIGNATURE_MAX_SKEW_SECONDS,
} from '@vap/contracts';
import { eq } from 'drizzle-orm';
import { accessKeys } from './schema.js';
import { type AccessKeyRow, SignedKeys } from './signed-keys.js';

/** What a key may reach over MQTT: its company's devices, all or of some groups. */
export interface KeyScope {
  keyId: string;
  companyId: number;
  allGroups: boolean;
  groupIds: number[];
}

/** Why a key may not connect: bad credentials (CONNACK 4), or a key that may not (5). */
export type KeyRefusal = 'bad_credentials' | 'disabled' | 'expired';

const PASSWORD = /^(\d{1,12})\.([A-Za-z0-9_-]{16,64})\.([0-9a-f]{64})$/;

export class AccessKeyConnections extends SignedKeys {
  /** The scope of a key whose signature over this connection holds, or why not. */
  async authenticate(keyId: string, clientId: string, password: string): Promise<KeyScope | KeyRefusal> {
    const match = PASSWORD.exec(password);
    if (!accessKeyIdPattern.test(keyId) || !match) return 'bad_credentials';
    const [, timestamp = '', nonce = '', signature = ''] = match;
    if (!nonceSchema.safeParse(nonce).success) return 'bad_credentials';
    const seconds = Number(timestamp);
    if (Math.abs(this.now() / 1000 - seconds) > SIGNATURE_MAX_SKEW_SECONDS) return 'bad_credentials';
    const key = await this.keySigning(
      keyId,
      mqttConnectStringToSign({ keyId, clientId, timestamp, nonce }),
      signature,
    );
    if (typeof key === 'string') return 'bad_credentials';
    const refusal = this.refusalOf(key);
    if (refusal) return refusal;
    if (!(await this.takeNonce(key, nonce, seconds))) return 'bad_credentials';
    await this.markUsed(key, this.now());
    return this.scopeOf(key);
  }

  /** The key's scope now, or why its connections must end (deleted keys are `bad_credentials`). */
  async current(keyId: string): Promise<KeyScope | KeyRefusal> {
    const [key] = await this.db.select().from(accessKeys).where(eq(accessKeys.id, keyId));
    if (!key) return 'bad_credentials';
    return this.refusalOf(key) ?? this.scopeOf(key);
  }

  private refusalOf(key: AccessKeyRow): KeyRefusal | null {
    if (key.disabled) return 'disabled';
    if (key.expiresAt.getTime() <= this.now()) return 'expired';
    return null;
  }

  private scopeOf(key: AccessKeyRow): KeyScope {
    return {
      keyId: key.id,
      companyId: key.companyId,
      allGroups: key.isAccessAllGroup,
      groupIds: key.groupIds,
    };
  }
}
