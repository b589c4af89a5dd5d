import { describe, expect, it } from 'vitest';
import { createUserBodySchema, type Grant, grantWithin, isReduction, roleBodySchema } from './system.js';

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
