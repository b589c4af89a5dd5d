import '../test-support.js';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  AUDIT_ACTIONS,
  AUDIT_EXPORT_HEADERS,
  AUDIT_EXPORT_MAX_ROWS,
  AUDIT_PATHS,
  type AuditEntry,
  SYSTEM_PATHS,
} from '@vap/contracts';
import { type RecordedCall, type RenderPageOptions, wheresOf } from '@vap/kernel/testing';
import { choose, downloadCapture, renderConsolePage } from '@vap/ui/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import plugin from '../index.js';
import en from '../locales/en.json';
import zhCN from '../locales/zh-CN.json';
import zhTW from '../locales/zh-TW.json';
import { companyUser } from '../test-support.js';

const entry = (partial: Partial<AuditEntry> & Pick<AuditEntry, 'id' | 'action'>): AuditEntry => ({
  user_id: 1,
  user_phone: '13800138000',
  user_nickname: '演示管理员',
  target_type: 'role',
  target_id: '2',
  before: null,
  after: null,
  ip: '127.0.0.1',
  access_key_id: '',
  created_at: '2026-11-20T08:00:00.000Z',
  ...partial,
});

const entries = [
  entry({
    id: 2,
    action: 'system.role.update',
    before: { name: 'Ops', menus: { dashboard: [] } },
    after: { name: 'Ops', menus: { dashboard: [], recharge: [] } },
  }),
  entry({
    id: 1,
    action: 'system.user.create',
    target_type: 'user',
    target_id: '9',
    after: { phone: '13800138009' },
  }),
];

/** The files the page hands the browser to download. */
const downloads = downloadCapture();
beforeEach(downloads.start);
afterEach(downloads.stop);

const listCalls = (calls: RecordedCall[]) => calls.filter((call) => call.path === AUDIT_PATHS.list);

async function renderAudit(options: RenderPageOptions = {}) {
  return renderConsolePage(
    plugin,
    'system_audit',
    {
      [`GET ${AUDIT_PATHS.list}`]: { body: { items: entries, total: 2 } },
      [`GET ${SYSTEM_PATHS.users}`]: {
        body: {
          items: [companyUser({ id: 1, nickname: '演示管理员', role_id: 0, role_name: '' })],
          total: 1,
        },
      },
    },
    options,
  );
}

describe("system_audit (the owner's audit log)", () => {
  it('lists who did what, newest first, with the action in words', async () => {
    const { api } = await renderAudit();
    const table = await screen.findByRole('table', { name: en.audit.title });
    expect(await within(table).findByText('Role changed')).toBeTruthy();
    expect(within(table).getByText('user #9')).toBeTruthy();
    expect(JSON.parse(atob(listCalls(api.calls)[0]?.query.get('orders') ?? ''))).toEqual([
      { k: 'created_at', o: 'desc' },
    ]);
  });

  it('shows a write before and after, field by field, the changed ones marked', async () => {
    await renderAudit();
    const table = await screen.findByRole('table', { name: en.audit.title });
    const row = (await within(table).findByText('Role changed')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: en.audit.details }));
    const dialog = await screen.findByRole('dialog', { name: 'Role changed' });
    const changed = within(dialog).getByRole('row', { name: 'menus (changed)' });
    expect(within(changed).getByText('{"dashboard":[],"recharge":[]}')).toBeTruthy();
    expect(
      within(dialog).getByRole('rowheader', { name: 'name' }).closest('tr')?.getAttribute('aria-label'),
    ).toBeNull();
  });

  it('filters by action and user through wheres', async () => {
    const { api } = await renderAudit();
    await screen.findByRole('table', { name: en.audit.title });
    await choose(document.body, en.audit.action.label, 'User removed');
    await choose(document.body, en.audit.user, '演示管理员 (13800138001)');
    await waitFor(() =>
      expect(wheresOf(listCalls(api.calls).at(-1) as RecordedCall)).toEqual([
        { k: 'user_id', o: '=', v: 1 },
        { k: 'action', o: '=', v: 'system.user.remove' },
      ]),
    );
  });

  it('exports the filtered log as the server made it, saying how many entries it holds', async () => {
    const csv = '\uFEFFid,created_at\r\n2,2026-11-20T08:00:00.000Z\r\n';
    const { api } = await renderAudit({
      answers: {
        [`GET ${AUDIT_PATHS.export}`]: {
          text: csv,
          headers: { 'content-type': 'text/csv; charset=utf-8', [AUDIT_EXPORT_HEADERS.total]: '1' },
        },
      },
    });
    await screen.findByRole('table', { name: en.audit.title });
    await choose(document.body, en.audit.action.label, 'Role changed');
    await userEvent.click(screen.getByRole('button', { name: en.audit.export }));
    await waitFor(() => expect(downloads.files).toHaveLength(1));
    const exported = api.calls.find((call) => call.path === AUDIT_PATHS.export) as RecordedCall;
    expect(wheresOf(exported)).toEqual([{ k: 'action', o: '=', v: 'system.role.update' }]);
    expect(await screen.findByText('Exported 1 entry')).toBeTruthy();
  });

  it(`says the log export holds at most ${AUDIT_EXPORT_MAX_ROWS} rows instead of asking for more (spec §8)`, async () => {
    const { api } = await renderAudit({
      answers: {
        [`GET ${AUDIT_PATHS.list}`]: { body: { items: entries, total: AUDIT_EXPORT_MAX_ROWS + 3 } },
      },
    });
    await screen.findByRole('table', { name: en.audit.title });
    await userEvent.click(screen.getByRole('button', { name: en.audit.export }));
    expect(
      await screen.findByText(
        `Log export at most ${AUDIT_EXPORT_MAX_ROWS} rows: narrow the time range or the filters`,
      ),
    ).toBeTruthy();
    expect(api.calls.some((call) => call.path === AUDIT_PATHS.export)).toBe(false);
    expect(downloads.files).toHaveLength(0);
  });

  it('names every recorded action in each language', () => {
    const key = (action: string) => action.replaceAll('.', '_') as keyof typeof en.audit.action;
    for (const action of AUDIT_ACTIONS) {
      for (const locale of [en, zhCN, zhTW]) expect(locale.audit.action[key(action)], action).toBeTruthy();
    }
  });

  it('speaks the language the user chose', async () => {
    await renderAudit({ language: 'zh-TW' });
    const table = await screen.findByRole('table', { name: zhTW.audit.title });
    expect(await within(table).findByText(zhTW.audit.action.system_role_update)).toBeTruthy();
  });
});
