import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACCESS_KEY_SECRETS, type SealingPurpose } from './secret-box.js';
import { configuredSecrets, ServerSecrets } from './secrets.js';

const SERVER_SECRET = 'a-server-secret-of-at-least-32-characters';
const OTHER_PURPOSE: SealingPurpose = { salt: 'vap-other', info: 'other sealing v1' };

describe('ServerSecrets', () => {
  it('hands every module asking for a purpose the same box', () => {
    const secrets = new ServerSecrets(SERVER_SECRET);
    expect(secrets.box(ACCESS_KEY_SECRETS)).toBe(secrets.box(ACCESS_KEY_SECRETS));
  });

  it("opens what another server of the same secret sealed, and nothing of another purpose's box", () => {
    const sealed = new ServerSecrets(SERVER_SECRET).box(ACCESS_KEY_SECRETS).seal('secret', 'KEY1');
    const secrets = new ServerSecrets(SERVER_SECRET);
    expect(secrets.box(ACCESS_KEY_SECRETS).open(sealed, 'KEY1')).toBe('secret');
    expect(secrets.box(OTHER_PURPOSE).open(sealed, 'KEY1')).toBeNull();
  });

  it("takes JWT_SECRET's value when set, else the secret kept in DATA_DIR", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'vap-secrets-'));
    try {
      expect(configuredSecrets({ serverSecret: SERVER_SECRET, dataDir }).serverSecret).toBe(SERVER_SECRET);
      const generated = configuredSecrets({ serverSecret: undefined, dataDir }).serverSecret;
      expect((await readFile(join(dataDir, 'jwt-secret'), 'utf8')).trim()).toBe(generated);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
