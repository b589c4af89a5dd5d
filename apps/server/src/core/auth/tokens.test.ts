import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/client.js';
import { TokenService, VERIFIED_TOKENS } from './tokens.js';

const SECRET = 's'.repeat(32);
const key = new TextEncoder().encode(SECRET);

/** A token as `issue` signs it, without a session row (`claims` reads none). */
const sign = (exp: number, secret = key) =>
  new SignJWT({ sid: randomUUID() })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject('7')
    .setIssuedAt()
    .setExpirationTime(exp)
    .sign(secret);

// `claims` never touches the database; the service is made without one.
const service = () => new TokenService(undefined as unknown as Db, SECRET, 600);
const now = () => Math.floor(Date.now() / 1000);

describe('token claims', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("checks a token's signature once, not on every request", async () => {
    const tokens = service();
    const token = await sign(now() + 600);
    const verify = vi.spyOn(crypto.subtle, 'verify');
    const first = await tokens.claims(token);
    expect(await tokens.claims(token)).toEqual(first);
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it('still answers token_expired once a token checked before expires', async () => {
    const tokens = service();
    const exp = now() + 60;
    const token = await sign(exp);
    await tokens.claims(token);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(exp * 1000);
    await expect(tokens.claims(token)).rejects.toMatchObject({ status: 401, code: 'token_expired' });
  });

  it('refuses a token signed with another secret, however like a known one it looks', async () => {
    const tokens = service();
    await tokens.claims(await sign(now() + 600));
    await expect(
      tokens.claims(await sign(now() + 600, new TextEncoder().encode('o'.repeat(32)))),
    ).rejects.toMatchObject({
      status: 401,
    });
  });

  it(`remembers at most ${VERIFIED_TOKENS} checked tokens, forgetting the oldest`, async () => {
    const tokens = service();
    const oldest = await sign(now() + 600);
    await tokens.claims(oldest);
    const verify = vi.spyOn(crypto.subtle, 'verify');
    for (let i = 0; i < VERIFIED_TOKENS; i++) await tokens.claims(await sign(now() + 600 + i));
    verify.mockClear();
    await tokens.claims(oldest);
    expect(verify).toHaveBeenCalledTimes(1);
  });
});
