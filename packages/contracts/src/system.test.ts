import { describe, expect, it } from 'vitest';
import {
  createUserBodySchema,
  createUserFormSchema,
  type Grant,
  grantWithin,
  isReduction,
  roleBodySchema,
  roleFormSchema,
} from './system.js';

const grant = (menus: Grant['menus'], all = false, groups: number[] = []): Grant => ({
  menus,
  is_access_all_group: all,
  group_ids: groups,
});

describe('permission arithmetic (spec §6)', () => {
  it('a grant is within another when its menus, buttons and groups are', () => {
    const mine = grant({ dashboard: [], system_user: ['add', 'role'] }, false, [1, 2]);
    expect(grantWithin(grant({ system_user: ['add'] }, false, [2]), mine)).toBe(true);
    expect(grantWithin(grant({ system_user: ['delete'] }), mine)).toBe(false);
    expect(grantWithin(grant({ recharge: [] }), mine)).toBe(false);
    expect(grantWithin(grant({ dashboard: [] }, true), mine)).toBe(false);
    expect(grantWithin(grant({ dashboard: [] }, false, [3]), mine)).toBe(false);
    expect(grantWithin(grant({ dashboard: [] }, false, [3]), grant({ dashboard: [] }, true))).toBe(true);
    expect(grantWithin('all', mine)).toBe(false);
    expect(grantWithin(mine, 'all')).toBe(true);
  });

  it('a reduction removes a menu or button, loses all-group access or drops group ids', () => {
    const before = grant({ dashboard: [], system_user: ['add'] }, false, [1, 2]);
    expect(isReduction(before, grant({ dashboard: [] }, false, [1, 2]))).toBe(true);
    expect(isReduction(before, grant({ dashboard: [], system_user: [] }, false, [1, 2]))).toBe(true);
    expect(isReduction(before, grant({ dashboard: [], system_user: ['add'] }, false, [1]))).toBe(true);
    expect(isReduction(grant({ dashboard: [] }, true), grant({ dashboard: [] }, false, [1]))).toBe(true);
    expect(isReduction(before, grant({ dashboard: [], system_user: ['add', 'role'] }, true))).toBe(false);
  });
});

describe('system payloads (spec §5.2, §5.5)', () => {
  it('the new-user call trims phone, nickname, email and remark', () => {
    expect(
      createUserBodySchema.parse({
        phone: ' 13912345678 ',
        password: 'E10ADC3949BA59ABBE56E057F20F883E',
        nickname: ' 张三 ',
        email: ' a@b.cn ',
        remark: ' x ',
        role_id: 3,
      }),
    ).toEqual({
      phone: '13912345678',
      password: 'e10adc3949ba59abbe56e057f20f883e',
      nickname: '张三',
      email: 'a@b.cn',
      remark: 'x',
      role_id: 3,
    });
  });

  it('a role has a name of at most 200 characters and at least one menu', () => {
    expect(roleBodySchema.safeParse({ name: 'r', menus: { dashboard: [] } }).success).toBe(true);
    expect(roleBodySchema.safeParse({ name: 'r'.repeat(201), menus: { dashboard: [] } }).success).toBe(false);
    expect(roleBodySchema.safeParse({ name: 'r', menus: {} }).success).toBe(false);
  });
});

describe('the forms of the system area (spec §5.5)', () => {
  it('the add-user form takes the password as typed, at least 6 characters, and needs a role', () => {
    const base = { phone: '13800138009', password: 'secret1', nickname: '张三', role_id: 3 };
    expect(createUserFormSchema.parse(base).password).toBe('secret1');
    const short = createUserFormSchema.safeParse({ ...base, password: '12345' });
    expect(short.error?.issues[0]?.message).toBe('validation.passwordTip');
    const noRole = createUserFormSchema.safeParse({ ...base, role_id: undefined });
    expect(noRole.error?.issues[0]?.message).toBe('validation.roleRequired');
  });

  it('the role form takes the chosen group ids as numbers, as the body does', () => {
    const role = { name: 'Ops', menus: { dashboard: [] }, is_access_all_group: false };
    expect(roleFormSchema.parse({ ...role, group_ids: [3, 1] }).group_ids).toEqual([3, 1]);
    expect(roleFormSchema.parse(role).group_ids).toEqual([]);
    for (const bad of ['3, 1', [0], [1.5]]) {
      expect(roleFormSchema.safeParse({ ...role, group_ids: bad }).success, String(bad)).toBe(false);
    }
  });
});
