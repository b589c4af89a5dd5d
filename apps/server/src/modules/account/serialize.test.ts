import { type UserInfo, userInfoSchema } from '@vap/contracts';
import { describe, expect, it, vi } from 'vitest';
import type { TestApp } from '../../testing/harness.js';
import { blockApp } from '../../testing/suite-app.js';
import { userInfoJson } from './serialize.js';

const tree = Object.freeze([
  {
    id: 1,
    parent_id: 0,
    name: 'dashboard',
    type: 'page',
    path: 'dashboard',
    title: 'menu.dashboard',
    icon: 'dashboard',
    is_hidden: false,
    is_disable: false,
    sort: 10,
    children: [],
  },
]) as unknown as UserInfo['menus'];

const info = (menus: UserInfo['menus'], nickname = '演示管理员'): UserInfo => ({
  id: 7,
  menus,
  role_id: 0,
  role_name: null,
  phone: '13800138000',
  email: '',
  nickname,
  remark: '',
  is_password_empty: false,
  company: null,
  verify_company: true,
});

describe('user info as JSON', () => {
  it('is what the schema would answer', () => {
    expect(JSON.parse(userInfoJson(info(tree)))).toEqual(userInfoSchema.parse(info(tree)));
  });

  it('checks and stringifies a menu tree once, however often it is answered', () => {
    const parse = vi.spyOn(userInfoSchema.shape.menus, 'parse');
    try {
      const shared = Object.freeze([...(tree as unknown[])]) as unknown as UserInfo['menus'];
      userInfoJson(info(shared));
      expect(JSON.parse(userInfoJson(info(shared, '另一位'))).nickname).toBe('另一位');
      expect(parse).toHaveBeenCalledTimes(1);
    } finally {
      parse.mockRestore();
    }
  });

  it("checks the caller's own fields on every answer", () => {
    expect(() => userInfoJson({ ...info(tree), nickname: 42 as unknown as string })).toThrow();
  });
});

describe('the user info route', () => {
  let t: TestApp;
  blockApp('pglite', (app) => (t = app));

  it('keeps its full response schema, menus included, in the OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/webapi/api.json' })).json();
    const answer = document.paths['/v1/pms/user'].get.responses['200'].content['application/json'].schema;
    expect(answer.properties).toHaveProperty('menus');
    expect(answer.properties).toHaveProperty('company');
  });
});
