import '../test-support.js';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SYSTEM_PATHS } from '@vap/contracts';
import { callsTo, type RecordedCall, type RenderPageOptions, refusal, wheresOf } from '@vap/kernel/testing';
import { choose, findRow, renderConsolePage } from '@vap/ui/testing';
import { describe, expect, it } from 'vitest';
import plugin from '../index.js';
import en from '../locales/en.json';
import zhTW from '../locales/zh-TW.json';
import { companyUser, role, rolesAnswer, rowAction, rowActionNames } from '../test-support.js';

const ops = role({
  id: 2,
  name: 'Ops',
  menus: { dashboard: [], system: [], system_user: ['add', 'role', 'delete'] },
});
const viewer = role({ id: 3, name: 'Viewer', is_default: true });
const finance = role({ id: 4, name: 'Finance', menus: { dashboard: [], recharge: [] } });
const people = [
  companyUser({ id: 10, nickname: '老板', role_id: 0, role_name: '', phone: '13800138000' }),
  // The signed-in editor of the test kernel is user 1.
  companyUser({ id: 1, nickname: '我', role_id: 2, role_name: 'Ops' }),
  companyUser({ id: 5, nickname: '运维', role_id: 2, role_name: 'Ops' }),
  companyUser({ id: 6, nickname: '访客', role_id: 3, role_name: 'Viewer' }),
  companyUser({ id: 7, nickname: '财务', role_id: 4, role_name: 'Finance' }),
];
const listCalls = (calls: RecordedCall[]) => callsTo(calls, 'GET', SYSTEM_PATHS.users);

async function renderUsers(options: RenderPageOptions = {}) {
  return renderConsolePage(
    plugin,
    'system_user',
    {
      ...rolesAnswer([ops, viewer, finance]),
      [`GET ${SYSTEM_PATHS.users}`]: { body: { items: people, total: people.length } },
      [`GET ${SYSTEM_PATHS.children}`]: { body: { items: [], total: 0 } },
    },
    options,
  );
}

const rowOf = (name: string, tableName = en.users.title) => findRow(tableName, name);

/** Operator 5 holds the Ops role with every button of the page. */
const asOps = { roleId: 2, buttons: ['add', 'edit', 'role', 'delete'] };

describe('system_user (spec §6, §7.2 /users)', () => {
  it('lists the users with their roles; the owner shows as the super administrator', async () => {
    await renderUsers();
    expect(await screen.findByRole('heading', { name: en.users.title })).toBeTruthy();
    expect(within(await rowOf('老板')).getByText(en.role.superAdmin)).toBeTruthy();
    expect(within(await rowOf('运维')).getByText('Ops')).toBeTruthy();
  });

  it('filters by phone, nickname and role through wheres', async () => {
    const { api } = await renderUsers();
    await rowOf('运维');
    await userEvent.type(screen.getByRole('searchbox', { name: en.users.phone }), '138x00');
    await userEvent.type(screen.getByRole('searchbox', { name: en.users.nickname }), ' 运维 ');
    await choose(document.body, en.users.role, 'Viewer');
    const filters = screen.getByRole('form', { name: en.users.filters });
    await userEvent.click(within(filters).getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(wheresOf(listCalls(api.calls).at(-1) as RecordedCall)).toEqual([
        { k: 'phone', o: 'like', v: '13800' },
        { k: 'nickname', o: 'like', v: '运维' },
        { k: 'role_id', o: '=', v: 3 },
      ]),
    );
    await userEvent.click(within(filters).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(wheresOf(listCalls(api.calls).at(-1) as RecordedCall)).toEqual([]));
  });

  it("adds a user with the password as an md5 digest, trimmed fields and a role no wider than the editor's", async () => {
    const { api } = await renderUsers({
      ...asOps,
      answers: { [`POST ${SYSTEM_PATHS.users}`]: { body: { id: 9 } } },
    });
    await userEvent.click(await screen.findByRole('button', { name: en.users.add }));
    const dialog = await screen.findByRole('dialog', { name: en.users.addTitle });
    await userEvent.click(within(dialog).getByRole('combobox', { name: en.users.role }));
    const offered = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(offered).toEqual(['Ops', 'Viewer']);
    await userEvent.click(screen.getByRole('option', { name: 'Viewer' }));
    await userEvent.type(within(dialog).getByLabelText(en.users.phone), ' 13800138009 ');
    await userEvent.type(within(dialog).getByLabelText(en.users.password), 'secret1');
    await userEvent.type(within(dialog).getByLabelText(en.users.nickname), '张三');
    await userEvent.type(within(dialog).getByLabelText(en.users.email), ' zs@vap-demo.com ');
    await userEvent.click(within(dialog).getByRole('button', { name: en.common.save }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
        phone: '13800138009',
        // md5('secret1')
        password: 'e52d98c459819a11775936d8dfbb7929',
        nickname: '张三',
        email: 'zs@vap-demo.com',
        remark: '',
        role_id: 3,
      }),
    );
    expect(await screen.findByText(en.users.created)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers the default role first in the add-user form', async () => {
    await renderUsers(asOps);
    await userEvent.click(await screen.findByRole('button', { name: en.users.add }));
    const dialog = await screen.findByRole('dialog', { name: en.users.addTitle });
    expect(within(dialog).getByRole('combobox', { name: en.users.role }).textContent).toContain('Viewer');
  });

  it('checks the form before sending: phone, password length, nickname and role', async () => {
    // No default role to preselect here.
    const { api } = await renderUsers({ answers: rolesAnswer([ops, finance]) });
    await userEvent.click(await screen.findByRole('button', { name: en.users.add }));
    const dialog = await screen.findByRole('dialog', { name: en.users.addTitle });
    await userEvent.type(within(dialog).getByLabelText(en.users.phone), '1234');
    await userEvent.type(within(dialog).getByLabelText(en.users.password), '12345');
    await userEvent.type(within(dialog).getByLabelText(en.users.nickname), 'Tom');
    await userEvent.click(within(dialog).getByRole('button', { name: en.common.save }));
    expect(await within(dialog).findByText('Enter a valid mainland phone number')).toBeTruthy();
    expect(within(dialog).getByText('The password must be at least 6 characters')).toBeTruthy();
    expect(within(dialog).getByText('The nickname is 2 to 10 Chinese characters')).toBeTruthy();
    expect(within(dialog).getByText('Choose a role')).toBeTruthy();
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('keeps the form open with what was typed when the server refuses', async () => {
    await renderUsers({
      answers: {
        [`POST ${SYSTEM_PATHS.users}`]: refusal(409, {
          code: 'phone_registered',
          message: 'This phone number is already registered',
        }),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: en.users.add }));
    const dialog = await screen.findByRole('dialog', { name: en.users.addTitle });
    await userEvent.type(within(dialog).getByLabelText(en.users.phone), '13800138001');
    await userEvent.type(within(dialog).getByLabelText(en.users.password), 'secret1');
    await userEvent.type(within(dialog).getByLabelText(en.users.nickname), '张三');
    await choose(dialog, en.users.role, 'Viewer');
    await userEvent.click(within(dialog).getByRole('button', { name: en.common.save }));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: en.common.save })).toHaveProperty('disabled', false),
    );
    expect(screen.getByRole('dialog', { name: en.users.addTitle })).toBeTruthy();
    expect((within(dialog).getByLabelText(en.users.phone) as HTMLInputElement).value).toBe('13800138001');
  });

  it('offers row actions only on accounts the editor may act on (§6)', async () => {
    await renderUsers({ ...asOps, answers: {} });
    expect(within(await rowOf('我')).queryByRole('button')).toBeNull();
    expect(within(await rowOf('老板')).queryByRole('button')).toBeNull();
    expect(within(await rowOf('财务')).queryByRole('button')).toBeNull();
    expect(await rowActionNames(await rowOf('访客'))).toContain(en.users.changeRole);
    expect(await rowActionNames(await rowOf('运维'))).toContain(en.users.remove);
  });

  it("hides what the role's buttons do not allow, and reads the roles through the users page's call", async () => {
    const { api } = await renderUsers({ roleId: 2, buttons: ['role'] });
    await rowOf('访客');
    expect(screen.queryByRole('button', { name: en.users.add })).toBeNull();
    expect(await rowActionNames(await rowOf('访客'))).toEqual([en.users.changeRole]);
    const paths = api.calls.map((call) => call.path);
    expect(paths).toContain(SYSTEM_PATHS.userRoleOptions);
    expect(paths).not.toContain(SYSTEM_PATHS.roles);
  });

  it("edits a user's nickname, email and remark; the phone stays", async () => {
    const { api } = await renderUsers({
      ...asOps,
      answers: { [`PUT ${SYSTEM_PATHS.user(6)}`]: { status: 204 } },
    });
    await userEvent.click(within(await rowOf('访客')).getByRole('button', { name: en.users.edit }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit 访客' });
    expect((within(dialog).getByLabelText(en.users.phone) as HTMLInputElement).readOnly).toBe(true);
    const nickname = within(dialog).getByLabelText(en.users.nickname);
    await userEvent.clear(nickname);
    await userEvent.type(nickname, ' 访客甲 ');
    await userEvent.type(within(dialog).getByLabelText(en.users.remark), '外包');
    await userEvent.click(within(dialog).getByRole('button', { name: en.common.save }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'PUT')).toMatchObject({
        path: SYSTEM_PATHS.user(6),
        body: { nickname: '访客甲', email: '', remark: '外包' },
      }),
    );
    expect(await screen.findByText('访客甲 was saved')).toBeTruthy();
  });

  it('changes a role to one the editor may give', async () => {
    const { api } = await renderUsers({
      ...asOps,
      answers: { [`PUT ${SYSTEM_PATHS.userRole(6)}`]: { status: 204 } },
    });
    await userEvent.click(within(await rowOf('访客')).getByRole('button', { name: en.users.changeRole }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the role of 访客' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: en.users.role }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Ops',
      'Viewer',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Ops' }));
    await userEvent.click(within(dialog).getByRole('button', { name: en.common.save }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'PUT')).toMatchObject({
        path: SYSTEM_PATHS.userRole(6),
        body: { role_id: 2 },
      }),
    );
    expect(await screen.findByText('访客 has a new role')).toBeTruthy();
  });

  it('removing asks first; cancelling changes nothing, confirming detaches the account', async () => {
    const { api } = await renderUsers({
      ...asOps,
      answers: { [`DELETE ${SYSTEM_PATHS.user(6)}`]: { status: 204 } },
    });
    const deletes = () => api.calls.filter((call) => call.method === 'DELETE');
    await userEvent.click(await rowAction(await rowOf('访客'), en.users.remove));
    let question = await screen.findByRole('alertdialog', { name: 'Remove 访客 from the company?' });
    expect(within(question).getByText(en.users.removeContent)).toBeTruthy();
    await userEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(deletes()).toEqual([]);
    await userEvent.click(await rowAction(await rowOf('访客'), en.users.remove));
    question = await screen.findByRole('alertdialog', { name: 'Remove 访客 from the company?' });
    await userEvent.click(within(question).getByRole('button', { name: en.users.remove }));
    await waitFor(() => expect(deletes().map((call) => call.path)).toEqual([SYSTEM_PATHS.user(6)]));
    expect(await screen.findByText('访客 was removed from the company')).toBeTruthy();
  });

  it('lists the downstream companies below, searched by name, with their verification status', async () => {
    const { api } = await renderUsers({
      answers: {
        [`GET ${SYSTEM_PATHS.children}`]: {
          body: {
            items: [
              {
                id: 31,
                name: '下游甲科技有限公司',
                title: '',
                verify_status: 2,
                users: 4,
                created_at: '2026-05-01T00:00:00.000Z',
              },
            ],
            total: 1,
          },
        },
      },
    });
    const table = await screen.findByRole('table', { name: en.children.title });
    const row = (await within(table).findByText('下游甲科技有限公司')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Verified')).toBeTruthy();
    expect(within(row).getByText('4')).toBeTruthy();
    await userEvent.type(screen.getByRole('searchbox', { name: en.children.name }), ' 下游 {Enter}');
    await waitFor(() =>
      expect(
        wheresOf(api.calls.filter((call) => call.path === SYSTEM_PATHS.children).at(-1) as RecordedCall),
      ).toEqual([{ k: 'name', o: 'like', v: '下游' }]),
    );
  });

  it('speaks the language the user chose', async () => {
    await renderUsers({ language: 'zh-TW' });
    expect(await screen.findByRole('heading', { name: zhTW.users.title })).toBeTruthy();
    expect(within(await rowOf('老板', zhTW.users.title)).getByText(zhTW.role.superAdmin)).toBeTruthy();
  });
});
