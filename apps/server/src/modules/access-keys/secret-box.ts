/**
 * Sealing of access-key secrets at rest. The server needs a key's secret again to check the HMAC of
 * each signed request, so the secret cannot be hashed like a password; it is encrypted instead with
 * AES-256-GCM under a key derived (HKDF-SHA256) from the server secret that also signs tokens
 * (`JWT_SECRET`, or the generated `{DATA_DIR}/jwt-secret`). The key id is the associated data, so a
 * sealed secret moved to another row does not open. A database dump alone reveals no secret; a new
 * server secret makes existing keys unusable (their signatures no longer verify).
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretBox {
  private readonly key: Buffer;

  constructor(serverSecret: string) {
    this.key = Buffer.from(
      hkdfSync('sha256', serverSecret, 'vap-access-keys', 'access-key secret sealing v1', 32),
    );
  }

  /** `v1.` + base64url(iv ‖ tag ‖ ciphertext). */
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
