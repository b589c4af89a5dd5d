import { describe, expect, it } from 'vitest';
import { ACCESS_KEY_SECRETS, randomAlphanumeric, SecretBox } from './secret-box.js';

const SERVER_SECRET = 'the-server-secret-of-at-least-32-chars';

describe('access-key secrets at rest', () => {
  it('are sealed with AES-256-GCM: not readable, different each time, opened by the same server secret', () => {
    const box = new SecretBox(SERVER_SECRET, ACCESS_KEY_SECRETS);
    const secret = randomAlphanumeric(32);
    const sealed = box.seal(secret, 'KEYID00000000001');
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain(secret);
    expect(box.seal(secret, 'KEYID00000000001')).not.toBe(sealed);
    expect(new SecretBox(SERVER_SECRET, ACCESS_KEY_SECRETS).open(sealed, 'KEYID00000000001')).toBe(secret);
  });

  it('do not open under another server secret, for another key id, or when tampered with', () => {
    const box = new SecretBox(SERVER_SECRET, ACCESS_KEY_SECRETS);
    const sealed = box.seal('S'.repeat(32), 'KEYID00000000001');
    expect(
      new SecretBox(`${SERVER_SECRET}!`, ACCESS_KEY_SECRETS).open(sealed, 'KEYID00000000001'),
    ).toBeNull();
    expect(box.open(sealed, 'KEYID00000000002')).toBeNull();
    const bytes = Buffer.from(sealed.slice(3), 'base64url');
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
    expect(box.open(`v1.${bytes.toString('base64url')}`, 'KEYID00000000001')).toBeNull();
    expect(box.open('v2.abc', 'KEYID00000000001')).toBeNull();
    expect(box.open('plain', 'KEYID00000000001')).toBeNull();
  });
});

describe('access-key ids and secrets', () => {
  it('are letters and digits of the asked length, all 62 of them in use', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const value = randomAlphanumeric(16);
      expect(value).toMatch(/^[A-Za-z0-9]{16}$/);
      for (const char of value) seen.add(char);
    }
    expect(seen.size).toBe(62);
  });
});
