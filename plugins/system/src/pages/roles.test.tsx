import '../test-support.js';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEVICE_PATHS, type DeviceGroup, SYSTEM_PATHS } from '@vap/contracts';
import { type Answers, type RecordedCall, type RenderPageOptions, refusal } from '@vap/kernel/testing';
import { findRow, renderConsolePage } from '@vap/ui/testing';
import { describe, expect, it } from 'vitest';
import plugin from '../index.js';
import en from '../locales/en.json';
import zhTW from '../locales/zh-TW.json';
import { menuItem, role, rolesAnswer } from '../test-support.js';
import { pageOfRoles } from './roles.js';

// The editor's menu besides the page itself (dir "test" > system_role with buttons add, edit, delete).
const extraMenus = [
  menuItem(10, 0, 'dashboard', 'page'),
  menuItem(80, 0, 'system', 'dir', [
    menuItem(801, 80, 'system_user', 'page', [
      menuItem(8011, 801, 'add', 'btn'),
      menuItem(8014, 801, 'role', 'btn'),
    ]),
  ]),
];
const ops = role({
  id: 2,
  name: 'Ops',
  users: 3,
  menus: { dashboard: [], system: [], system_user: ['add', 'role'] },
  is_access_all_group: true,
});
// Group 7 was deleted: the role still names it.
const viewer = role({ id: 3, name: 'Viewer', users: 0, group_ids: [4, 7] });
const finance = role({ id: 4, name: 'Finance', users: 1, menus: { finance: [], recharge: ['recharge'] } });
const starter = role({ id: 5, name: '默认角色', users: 2, is_default: true });

const group = (id: number, name: string): DeviceGroup => ({
  id,
  name,
  max_devices: 100,
  devices: 3,
  created_at: '2026-02-01T08:00:00.000Z',
});
// As the server answers a caller who sees every group: with the ungrouped count.
const groupsAnswer = {
  [`GET ${DEVICE_PATHS.groups}`]: {
    body: { items: [group(4, '一号楼'), group(5, '地下停车场'), group(2, '仓库')], ungrouped: 6 },
  },
};

async function renderRoles(options: RenderPageOptions = {}, answers: Answers = {}) {
  return renderConsolePage(
    plugin,
    'system_role',
    { ...rolesAnswer([ops, viewer, finance, starter]), ...groupsAnswer, ...answers },
    { extraMenus, ...options },
  );
}

const rowOf = (name: string, tableName = en.roles.title) => findRow(tableName, name);
const item = (name: string) => screen.getByRole('treeitem', { name });
const groupBox = (dialog: HTMLElement, name: string) => within(dialog).findByRole('checkbox', { name });

async function openAdd() {
  await userEvent.click(await screen.findByRole('button', { name: en.roles.add }));
  const dialog = await screen.findByRole('dialog', { name: en.roles.addTitle });
  await userEvent.type(within(dialog).getByLabelText(en.roles.name), 'Helpdesk');
  await userEvent.click(within(dialog).getByText('Dashboard'));
  return dialog;
}
const writes = (calls: RecordedCall[]) => calls.filter((call) => call.method !== 'GET');

describe('system_role (spec §3 role, §5.5, §6)', () => {
  it('lists the roles with how many users hold them and the groups they see, by name', async () => {
    await renderRoles();
    expect(await screen.findByRole('heading', { name: en.roles.title })).toBeTruthy();
    expect(screen.getByText(en.roles.superAdminNote)).toBeTruthy();
    expect(within(await rowOf('Ops')).getByText(en.roles.allGroupsShort)).toBeTruthy();
    expect(within(await rowOf('Ops')).getByText('3')).toBeTruthy();
    expect(await within(await rowOf('Viewer')).findByText('一号楼, group #7 (deleted)')).toBeTruthy();
    expect(within(await rowOf('Finance')).getByText(en.roles.noGroups)).toBeTruthy();
  });

  it('shows the group ids when the groups cannot be read, without announcing it', async () => {
    await renderRoles(
      {},
      { [`GET ${DEVICE_PATHS.groups}`]: refusal(403, { code: 'forbidden', message: 'Forbidden' }) },
    );
    expect(within(await rowOf('Viewer')).getByText('4, 7')).toBeTruthy();
    expect(screen.queryByText('Forbidden')).toBeNull();
  });

  it("reads the role list once: the table's answer also decides what the editor may do", async () => {
    const { api } = await renderRoles({ roleId: 2, buttons: ['edit'] });
    expect(within(await rowOf('Viewer')).getByRole('button', { name: en.roles.edit })).toBeTruthy();
    expect(api.calls.filter((call) => call.path === SYSTEM_PATHS.roles)).toHaveLength(1);
  });

  it('pages and sorts the unpaged role list in the console', () => {
    const roles = [ops, viewer, finance];
    expect(pageOfRoles(roles, { page: 1, size: 2, orders: [] }).items.map((r) => r.name)).toEqual([
      'Ops',
      'Viewer',
    ]);
    expect(pageOfRoles(roles, { page: 2, size: 2, orders: [] })).toEqual({ items: [finance], total: 3 });
    expect(pageOfRoles(roles, { page: 1, size: 10, orders: [{ k: 'users', o: 'desc' }] }).items[0]).toBe(ops);
    expect(pageOfRoles(roles, { page: 1, size: 10, orders: [{ k: 'name', o: 'asc' }] }).items[0]).toBe(
      finance,
    );
  });

  it("creates a role from the editor's own menu: checked buttons grant their pages, ancestors kept", async () => {
    const { api } = await renderRoles({}, { [`POST ${SYSTEM_PATHS.roles}`]: { body: { id: 9 } } });
    await userEvent.click(await screen.findByRole('button', { name: en.roles.add }));
    const dialog = await screen.findByRole('dialog', { name: en.roles.addTitle });
    expect(within(dialog).queryByRole('treeitem', { name: 'Billing' })).toBeNull();
    await userEvent.type(within(dialog).getByLabelText(en.roles.name), '  Helpdesk ');
    await userEvent.click(within(item('Users')).getByText('Add'));
    await userEvent.click(within(dialog).getByText('Dashboard'));
    expect(item('Users').getAttribute('aria-checked')).toBe('mixed');
    expect(within(dialog).getByRole('group', { name: en.roles.chooseGroups })).toBeTruthy();
    await userEvent.click(await groupBox(dialog, '地下停车场'));
    await userEvent.click(await groupBox(dialog, '仓库'));
    await userEvent.click(within(dialog).getByRole('button', { name: en.common.save }));
    await waitFor(() =>
      expect(writes(api.calls)[0]?.body).toEqual({
        name: 'Helpdesk',
        menus: { dashboard: [], system: [], system_user: ['add'] },
        is_access_all_group: false,
        group_ids: [5, 2],
      }),
    );
    expect(await screen.findByText('Role Helpdesk created')).toBeTruthy();
  });

  it('"all groups" disables the picker and sends no group ids; turned off, the choice is back', async () => {
    const { api } = await renderRoles({}, { [`POST ${SYSTEM_PATHS.roles}`]: { body: { id: 9 } } });
    const dialog = await openAdd();
    await userEvent.click(await groupBox(dialog, '一号楼'));
    const all = within(dialog).getByRole('switch', { name: en.roles.allGroups });
    await userEvent.click(all);
    for (const box of within(dialog).getAllByRole('checkbox')) expect(box).toHaveProperty('disabled', true);
    expect(within(dialog).getByText(en.groups.allChosen)).toBeTruthy();
    await userEvent.click(all);
    expect((await groupBox(dialog, '一号楼')).getAttribute('aria-checked')).toBe('true');
    await userEvent.click(all);
    await userEvent.click(within(dialog).getByRole('button', { name: en.common.save }));
    await waitFor(() =>
      expect(writes(api.calls)[0]?.body).toMatchObject({ is_access_all_group: true, group_ids: [] }),
    );
  });

  it('says when the company has no groups yet, and where they are made', async () => {
    await renderRoles({}, { [`GET ${DEVICE_PATHS.groups}`]: { body: { items: [], ungrouped: 0 } } });
    const dialog = await openAdd();
    expect(await within(dialog).findByText(en.groups.none)).toBeTruthy();
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
  });

  it('a caller who may not see device groups (403) is told so and may still save', async () => {
    const { api } = await renderRoles(
      {},
      {
        [`GET ${DEVICE_PATHS.groups}`]: refusal(403, { code: 'forbidden', message: 'Forbidden' }),
        [`POST ${SYSTEM_PATHS.roles}`]: { body: { id: 9 } },
      },
    );
    const dialog = await openAdd();
    expect(await within(dialog).findByText(en.groups.forbidden)).toBeTruthy();
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    expect(screen.queryByText('Forbidden')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: en.common.save }));
    await waitFor(() =>
      expect(writes(api.calls)[0]?.body).toMatchObject({ is_access_all_group: false, group_ids: [] }),
    );
    expect(await screen.findByText('Role Helpdesk created')).toBeTruthy();
  });

  it("another failure shows the server's message and loads again on request", async () => {
    const { api } = await renderRoles(
      {},
      {
        [`GET ${DEVICE_PATHS.groups}`]: refusal(500, { code: 'internal', message: 'Database asleep' }),
      },
    );
    const dialog = await openAdd();
    expect(
      await within(dialog).findByText('The device groups could not be loaded: Database asleep'),
    ).toBeTruthy();
    Object.assign(api.answers, groupsAnswer);
    await userEvent.click(within(dialog).getByRole('button', { name: en.groups.retry }));
    expect(await groupBox(dialog, '仓库')).toBeTruthy();
    expect(within(dialog).queryByText(/could not be loaded/)).toBeNull();
  });

  it('a deleted group the role still names is shown as such and can be removed', async () => {
    const { api } = await renderRoles(
      {},
      { [`PUT ${SYSTEM_PATHS.role(3)}`]: { body: { reduction: false, affected_users: 0, applied: true } } },
    );
    await userEvent.click(within(await rowOf('Viewer')).getByRole('button', { name: en.roles.edit }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the role Viewer' });
    expect((await groupBox(dialog, '一号楼')).getAttribute('aria-checked')).toBe('true');
    expect((await groupBox(dialog, '仓库')).getAttribute('aria-checked')).toBe('false');
    const deleted = await groupBox(dialog, 'group #7 (deleted)');
    expect(deleted.getAttribute('aria-checked')).toBe('true');
    expect(within(dialog).getByText(en.groups.deletedChosen)).toBeTruthy();
    await userEvent.click(deleted);
    expect(deleted.getAttribute('aria-checked')).toBe('false');
    expect(within(dialog).queryByText(en.groups.deletedChosen)).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: en.common.save }));
    await waitFor(() => expect(writes(api.calls)).toHaveLength(2));
    expect(writes(api.calls)[1]?.body).toMatchObject({ is_access_all_group: false, group_ids: [4] });
  });

  it('needs a name and at least one menu', async () => {
    const { api } = await renderRoles();
    await userEvent.click(await screen.findByRole('button', { name: en.roles.add }));
    const dialog = await screen.findByRole('dialog', { name: en.roles.addTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: en.common.save }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    expect(within(dialog).getByText('Choose at least one menu')).toBeTruthy();
    expect(writes(api.calls)).toEqual([]);
  });

  it('a narrowing change asks first, naming how many users it affects; cancelling applies nothing', async () => {
    const { api } = await renderRoles(
      {},
      {
        [`PUT ${SYSTEM_PATHS.role(2)}`]: (call) => ({
          body: {
            reduction: true,
            affected_users: 3,
            applied: call.query.get('dry_run') !== 'true',
          },
        }),
      },
    );
    await userEvent.click(within(await rowOf('Ops')).getByRole('button', { name: en.roles.edit }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the role Ops' });
    expect(item('Assign role').getAttribute('aria-checked')).toBe('true');
    expect(
      within(dialog).getByRole('switch', { name: en.roles.allGroups }).getAttribute('aria-checked'),
    ).toBe('true');
    await userEvent.click(within(dialog).getByText('Assign role'));
    await userEvent.click(within(dialog).getByRole('button', { name: en.common.save }));
    let question = await screen.findByRole('alertdialog', { name: en.roles.reductionTitle });
    expect(
      within(question).getByText(
        'This removes rights from 3 users. They see the reduced menu on their next request.',
      ),
    ).toBeTruthy();
    await userEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(writes(api.calls).map((call) => call.query.get('dry_run'))).toEqual(['true']);

    await userEvent.click(within(dialog).getByRole('button', { name: en.common.save }));
    question = await screen.findByRole('alertdialog', { name: en.roles.reductionTitle });
    await userEvent.click(within(question).getByRole('button', { name: en.roles.reductionOk }));
    await waitFor(() => expect(writes(api.calls)).toHaveLength(3));
    const applied = writes(api.calls)[2] as RecordedCall;
    expect(applied.query.get('dry_run')).toBeNull();
    expect(applied.body).toEqual({
      name: 'Ops',
      menus: { dashboard: [], system: [], system_user: ['add'] },
      is_access_all_group: true,
      group_ids: [],
    });
    expect(await screen.findByText('Role Ops saved')).toBeTruthy();
  });

  it('a change that narrows nothing saves without asking', async () => {
    const { api } = await renderRoles(
      {},
      { [`PUT ${SYSTEM_PATHS.role(3)}`]: { body: { reduction: false, affected_users: 0, applied: true } } },
    );
    await userEvent.click(within(await rowOf('Viewer')).getByRole('button', { name: en.roles.edit }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the role Viewer' });
    await userEvent.click(within(dialog).getByRole('switch', { name: en.roles.allGroups }));
    await userEvent.click(within(dialog).getByRole('button', { name: en.common.save }));
    await waitFor(() => expect(writes(api.calls)).toHaveLength(2));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(await screen.findByText('Role Viewer saved')).toBeTruthy();
  });

  it('a role in use is not deleted: the console says how many hold it', async () => {
    const { api } = await renderRoles(
      {},
      {
        [`DELETE ${SYSTEM_PATHS.role(4)}`]: { body: { reduction: true, affected_users: 1, applied: false } },
      },
    );
    await userEvent.click(within(await rowOf('Finance')).getByRole('button', { name: en.roles.delete }));
    const notice = await screen.findByRole('alertdialog', { name: 'The role Finance is in use' });
    expect(within(notice).getByText('1 user holds it. Give them another role first.')).toBeTruthy();
    expect(writes(api.calls).map((call) => call.query.get('dry_run'))).toEqual(['true']);
  });

  it('deleting an unused role asks first, then deletes it', async () => {
    const { api } = await renderRoles(
      {},
      {
        [`DELETE ${SYSTEM_PATHS.role(3)}`]: (call) => ({
          body: { reduction: true, affected_users: 0, applied: call.query.get('dry_run') !== 'true' },
        }),
      },
    );
    await userEvent.click(within(await rowOf('Viewer')).getByRole('button', { name: en.roles.delete }));
    const question = await screen.findByRole('alertdialog', { name: 'Delete the role Viewer?' });
    await userEvent.click(within(question).getByRole('button', { name: en.roles.delete }));
    await waitFor(() => expect(writes(api.calls)).toHaveLength(2));
    expect((writes(api.calls)[1] as RecordedCall).query.get('dry_run')).toBeNull();
    expect(await screen.findByText('Role Viewer deleted')).toBeTruthy();
  });

  it('the default role is marked and cannot be deleted, only edited', async () => {
    await renderRoles();
    const row = await rowOf('默认角色');
    expect(within(row).getByText(en.roles.default)).toBeTruthy();
    expect(within(row).getByRole('button', { name: en.roles.edit })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: en.roles.delete })).toBeNull();
  });

  it('nobody edits their own role or a wider one, and buttons follow the role', async () => {
    await renderRoles({ roleId: 2, buttons: ['edit'] });
    expect(within(await rowOf('Ops')).queryByRole('button')).toBeNull();
    expect(within(await rowOf('Finance')).queryByRole('button')).toBeNull();
    expect(within(await rowOf('Viewer')).getByRole('button', { name: en.roles.edit })).toBeTruthy();
    expect(within(await rowOf('Viewer')).queryByRole('button', { name: en.roles.delete })).toBeNull();
    expect(screen.queryByRole('button', { name: en.roles.add })).toBeNull();
  });

  it('speaks the language the user chose', async () => {
    await renderRoles({ language: 'zh-TW' });
    expect(await screen.findByRole('heading', { name: zhTW.roles.title })).toBeTruthy();
    expect(within(await rowOf('Ops', zhTW.roles.title)).getByText(zhTW.roles.allGroupsShort)).toBeTruthy();
    expect(
      await within(await rowOf('Viewer', zhTW.roles.title)).findByText('一号楼, 分組 #7（已刪除）'),
    ).toBeTruthy();
  });
});
