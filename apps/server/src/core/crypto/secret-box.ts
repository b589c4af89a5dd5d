/**
 * Sealing of secrets the server must read again (so they cannot be hashed like a password): the
 * secrets of access keys, which check the HMAC of each signed request, and those of the factory's
 * units and bound devices (the device secret, a GB28181 registration password). Each is encrypted
 * with AES-256-GCM under a key derived (HKDF-SHA256) from the server secret that also signs tokens
 * (`JWT_SECRET`, or the generated `{DATA_DIR}/jwt-secret`), one derived key per purpose. The row's
 * identity (the key id, the unit's serial) is the associated data, so a sealed value moved to
 * another row does not open. A database dump alone reveals no secret; a new server secret makes
 * existing sealed values unreadable (access keys' signatures no longer verify).
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, randomInt } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** What a box seals: the salt and info of its key's derivation, one pair per purpose. */
export interface SealingPurpose {
  salt: string;
  info: string;
}

/** Access-key secrets (access-keys/keys.ts); the derivation sealed keys were made with, unchanged. */
export const ACCESS_KEY_SECRETS: SealingPurpose = {
  salt: 'vap-access-keys',
  info: 'access-key secret sealing v1',
};

export class SecretBox {
  private readonly key: Buffer;

  constructor(serverSecret: string, purpose: SealingPurpose) {
    this.key = Buffer.from(hkdfSync('sha256', serverSecret, purpose.salt, purpose.info, 32));
  }

  /** `v1.` + base64url(iv ‖ tag ‖ ciphertext); `keyId` (the row's identity) is the associated data. */
  seal(plain: string, keyId: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(keyId, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url')}`;
  }

  /** The plain secret, or null when the value was not sealed by this server secret for this key. */
  open(sealed: string, keyId: string): string | null {
    const [version, data, ...rest] = sealed.split('.');
    if (version !== VERSION || data === undefined || rest.length > 0) return null;
    const bytes = Buffer.from(data, 'base64url');
    if (bytes.length <= IV_BYTES + TAG_BYTES) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(keyId, 'utf8'));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([
        decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      return null;
    }
  }
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Letters and digits from the operating system's secure generator, each equally likely. */
export function randomAlphanumeric(length: number): string {
  let value = '';
  for (let i = 0; i < length; i++) value += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return value;
}
