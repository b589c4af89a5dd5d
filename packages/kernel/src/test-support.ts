/** Builders shared by the kernel's own tests. */
import type { Language, UserInfo } from '@vap/contracts';
import { messages } from './plugin.js';
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

/**
 * Messages of `namespace` whose loads are counted: `loaded` lists the languages fetched, in order,
 * each answering its string under `key`.
 */
export function countedMessages(namespace: string, key: string, strings: Record<Language, string>) {
  const loaded: Language[] = [];
  const load = (language: Language) => async () => {
    loaded.push(language);
    return { default: { [key]: strings[language] } };
  };
  return {
    loaded,
    messages: messages(namespace, { en: load('en'), 'zh-CN': load('zh-CN'), 'zh-TW': load('zh-TW') }),
  };
}

/**
 * Messages of `namespace` whose English load fails the first time with `error` (a chunk that did
 * not come), then answers `strings`; `calls()` counts the English loads.
 */
export function flakyMessages(namespace: string, strings: Record<string, string>, error: string) {
  let calls = 0;
  const flaky = messages(namespace, {
    en: async () => {
      calls += 1;
      if (calls === 1) throw new Error(error);
      return { default: strings };
    },
    'zh-CN': async () => ({ default: {} }),
    'zh-TW': async () => ({ default: {} }),
  });
  return { messages: flaky, calls: () => calls };
}

/** A menu of one page: system_user under the dir system, at /system/user. */
export const systemUserMenus = () => [
  testMenuItem({
    name: 'system',
    type: 'dir',
    path: 'system',
    children: [testMenuItem({ name: 'system_user', type: 'page', path: 'user' })],
  }),
];
