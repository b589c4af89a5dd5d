import '../test-support.js';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CBS_PATHS } from '@vap/contracts';
import type { RecordedCall } from '@vap/kernel/testing';
import { callsTo, refusal, wheresOf } from '@vap/kernel/testing';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import zhCN from '../locales/zh-CN.json';
import {
  baseAnswers,
  cloudPackage,
  device,
  midNovember,
  type PageOptions,
  rechargeMenu,
  renderCbsPage,
} from '../test-support.js';

midNovember();

const lobby = device({ id: 1, name: 'Lobby', sn: 'SN000001' });
const gate = device({ id: 2, name: 'Gate', sn: 'SN000002', cloud_video: 'active' });
const backedUp = device({ id: 3, name: 'Yard', sn: 'SN000003', cloud_backup: 'active' });
const unnamed = device({ id: 4, name: '', sn: 'SN000004', cloud_backup: 'expired' });
const devices = [lobby, gate, backedUp, unnamed];

async function openDialog(options: PageOptions = {}) {
  const rendered = await renderCbsPage(baseAnswers([], devices), options);
  await userEvent.click(await screen.findByRole('tab', { name: en.page.packages }));
  await userEvent.click(await screen.findByRole('button', { name: en.packages.open }));
  const dialog = await screen.findByRole('dialog', { name: en.open.title });
  // The company's devices have come.
  await within(dialog).findByRole('checkbox', { name: 'Lobby (SN000001)' });
  return { ...rendered, dialog };
}

/** Lobby chosen and the dialog submitted, the server refusing with `body` (409): the dialog's alert. */
async function submitRefused(body: { code: string; message: string }, options: PageOptions = {}) {
  const opened = await openDialog({
    ...options,
    answers: { [`POST ${CBS_PATHS.packages}`]: { status: 409, body } },
  });
  await userEvent.click(within(opened.dialog).getByRole('checkbox', { name: 'Lobby (SN000001)' }));
  await userEvent.click(within(opened.dialog).getByRole('button', { name: en.open.submit }));
  return { ...opened, alert: await within(opened.dialog).findByRole('alert') };
}

const BALANCE_INSUFFICIENT = {
  code: 'balance_insufficient',
  message: 'Balance insufficient: please recharge',
};

const openCalls = (calls: readonly RecordedCall[]) => callsTo(calls, 'POST', CBS_PATHS.packages);
const cost = (dialog: HTMLElement) => within(dialog).getByRole('region', { name: en.open.cost });

describe('cbs_dashboard: opening packages', () => {
  it('offers the company’s own devices; one that already has the service cannot be chosen', async () => {
    const { api, dialog } = await openDialog();
    expect(wheresOf(callsTo(api.calls, 'GET', CBS_PATHS.devices)[0])).toEqual([]);
    expect(
      (within(dialog).getByRole('checkbox', { name: 'Yard: already has Cloud backup' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    // A closed package (expired) may be opened again; a device without a name goes by its serial.
    expect((within(dialog).getByRole('checkbox', { name: 'SN000004' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    // Cloud video: the gate has it, the yard does not.
    await userEvent.click(within(dialog).getByRole('radio', { name: en.services.cloud_video }));
    expect(
      (within(dialog).getByRole('checkbox', { name: 'Gate: already has Cloud video' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    expect(
      (within(dialog).getByRole('checkbox', { name: 'Yard (SN000003)' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it('searches the devices by serial; the devices chosen stay chosen across searches', async () => {
    const { api, dialog } = await openDialog();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Lobby (SN000001)' }));
    api.answers[`GET ${CBS_PATHS.devices}`] = { body: { items: [gate], total: 1 } };
    await userEvent.type(within(dialog).getByRole('searchbox', { name: en.open.search }), 'SN000002{Enter}');
    await within(dialog).findByRole('checkbox', { name: 'Gate (SN000002)' });
    expect(wheresOf(callsTo(api.calls, 'GET', CBS_PATHS.devices).at(-1))).toEqual([
      { k: 'sn', o: 'like', v: 'SN000002' },
    ]);
    // Enter searched: nothing was sent.
    expect(openCalls(api.calls)).toEqual([]);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Gate (SN000002)' }));
    expect(within(dialog).getByText('2 devices chosen')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove Lobby' }));
    expect(within(dialog).getByText('1 device chosen')).toBeTruthy();
  });

  it('shows the plan’s price a month and the prorated first month before opening; the message says what the server charged', async () => {
    const { api, dialog } = await openDialog({
      answers: {
        [`POST ${CBS_PATHS.packages}`]: {
          body: {
            packages: [
              cloudPackage({ id: 11, device_id: 1, plan: 'r' }),
              cloudPackage({ id: 12, device_id: 4, plan: 'r' }),
            ],
            charged: 1_998,
          },
        },
      },
    });
    await userEvent.click(within(dialog).getByRole('radio', { name: /R series · ¥20\.00 a month/ }));
    expect(within(cost(dialog)).getByText('¥20.00 a month per device')).toBeTruthy();
    expect(
      within(cost(dialog)).getByText(
        'The first month is charged now, prorated for the rest of this month: about ¥10.00 per device.',
      ),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Lobby (SN000001)' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'SN000004' }));
    expect(within(cost(dialog)).getByText('Charged now: about ¥20.00 for 2 devices')).toBeTruthy();
    expect(within(cost(dialog)).getByText('From next month: ¥40.00 a month in all')).toBeTruthy();
    const listed = callsTo(api.calls, 'GET', CBS_PATHS.packages).length;
    await userEvent.click(within(dialog).getByRole('button', { name: en.open.submit }));
    expect(await screen.findByText('2 packages opened; charged ¥19.98')).toBeTruthy();
    expect(openCalls(api.calls).map((call) => call.body)).toEqual([
      { device_ids: [1, 4], service: 'cloud_backup', plan: 'r' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(callsTo(api.calls, 'GET', CBS_PATHS.packages).length).toBeGreaterThan(listed));
  });

  it('the free tier charges nothing', async () => {
    const { dialog } = await openDialog();
    await userEvent.click(within(dialog).getByRole('radio', { name: /Free tier · Free/ }));
    expect(within(cost(dialog)).getByText(en.open.free)).toBeTruthy();
    expect(within(cost(dialog)).queryByText(/Charged now/)).toBeNull();
  });

  it('without a device chosen it says to choose one and sends nothing', async () => {
    const { api, dialog } = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: en.open.submit }));
    expect(await within(dialog).findByText('Select at least one device')).toBeTruthy();
    expect(openCalls(api.calls)).toEqual([]);
  });

  it('a balance that does not cover the charge is said in the dialog, with a link to the recharge page', async () => {
    const { api, dialog, alert } = await submitRefused(BALANCE_INSUFFICIENT, { extraMenus: [rechargeMenu] });
    expect(alert.textContent).toContain('Balance insufficient: please recharge');
    const link = within(alert).getByRole('link', { name: en.common.recharge });
    expect(link.getAttribute('href')).toBe('/finance/recharge');
    // The dialog stays, with what was chosen.
    expect(within(dialog).getByText('1 device chosen')).toBeTruthy();
    expect(openCalls(api.calls)).toHaveLength(1);
  });

  it('another refusal is said in the dialog in the server’s words, without a recharge link', async () => {
    const { alert } = await submitRefused(
      { code: 'package_exists', message: 'The device already has a package of this service' },
      { extraMenus: [rechargeMenu] },
    );
    expect(alert.textContent).toContain('The device already has a package of this service');
    expect(within(alert).queryByRole('link')).toBeNull();
  });

  it('a user whose menu lacks the recharge page gets the message without a link', async () => {
    const { alert } = await submitRefused(BALANCE_INSUFFICIENT);
    expect(alert.textContent).toContain('Balance insufficient: please recharge');
    expect(within(alert).queryByRole('link')).toBeNull();
  });

  it('devices that cannot be listed say why in the dialog, with a retry', async () => {
    const { api } = await renderCbsPage({
      ...baseAnswers([], devices),
      [`GET ${CBS_PATHS.devices}`]: refusal(403, {
        code: 'forbidden',
        message: 'You are not permitted to do this',
      }),
    });
    await userEvent.click(await screen.findByRole('tab', { name: en.page.packages }));
    await userEvent.click(await screen.findByRole('button', { name: en.packages.open }));
    const dialog = await screen.findByRole('dialog', { name: en.open.title });
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('The devices could not be loaded: You are not permitted to do this');
    api.answers[`GET ${CBS_PATHS.devices}`] = { body: { items: devices, total: devices.length } };
    await userEvent.click(within(alert).getByRole('button', { name: en.common.retry }));
    expect(await within(dialog).findByRole('checkbox', { name: 'Lobby (SN000001)' })).toBeTruthy();
  });

  it('speaks the language the user chose', async () => {
    await renderCbsPage(baseAnswers([], devices), { language: 'zh-CN' });
    await userEvent.click(await screen.findByRole('tab', { name: zhCN.page.packages }));
    await userEvent.click(await screen.findByRole('button', { name: zhCN.packages.open }));
    const dialog = await screen.findByRole('dialog', { name: zhCN.open.title });
    expect(await within(dialog).findByRole('checkbox', { name: 'Lobby（SN000001）' })).toBeTruthy();
    expect(within(dialog).getByRole('radio', { name: zhCN.services.cloud_video })).toBeTruthy();
    const costs = within(dialog).getByRole('region', { name: zhCN.open.cost });
    // The C series of cloud backup, chosen at first.
    expect(within(costs).getByText('每台设备 ¥5.00/月')).toBeTruthy();
  });
});
