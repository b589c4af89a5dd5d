import '../test-support.js';
import { screen, within } from '@testing-library/react';
import { DEVICE_MANAGER_PATHS, type Language, type OpenDevice } from '@vap/contracts';
import { type Answers, refusal, renderWithKernel } from '@vap/kernel/testing';
import { sharedMessages } from '@vap/ui/testing';
import { describe, expect, it } from 'vitest';
import plugin from '../index.js';
import en from '../locales/en.json';
import zhCN from '../locales/zh-CN.json';
import zhTW from '../locales/zh-TW.json';
import OpenDeviceManagerPage from './device-manager.js';

const PATH = '/open-pages/device-manager';
const LINK = 'key_id=KEY0000000000001&expires=1893456000&signature=0f0f';

const camera: OpenDevice = {
  sn: '12345678901320000011',
  name: 'front-door',
  model: 'VC-200',
  firmware_version: 'V2.2.0',
  hardware_version: 'H1',
  status: 'online',
  last_online_at: '2026-03-02T09:30:00.000Z',
  group_name: '',
};

const devicesAnswer = (devices: readonly OpenDevice[]): Answers => ({
  [`GET ${DEVICE_MANAGER_PATHS.devices}`]: { body: { items: devices, total: devices.length } },
});

/** The page at its public address with `search`, the console itself in `language`. */
function openPage(search: string, answers: Answers = devicesAnswer([camera]), language: Language = 'en') {
  return renderWithKernel(<OpenDeviceManagerPage />, {
    plugins: [plugin],
    messages: sharedMessages,
    language,
    answers,
    path: `${PATH}?${search}`,
    routePath: PATH,
  });
}

describe('/open-pages/device-manager: the open device manager (spec §2.1, §8)', () => {
  it("lists the link's devices read-only, asking with the link's key, expiry and signature and no session", async () => {
    const { api } = await openPage(LINK);
    const table = await screen.findByRole('table', { name: en.openDeviceManager.title });
    const row = (await within(table).findByText(camera.name)).closest('tr') as HTMLElement;
    expect(within(row).getByText(camera.firmware_version)).toBeTruthy();
    expect(within(row).getByText(en.status.online)).toBeTruthy();
    const [call] = api.calls.filter((each) => each.path === DEVICE_MANAGER_PATHS.devices);
    expect(
      Object.fromEntries(['key_id', 'expires', 'signature'].map((k) => [k, call?.query.get(k)])),
    ).toEqual({ key_id: 'KEY0000000000001', expires: '1893456000', signature: '0f0f' });
    expect(call?.headers.get('authorization')).toBeNull();
    expect(within(table).queryByRole('checkbox')).toBeNull();
  });

  it.each([
    ['zh-CN', zhCN],
    ['zh-TW', zhTW],
  ] as const)('speaks the language of `lang=%s`, whatever the console was in', async (lang, words) => {
    const { kernel } = await openPage(`${LINK}&lang=${lang}`);
    expect(await screen.findByRole('heading', { name: words.openDeviceManager.title })).toBeTruthy();
    const table = await screen.findByRole('table', { name: words.openDeviceManager.title });
    const row = (await within(table).findByText(camera.name)).closest('tr') as HTMLElement;
    expect(within(row).getByText(words.status.online)).toBeTruthy();
    // A device in no group, and the column titles, in that language too.
    expect(within(row).getByText(words.groups.ungrouped)).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: words.device.firmwareVersion })).toBeTruthy();
    expect(kernel.i18n.language).toBe(lang);
  });

  it('an expired link says so in the language of `lang`', async () => {
    await openPage(`${LINK}&lang=zh-CN`, {
      [`GET ${DEVICE_MANAGER_PATHS.devices}`]: refusal(403, {
        code: 'link_expired',
        message: 'Link expired',
      }),
    });
    expect(await screen.findByText(zhCN.openDeviceManager.linkExpired)).toBeTruthy();
    expect(screen.getByText(zhCN.openDeviceManager.linkExpiredHint)).toBeTruthy();
  });

  it('an incomplete link is invalid at once, never asked about, in the language of `lang`', async () => {
    const { api } = await openPage('key_id=KEY0000000000001&lang=zh-TW');
    expect(await screen.findByText(zhTW.openDeviceManager.linkInvalid)).toBeTruthy();
    expect(api.calls.filter((each) => each.path === DEVICE_MANAGER_PATHS.devices)).toEqual([]);
  });

  it('an unknown `lang` leaves the console in its own language', async () => {
    const { kernel } = await openPage(`${LINK}&lang=fr`, devicesAnswer([camera]), 'zh-CN');
    expect(await screen.findByRole('heading', { name: zhCN.openDeviceManager.title })).toBeTruthy();
    expect(kernel.i18n.language).toBe('zh-CN');
  });
});
