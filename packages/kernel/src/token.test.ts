import { TOKEN_STORAGE_KEY } from '@vap/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeJwt } from './test-support.js';
import { TokenStore, tokenExpiry } from './token.js';

describe('session token (spec §9)', () => {
  beforeEach(() => localStorage.clear());
  const exp = 1_800_000_000;

  it('is stored in local storage under vap_web_token', () => {
    new TokenStore(localStorage).write(fakeJwt(exp));
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(fakeJwt(exp));
  });

  it('stays usable until exp plus 600 seconds, then is removed', () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, fakeJwt(exp));
    expect(new TokenStore(localStorage, () => (exp + 599) * 1000).read()).toBe(fakeJwt(exp));
    expect(new TokenStore(localStorage, () => (exp + 600) * 1000).read()).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('an unreadable token is removed rather than sent', () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'garbage');
    expect(new TokenStore(localStorage).read()).toBeNull();
    expect(tokenExpiry('a.b.c')).toBeNull();
  });
});
