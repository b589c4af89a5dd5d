/** Builders shared by the kernel's own tests. */
import type { UserInfo } from '@vap/contracts';
import { testMenuItem, testUser } from './test-user.js';

export { testMenuItem as menuItem };

/** `testUser` with the one page every signed-in user needs (no menu is no access, spec §4.1). */
export function userInfo(partial: Partial<UserInfo> = {}): UserInfo {
  return testUser({ menus: [testMenuItem({ name: 'dashboard', type: 'page' })], ...partial });
}

/** A JWT-shaped token with the given `exp` (seconds); the signature is irrelevant client-side. */
export function fakeJwt(exp: number): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: '1', exp })}.signature`;
}
