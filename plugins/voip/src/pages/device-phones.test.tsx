import '@vap/ui/test-polyfills';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VOIP_PATHS } from '@vap/contracts';
import { callsTo } from '@vap/kernel/testing';
import { fakeXhr, findRow, renderConsolePage, rowAction } from '@vap/ui/testing';
import { describe, expect, it, vi } from 'vitest';
import plugin from '../index.js';
import en from '../locales/en.json';
import { extension, openAddDialog, pageOf, SERVER, typeFields } from './test-fixtures.js';

const LIST = `GET ${VOIP_PATHS.devicePhones}`;
const gate = extension({
  id: 7,
  kind: 'device',
  dial_id: 'gate-01',
  display_name: 'North gate',
  device_sn: 'SN0001',
  device_name: 'Gate intercom',
  status: 'online',
  ip: '203.0.113.9:40312',
  ua: 'Yealink SIP-T46U',
});
const render = (answers = {}, options = {}) =>
  renderConsolePage(plugin, 'voip_device_phone', { ...SERVER, [LIST]: pageOf([gate]), ...answers }, options);
const table = () => screen.findByRole('table', { name: en.devicePhone.title });
const rowOf = (text: string) => findRow(en.devicePhone.title, text);

/** An XMLHttpRequest answering the import's upload with `reply`. */
function stubUpload(reply: { status: number; body: unknown }) {
  vi.stubGlobal('XMLHttpRequest', fakeXhr(() => reply).FakeXhr);
}

describe('voip_device_phone (spec §2.3; issue 33)', () => {
  it('is active, with its menu dir, only for a company whose product flag voip is 0', () => {
    expect(plugin.activation?.({ products: { cbs: 1, lvlm_lab: 1, rsrc_mgt: 1, voip: 0 } } as never)).toBe(
      true,
    );
    expect(plugin.activation?.({ products: { cbs: 0, lvlm_lab: 0, rsrc_mgt: 0, voip: 1 } } as never)).toBe(
      false,
    );
  });

  it('lists device phones with their device and live registration, and says so when there are none', async () => {
    await render();
    const row = await rowOf('gate-01');
    expect(within(row).getByText('SN0001 (Gate intercom)')).toBeTruthy();
    expect(within(row).getByText(en.status.online)).toBeTruthy();
    expect(within(row).getByText('203.0.113.9:40312')).toBeTruthy();
    expect(within(row).getByText('Yealink SIP-T46U')).toBeTruthy();
    expect(await screen.findByText(/Phones register at udp:sip\.example\.com:5060/)).toBeTruthy();
    cleanup();
    await render({
      [LIST]: pageOf([]),
      [`GET ${VOIP_PATHS.server}`]: {
        body: {
          server: null,
          websocket: null,
          live: false,
          reason: 'needs_postgres',
          domain: 'c1.sip.localhost',
        },
      },
    });
    expect(await screen.findByText(en.devicePhone.empty)).toBeTruthy();
    expect(await screen.findByText(en.server.needs_postgres)).toBeTruthy();
  });

  it('says a list could not be read', async () => {
    await render({ [LIST]: { status: 500, body: { code: 'internal', message: 'Database unavailable' } } });
    expect(await screen.findByText('Database unavailable')).toBeTruthy();
  });

  it('adds a device phone and shows its password once', async () => {
    const made = extension({ id: 8, kind: 'device', dial_id: 'door-01', device_sn: 'SN0002' });
    const { api } = await render({
      [`GET ${VOIP_PATHS.devices}`]: pageOf([{ id: 2, sn: 'SN0002', name: 'Door' }]),
      [`POST ${VOIP_PATHS.devicePhones}`]: {
        status: 201,
        body: { extension: made, password: 'Xy7abc123DEF', server: 'udp:sip.example.com:5060' },
      },
    });
    const dialog = await openAddDialog(en.devicePhone.title, en.devicePhone.addTitle);
    await typeFields(dialog, { [en.field.dialId]: 'door-01', [en.field.device]: 'SN0002' });
    await userEvent.click(within(dialog).getByRole('button', { name: en.add }));
    await waitFor(() =>
      expect(callsTo(api.calls, 'POST', VOIP_PATHS.devicePhones)[0]?.body).toEqual({
        dial_id: 'door-01',
        device_sn: 'SN0002',
        display_name: '',
      }),
    );
    const shown = await screen.findByRole('dialog', { name: 'Password of door-01' });
    expect(within(shown).getByTestId('voip-password').textContent).toBe('Xy7abc123DEF');
    expect(within(shown).getByText(en.credentials.once)).toBeTruthy();
  });

  it('refuses a dial id or password of the wrong form before sending (spec §5.5)', async () => {
    const { api } = await render();
    const dialog = await openAddDialog(en.devicePhone.title, en.devicePhone.addTitle);
    await typeFields(dialog, {
      [en.field.dialId]: 'a1',
      [en.field.device]: 'SN0002',
      [en.field.password]: 'abc',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: en.add }));
    expect(await within(dialog).findByText('The dial id is 5 to 20 digits, letters, _, - or .')).toBeTruthy();
    expect(within(dialog).getByText('The password is 6 to 20 letters and digits')).toBeTruthy();
    expect(callsTo(api.calls, 'POST', VOIP_PATHS.devicePhones)).toHaveLength(0);
  });

  it('resets a password and deletes a phone, each asked first, with the role’s buttons', async () => {
    const { api } = await render(
      {
        [`POST ${VOIP_PATHS.devicePhonePassword(7)}`]: {
          body: { extension: gate, password: 'NewPass1234', server: null },
        },
        [`DELETE ${VOIP_PATHS.devicePhone(7)}`]: { status: 204 },
      },
      { roleId: 3, buttons: ['edit', 'delete'] },
    );
    expect(screen.queryByRole('button', { name: en.add })).toBeNull();
    await userEvent.click(await rowAction(await rowOf('gate-01'), en.resetPassword));
    const ask = await screen.findByRole('alertdialog');
    await userEvent.click(within(ask).getByRole('button', { name: en.reset }));
    const shown = await screen.findByRole('dialog', { name: 'Password of gate-01' });
    expect(within(shown).getByTestId('voip-password').textContent).toBe('NewPass1234');
    const closes = within(shown).getAllByRole('button', { name: en.close });
    await userEvent.click(closes[closes.length - 1] as HTMLElement);
    await userEvent.click(await rowAction(await rowOf('gate-01'), en.delete));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText(/Delete device phone gate-01\?/)).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: en.delete }));
    await waitFor(() => expect(callsTo(api.calls, 'DELETE', VOIP_PATHS.devicePhone(7))).toHaveLength(1));
  });

  it('imports a workbook: every bad row with its row and reason, nothing imported', async () => {
    stubUpload({
      status: 200,
      body: {
        rows: 2,
        imported: [],
        errors: [
          { row: 2, dial_id: 'x1', code: 'dial_id_format' },
          { row: 3, dial_id: 'gate-01', code: 'dial_id_taken' },
        ],
      },
    });
    await render({}, { roleId: 3, buttons: ['import'] });
    await table();
    await userEvent.click(screen.getByRole('button', { name: en.devicePhone.import }));
    const dialog = await screen.findByRole('dialog', { name: en.import.title });
    fireEvent.change(within(dialog).getByLabelText(en.import.file), {
      target: { files: [new File(['x'], 'phones.xlsx')] },
    });
    await userEvent.click(await within(dialog).findByRole('button', { name: en.import.upload }));
    expect(await within(dialog).findByText(en.importErrors.dial_id_taken)).toBeTruthy();
    expect(within(dialog).getByText(en.importErrors.dial_id_format)).toBeTruthy();
    expect(within(dialog).getAllByText(/nothing was imported/).length).toBeGreaterThan(0);
  });
});
