import '../test-support.js';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCESS_KEY_PATHS, type AccessKey, DEVICE_PATHS, type OpenOperation } from '@vap/contracts';
import { pluginManifest } from '@vap/kernel';
import {
  callsTo,
  createTestKernel,
  type RecordedCall,
  type RenderPageOptions,
  refusal,
  testUser,
} from '@vap/kernel/testing';
import { findRow, renderConsolePage } from '@vap/ui/testing';
import { describe, expect, it } from 'vitest';
import plugin from '../index.js';
import { pageLocally } from '../local-list.js';
import en from '../locales/en.json';
import zhTW from '../locales/zh-TW.json';
import { menuItem } from '../test-support.js';

const accessKey = (partial: Partial<AccessKey> & Pick<AccessKey, 'id'>): AccessKey => ({
  created_at: '2026-03-01T08:00:00.000Z',
  expires_at: '2036-03-01T08:00:00.000Z',
  bandwidth_mbps: 2.5,
  is_access_all_group: false,
  group_ids: [],
  operations: ['GET /v1/pms/company/users'],
  disabled: false,
  last_used_at: null,
  ...partial,
});

const reporting = accessKey({
  id: 'Rep0rtingKey0001',
  bandwidth_mbps: 0.75,
  is_access_all_group: true,
  operations: ['GET /v1/pms/company/users', 'GET /v1/pms/company/roles'],
  last_used_at: '2026-03-05T10:00:00.000Z',
});
// Group 7 was deleted after the key was made.
const paused = accessKey({ id: 'PausedKey0000002', group_ids: [4, 7], disabled: true });

const group = (id: number, name: string) => ({
  id,
  name,
  max_devices: 100,
  devices: 3,
  created_at: '2026-02-01T08:00:00.000Z',
});
const groups = { items: [group(4, '一号楼'), group(5, '地下停车场'), group(2, '仓库')], ungrouped: 6 };

const operations: OpenOperation[] = [
  {
    id: 'GET /v1/pms/company/users',
    method: 'GET',
    path: '/v1/pms/company/users',
    summary: "The company's users",
    tags: ['system'],
  },
  {
    id: 'GET /v1/pms/company/roles',
    method: 'GET',
    path: '/v1/pms/company/roles',
    summary: "The company's roles",
    tags: ['system'],
  },
  { id: 'listDevices', method: 'GET', path: '/v1/devices', summary: '', tags: [] },
];

const created = {
  ...accessKey({ id: 'NewKey0000000003', group_ids: [5, 2] }),
  secret: 'S3cretS3cretS3cretS3cretS3cret32',
};

async function renderKeys(options: RenderPageOptions = {}) {
  return renderConsolePage(
    plugin,
    'accesskey',
    {
      [`GET ${ACCESS_KEY_PATHS.keys}`]: { body: { items: [reporting, paused] } },
      [`GET ${ACCESS_KEY_PATHS.operations}`]: { body: { items: operations } },
      [`POST ${ACCESS_KEY_PATHS.keys}`]: { body: created },
      [`GET ${DEVICE_PATHS.groups}`]: { body: groups },
    },
    options,
  );
}

const rowOf = (id: string, tableName = en.accessKeys.title) => findRow(tableName, id);
const writes = (calls: RecordedCall[]) => calls.filter((call) => call.method !== 'GET');
const listCalls = (calls: RecordedCall[]) => callsTo(calls, 'GET', ACCESS_KEY_PATHS.keys);

async function openCreateDialog() {
  await userEvent.click(await screen.findByRole('button', { name: en.accessKeys.create }));
  const dialog = await screen.findByRole('dialog', { name: en.accessKeys.createTitle });
  await within(dialog).findByRole('tree', { name: en.accessKeys.operations });
  return dialog;
}

describe('/accesskey (spec §2.2, §3, §5, §9)', () => {
  it('lists the keys with bandwidth, groups, interfaces, state and last use', async () => {
    await renderKeys();
    expect(await screen.findByRole('heading', { name: en.accessKeys.title })).toBeTruthy();
    const first = await rowOf('Rep0rtingKey0001');
    expect(within(first).getByText('0.75')).toBeTruthy();
    expect(within(first).getByText(en.accessKeys.allGroupsShort)).toBeTruthy();
    expect(within(first).getByText('2 interfaces')).toBeTruthy();
    expect(within(first).getByText('GET /v1/pms/company/roles')).toBeTruthy();
    expect(within(first).getByText(en.accessKeys.enabled)).toBeTruthy();
    expect(within(first).getByRole('button', { name: en.accessKeys.disable })).toBeTruthy();
    const second = await rowOf('PausedKey0000002');
    expect(await within(second).findByText('一号楼, group #7 (deleted)')).toBeTruthy();
    expect(within(second).getByText('1 interface')).toBeTruthy();
    expect(within(second).getByText(en.accessKeys.disabled)).toBeTruthy();
    expect(within(second).getByText(en.accessKeys.neverUsed)).toBeTruthy();
    expect(within(second).getByRole('button', { name: en.accessKeys.enable })).toBeTruthy();
  });

  it('pages and sorts the unpaged key list in the console, keys never used first', () => {
    const keys = [reporting, paused, accessKey({ id: 'ThirdKey00000003', bandwidth_mbps: 10 })];
    const ids = (orders: { k: string; o: 'asc' | 'desc' }[], page = 1, size = 10) =>
      pageLocally(keys, { page, size, orders }).items.map((key) => key.id);
    expect(ids([], 2, 2)).toEqual(['ThirdKey00000003']);
    expect(pageLocally(keys, { page: 1, size: 2, orders: [] }).total).toBe(3);
    expect(ids([{ k: 'bandwidth_mbps', o: 'desc' }])).toEqual([
      'ThirdKey00000003',
      'PausedKey0000002',
      'Rep0rtingKey0001',
    ]);
    expect(ids([{ k: 'last_used_at', o: 'asc' }])).toEqual([
      'PausedKey0000002',
      'ThirdKey00000003',
      'Rep0rtingKey0001',
    ]);
  });

  it('creates a key with its bandwidth, groups and interfaces, then shows the secret once with copy buttons', async () => {
    const { api } = await renderKeys();
    await rowOf('Rep0rtingKey0001');
    const dialog = await openCreateDialog();
    await userEvent.type(within(dialog).getByLabelText(en.accessKeys.bandwidthLabel), '2.5');
    const picker = within(dialog).getByRole('group', { name: en.accessKeys.chooseGroups });
    await userEvent.click(await within(picker).findByRole('checkbox', { name: '地下停车场' }));
    await userEvent.click(within(picker).getByRole('checkbox', { name: '仓库' }));
    await userEvent.click(within(dialog).getByText("GET /v1/pms/company/users · The company's users"));
    await userEvent.click(within(dialog).getByText('GET /v1/devices'));
    await userEvent.click(within(dialog).getByRole('button', { name: en.accessKeys.submit }));
    await waitFor(() =>
      expect(writes(api.calls)).toMatchObject([
        {
          method: 'POST',
          path: ACCESS_KEY_PATHS.keys,
          body: {
            bandwidth_mbps: 2.5,
            is_access_all_group: false,
            group_ids: [5, 2],
            operations: ['GET /v1/pms/company/users', 'listDevices'],
          },
        },
      ]),
    );
    const shown = await screen.findByRole('dialog', { name: en.accessKeys.createdTitle });
    expect(within(shown).getByText(en.accessKeys.secretWarning)).toBeTruthy();
    expect((within(shown).getByLabelText(en.accessKeys.id) as HTMLInputElement).value).toBe(created.id);
    expect((within(shown).getByLabelText(en.accessKeys.secret) as HTMLInputElement).value).toBe(
      created.secret,
    );

    // A session of user-event keeps its clipboard stub on navigator until the test ends.
    const user = userEvent.setup();
    await user.click(within(shown).getByRole('button', { name: en.accessKeys.copySecret }));
    expect(await navigator.clipboard.readText()).toBe(created.secret);
    expect(await screen.findByText(en.accessKeys.secretCopied)).toBeTruthy();
    await user.click(within(shown).getByRole('button', { name: en.accessKeys.copyId }));
    expect(await navigator.clipboard.readText()).toBe(created.id);
    expect(await screen.findByText(en.accessKeys.idCopied)).toBeTruthy();

    const listsBefore = listCalls(api.calls).length;
    await userEvent.click(within(shown).getByRole('button', { name: en.accessKeys.savedIt }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(listCalls(api.calls).length).toBe(listsBefore + 1));
    // Shown once: nothing on the page holds the secret any more.
    expect(document.body.innerHTML).not.toContain(created.secret);
  });

  it('with all groups (including ungrouped devices) sends no group ids; a checked tag gives all its interfaces', async () => {
    const { api } = await renderKeys();
    const dialog = await openCreateDialog();
    await userEvent.type(within(dialog).getByLabelText(en.accessKeys.bandwidthLabel), '1000');
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: '一号楼' }));
    await userEvent.click(within(dialog).getByRole('switch', { name: en.accessKeys.allGroups }));
    expect(within(dialog).getByRole('checkbox', { name: '一号楼' })).toHaveProperty('disabled', true);
    await userEvent.click(within(dialog).getByText('system'));
    await userEvent.click(within(dialog).getByRole('button', { name: en.accessKeys.submit }));
    await waitFor(() =>
      expect(writes(api.calls)[0]?.body).toEqual({
        bandwidth_mbps: 1000,
        is_access_all_group: true,
        group_ids: [],
        operations: ['GET /v1/pms/company/users', 'GET /v1/pms/company/roles'],
      }),
    );
  });

  it('a caller the server shows no groups (403) is told so and may still create a key', async () => {
    const { api } = await renderKeys({
      answers: {
        [`GET ${DEVICE_PATHS.groups}`]: refusal(403, { code: 'forbidden', message: 'Forbidden' }),
      },
    });
    expect(within(await rowOf(paused.id)).getByText('4, 7')).toBeTruthy();
    const dialog = await openCreateDialog();
    expect(await within(dialog).findByText(en.groups.forbidden)).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText(en.accessKeys.bandwidthLabel), '1');
    await userEvent.click(within(dialog).getByText('GET /v1/devices'));
    await userEvent.click(within(dialog).getByRole('button', { name: en.accessKeys.submit }));
    await waitFor(() =>
      expect(writes(api.calls)[0]?.body).toMatchObject({ is_access_all_group: false, group_ids: [] }),
    );
  });

  it('a bandwidth of 0.3 Mbps (no multiple of 0.25) shows the message and sends nothing', async () => {
    const { api } = await renderKeys();
    const dialog = await openCreateDialog();
    await userEvent.type(within(dialog).getByLabelText(en.accessKeys.bandwidthLabel), '0.3');
    await userEvent.click(within(dialog).getByText("GET /v1/pms/company/users · The company's users"));
    await userEvent.click(within(dialog).getByRole('button', { name: en.accessKeys.submit }));
    expect(
      await within(dialog).findByText(
        'The bandwidth is a multiple of 0.25 Mbps, more than 0 and at most 1000',
      ),
    ).toBeTruthy();
    expect(writes(api.calls)).toEqual([]);
  });

  it('needs at least one interface', async () => {
    const { api } = await renderKeys();
    const dialog = await openCreateDialog();
    await userEvent.type(within(dialog).getByLabelText(en.accessKeys.bandwidthLabel), '1');
    await userEvent.click(within(dialog).getByRole('button', { name: en.accessKeys.submit }));
    expect(await within(dialog).findByText('Choose at least one interface, each once')).toBeTruthy();
    expect(writes(api.calls)).toEqual([]);
  });

  it('shows the validity as ten years, read-only (spec §9)', async () => {
    await renderKeys();
    const dialog = await openCreateDialog();
    const validity = within(dialog).getByLabelText(en.accessKeys.validity) as HTMLInputElement;
    expect(validity.readOnly).toBe(true);
    const until = new Date();
    until.setUTCFullYear(until.getUTCFullYear() + 10);
    expect(validity.value).toBe(
      `10 years (until ${new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(until)})`,
    );
  });

  it('keeps the dialog open with what was entered when the server refuses', async () => {
    await renderKeys({
      answers: {
        [`POST ${ACCESS_KEY_PATHS.keys}`]: refusal(409, {
          code: 'access_key_limit',
          message: 'The company already has the most access keys allowed',
        }),
      },
    });
    const dialog = await openCreateDialog();
    await userEvent.type(within(dialog).getByLabelText(en.accessKeys.bandwidthLabel), '1.25');
    await userEvent.click(within(dialog).getByText('GET /v1/devices'));
    await userEvent.click(within(dialog).getByRole('button', { name: en.accessKeys.submit }));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: en.accessKeys.submit })).toHaveProperty(
        'disabled',
        false,
      ),
    );
    expect(screen.queryByRole('dialog', { name: en.accessKeys.createdTitle })).toBeNull();
    expect((within(dialog).getByLabelText(en.accessKeys.bandwidthLabel) as HTMLInputElement).value).toBe(
      '1.25',
    );
  });

  it('disables an enabled key and enables a disabled one', async () => {
    const { api } = await renderKeys({
      answers: {
        [`PATCH ${ACCESS_KEY_PATHS.key(reporting.id)}`]: { body: { ...reporting, disabled: true } },
        [`PATCH ${ACCESS_KEY_PATHS.key(paused.id)}`]: { body: { ...paused, disabled: false } },
      },
    });
    await userEvent.click(
      within(await rowOf(reporting.id)).getByRole('button', { name: en.accessKeys.disable }),
    );
    expect(await screen.findByText(`Key ${reporting.id} disabled`)).toBeTruthy();
    await userEvent.click(within(await rowOf(paused.id)).getByRole('button', { name: en.accessKeys.enable }));
    expect(await screen.findByText(`Key ${paused.id} enabled`)).toBeTruthy();
    expect(writes(api.calls).map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'PATCH', path: ACCESS_KEY_PATHS.key(reporting.id), body: { disabled: true } },
      { method: 'PATCH', path: ACCESS_KEY_PATHS.key(paused.id), body: { disabled: false } },
    ]);
  });

  it('deleting asks first: cancelling sends nothing, confirming deletes the key', async () => {
    const { api } = await renderKeys({
      answers: { [`DELETE ${ACCESS_KEY_PATHS.key(paused.id)}`]: { status: 204 } },
    });
    await userEvent.click(within(await rowOf(paused.id)).getByRole('button', { name: en.accessKeys.delete }));
    let question = await screen.findByRole('alertdialog', { name: `Delete the key ${paused.id}?` });
    expect(within(question).getByText(en.accessKeys.deleteContent)).toBeTruthy();
    await userEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(writes(api.calls)).toEqual([]);

    await userEvent.click(within(await rowOf(paused.id)).getByRole('button', { name: en.accessKeys.delete }));
    question = await screen.findByRole('alertdialog', { name: `Delete the key ${paused.id}?` });
    await userEvent.click(within(question).getByRole('button', { name: en.accessKeys.delete }));
    await waitFor(() =>
      expect(writes(api.calls).map(({ method, path }) => `${method} ${path}`)).toEqual([
        `DELETE ${ACCESS_KEY_PATHS.key(paused.id)}`,
      ]),
    );
    expect(await screen.findByText(`Key ${paused.id} deleted`)).toBeTruthy();
  });

  it('is routed at /accesskey and in the user menu for the owner alone, whatever the server menu says', async () => {
    expect(pluginManifest(plugin).pages).toContainEqual(
      expect.objectContaining({ name: 'accesskey', always: { path: '/accesskey', ownerOnly: true } }),
    );
    const dashboardOnly = [menuItem(1, 0, 'dashboard', 'page')];
    const owner = await createTestKernel({ plugins: [plugin], user: testUser({ menus: dashboardOnly }) });
    expect(owner.kernel.session.state.routes?.byName.get('accesskey')?.path).toBe('/accesskey');
    expect(
      owner.kernel.registry.userMenuItems(owner.kernel.session.state.context).map((item) => item.id),
    ).toContain('accesskey');

    const member = await createTestKernel({
      plugins: [plugin],
      user: testUser({ menus: dashboardOnly, role_id: 3 }),
    });
    expect(member.kernel.session.state.routes?.byName.has('accesskey')).toBe(false);
    expect(
      member.kernel.registry.userMenuItems(member.kernel.session.state.context).map((item) => item.id),
    ).not.toContain('accesskey');
  });

  it('speaks the language the user chose', async () => {
    await renderKeys({ language: 'zh-TW' });
    expect(await screen.findByRole('heading', { name: zhTW.accessKeys.title })).toBeTruthy();
    const row = await rowOf(paused.id, zhTW.accessKeys.title);
    expect(within(row).getByText(zhTW.accessKeys.disabled)).toBeTruthy();
    expect(within(row).getByText('1 個介面')).toBeTruthy();
    expect(within(row).getByRole('button', { name: zhTW.accessKeys.enable })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: zhTW.accessKeys.create }));
    const dialog = await screen.findByRole('dialog', { name: zhTW.accessKeys.createTitle });
    expect((within(dialog).getByLabelText(zhTW.accessKeys.validity) as HTMLInputElement).value).toMatch(
      /^10 年（至 .+）$/,
    );
  });
});
