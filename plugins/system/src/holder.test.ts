import { describe, expect, it } from 'vitest';
import { assignableRoles, canActOnRole, canActOnUser, holderOf } from './holder.js';
import { companyUser, role } from './test-support.js';

const ops = role({
  id: 2,
  name: 'Ops',
  menus: { dashboard: [], system_user: ['add', 'role'] },
  group_ids: [1, 2],
});
const viewer = role({ id: 3, name: 'Viewer', menus: { dashboard: [] }, group_ids: [1] });
const finance = role({ id: 4, name: 'Finance', menus: { dashboard: [], recharge: [] } });
const roles = [ops, viewer, finance];

describe('what an editor may do in the system area (spec §6)', () => {
  it('the owner holds everything; another user holds their role', () => {
    expect(holderOf({ id: 1, role_id: 0 }, roles)).toBe('all');
    expect(holderOf({ id: 5, role_id: 2 }, roles)).toBe(ops);
  });

  it('an editor whose role is unknown holds nothing', () => {
    expect(assignableRoles(holderOf({ id: 5, role_id: 99 }, roles), roles)).toEqual([]);
  });

  it('nobody gives a role wider than their own', () => {
    expect(assignableRoles(ops, roles)).toEqual([ops, viewer]);
    expect(assignableRoles('all', roles)).toEqual(roles);
  });

  it('nobody acts on themselves, the super administrator, or an account with more rights', () => {
    const editor = { id: 5, role_id: 2 };
    expect(canActOnUser(editor, ops, companyUser({ id: 5, nickname: '我', role_id: 2 }), roles)).toBe(false);
    expect(
      canActOnUser(editor, ops, companyUser({ id: 1, nickname: '老板', role_id: 0, role_name: '' }), roles),
    ).toBe(false);
    expect(canActOnUser(editor, ops, companyUser({ id: 7, nickname: '财务', role_id: 4 }), roles)).toBe(
      false,
    );
    expect(canActOnUser(editor, ops, companyUser({ id: 8, nickname: '访客', role_id: 3 }), roles)).toBe(true);
    expect(canActOnUser(editor, ops, companyUser({ id: 9, nickname: '同事', role_id: 2 }), roles)).toBe(true);
  });

  it('nobody edits their own role or a wider one; the owner edits every role', () => {
    const editor = { id: 5, role_id: 2 };
    expect(canActOnRole(editor, ops, ops)).toBe(false);
    expect(canActOnRole(editor, ops, finance)).toBe(false);
    expect(canActOnRole(editor, ops, viewer)).toBe(true);
    expect(roles.every((candidate) => canActOnRole({ id: 1, role_id: 0 }, 'all', candidate))).toBe(true);
  });
});
