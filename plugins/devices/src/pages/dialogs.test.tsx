import '../test-support.js';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEVICE_PATHS } from '@vap/contracts';
import { callsTo, refusal } from '@vap/kernel/testing';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import zhTW from '../locales/zh-TW.json';
import {
  choose,
  device,
  deviceAnswers,
  group,
  type PageOptions,
  renderDevicePage,
  stubUploads,
} from '../test-support.js';

const lobby = group({ id: 1, name: 'Lobby', devices: 1 });
const renderMaintenance = (options: PageOptions = {}) =>
  renderDevicePage(
    'device_maintenance',
    deviceAnswers([device({ id: 11, name: 'front-door' })], [lobby], 0),
    options,
  );

const SERIAL = '12345678901320000001';
/** What the server answers a binding: the bound device. */
const bound = device({ id: 9, name: 'Door', sn: SERIAL });
const GB_ID = '34020000001180000001';

async function openBind() {
  await userEvent.click(await screen.findByRole('button', { name: en.maintenance.bind }));
  return screen.findByRole('dialog', { name: en.bind.title });
}

describe('the bind dialog validates §5.4/§5.1 per mode', () => {
  it('by serial: a valid serial and device code are required, the name is optional', async () => {
    const { api } = await renderMaintenance({ answers: { [`POST ${DEVICE_PATHS.bind}`]: { body: bound } } });
    const dialog = await openBind();
    await userEvent.type(within(dialog).getByLabelText(en.device.sn), '1234567890');
    await userEvent.type(within(dialog).getByLabelText(en.bind.deviceCode), 'ABCDEF0123456789');
    await userEvent.click(within(dialog).getByRole('button', { name: en.bind.submit }));
    expect(await within(dialog).findByText(/Enter a valid device serial/)).toBeTruthy();
    expect(within(dialog).getByText(/Enter a valid device code/)).toBeTruthy();
    expect(callsTo(api.calls, 'POST', DEVICE_PATHS.bind)).toEqual([]);

    await userEvent.clear(within(dialog).getByLabelText(en.device.sn));
    await userEvent.type(within(dialog).getByLabelText(en.device.sn), SERIAL);
    await userEvent.clear(within(dialog).getByLabelText(en.bind.deviceCode));
    await userEvent.type(within(dialog).getByLabelText(en.bind.deviceCode), 'abcdef01-23456789');
    await choose(dialog, en.device.group, 'Lobby');
    await userEvent.click(within(dialog).getByRole('button', { name: en.bind.submit }));
    await waitFor(() =>
      expect(callsTo(api.calls, 'POST', DEVICE_PATHS.bind)[0]?.body).toEqual({
        mode: 'serial',
        sn: SERIAL,
        device_code: 'ABCDEF01-23456789',
        group_id: 1,
      }),
    );
    expect(await screen.findByText(en.bind.bound)).toBeTruthy();
  });

  it('by GB28181: name, a 20-digit id with 132 or 118 and a 4-20 character password', async () => {
    const { api } = await renderMaintenance({ answers: { [`POST ${DEVICE_PATHS.bind}`]: { body: bound } } });
    const dialog = await openBind();
    await userEvent.click(within(dialog).getByRole('radio', { name: en.bind.modeGb28181 }));
    expect(within(dialog).queryByLabelText(en.bind.deviceCode)).toBeNull();
    await userEvent.type(within(dialog).getByLabelText(en.device.gb28181Id), '34020000001310000001');
    await userEvent.type(within(dialog).getByLabelText(en.bind.password), 'abc');
    await userEvent.click(within(dialog).getByRole('button', { name: en.bind.submit }));
    expect(await within(dialog).findByText(/Enter a valid GB28181 id/)).toBeTruthy();
    expect(within(dialog).getByText('The GB28181 password has 4 to 20 characters')).toBeTruthy();
    expect(within(dialog).getByText(/^Device name:/)).toBeTruthy();
    expect(callsTo(api.calls, 'POST', DEVICE_PATHS.bind)).toEqual([]);

    await userEvent.clear(within(dialog).getByLabelText(en.device.gb28181Id));
    await userEvent.type(within(dialog).getByLabelText(en.device.gb28181Id), GB_ID);
    await userEvent.type(within(dialog).getByLabelText(en.bind.password), 'd');
    await userEvent.type(within(dialog).getByLabelText(en.device.name), '大门_NVR');
    await userEvent.click(within(dialog).getByRole('button', { name: en.bind.submit }));
    await waitFor(() =>
      expect(callsTo(api.calls, 'POST', DEVICE_PATHS.bind)[0]?.body).toEqual({
        mode: 'gb28181',
        name: '大门_NVR',
        gb28181_id: GB_ID,
        password: 'abcd',
        group_id: null,
      }),
    );
  });

  it('keeps the dialog and what was typed when the server refuses', async () => {
    await renderMaintenance({
      answers: {
        [`POST ${DEVICE_PATHS.bind}`]: refusal(409, {
          code: 'device_bound',
          message: 'The device is already bound',
        }),
      },
    });
    const dialog = await openBind();
    await userEvent.type(within(dialog).getByLabelText(en.device.sn), SERIAL);
    await userEvent.type(within(dialog).getByLabelText(en.bind.deviceCode), 'ABCDEF01-23456789');
    await userEvent.click(within(dialog).getByRole('button', { name: en.bind.submit }));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: en.bind.submit })).toHaveProperty('disabled', false),
    );
    expect((within(dialog).getByLabelText(en.device.sn) as HTMLInputElement).value).toBe(SERIAL);
  });
});

const workbook = () => new File(['sheet'], 'devices.xlsx', { type: 'application/octet-stream' });

async function openImport() {
  await userEvent.click(await screen.findByRole('button', { name: en.maintenance.import }));
  return screen.findByRole('dialog', { name: en.import.title });
}

async function chooseFile(dialog: HTMLElement, file: File) {
  fireEvent.change(within(dialog).getByTestId('import-file'), { target: { files: [file] } });
  await within(dialog).findByText(new RegExp(file.name.replace('.', '\\.')));
}

describe('the import dialog', () => {
  it('downloads the template of the chosen mode and format through the kernel client, with the bearer', async () => {
    const { api } = await renderMaintenance({
      answers: { [`GET ${DEVICE_PATHS.importTemplate}`]: { text: 'name,gb28181_id,password,remark' } },
    });
    const dialog = await openImport();
    expect(within(dialog).getByText(/name, gb28181_id, password, remark/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('radio', { name: en.import.mode.plain }));
    expect(within(dialog).getByText(/sn, username, password, remark/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download the template (CSV)' }));
    await waitFor(() => expect(callsTo(api.calls, 'GET', DEVICE_PATHS.importTemplate)).toHaveLength(1));
    const call = callsTo(api.calls, 'GET', DEVICE_PATHS.importTemplate)[0];
    expect(Object.fromEntries(call?.query ?? [])).toEqual({ mode: 'plain', format: 'csv' });
    expect(call?.headers.get('authorization')).toMatch(/^Bearer /);
  });

  it('refuses a file that is not .xlsx or .csv before sending it', async () => {
    const sent = stubUploads(() => ({ status: 200, body: { rows: 0, bound: 0, errors: [] } }));
    await renderMaintenance();
    const dialog = await openImport();
    fireEvent.change(within(dialog).getByTestId('import-file'), {
      target: { files: [new File(['x'], 'devices.txt', { type: 'text/plain' })] },
    });
    expect(await within(dialog).findByText(/XLSX/)).toBeTruthy();
    expect(
      (within(dialog).getByRole('button', { name: en.import.upload }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(sent).toEqual([]);
  });

  it('import result lists rows with their codes and offers binding the valid rows', async () => {
    // The same two rows fail either way: `all` then binds none, `valid` the other two.
    const sent = stubUploads(({ fields }) => ({
      status: 200,
      body: {
        rows: 4,
        bound: fields.on_error === 'all' ? 0 : 2,
        errors: [
          { row: 3, code: 1 },
          { row: 5, code: 3 },
        ],
      },
    }));
    const { api } = await renderMaintenance();
    const dialog = await openImport();
    await chooseFile(dialog, workbook());
    await choose(dialog, en.device.group, 'Lobby');
    await userEvent.click(within(dialog).getByRole('button', { name: en.import.upload }));

    const failing = await within(dialog).findByRole('table', { name: en.import.failingRows });
    const rows = within(failing)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual([`3${en.bindTemplateError[1]}`, `5${en.bindTemplateError[3]}`]);
    expect(within(dialog).getByText(/Rows: 4\. Bound: 0\. Failing: 2\./)).toBeTruthy();
    expect(sent[0]).toMatchObject({
      url: `/webapi${DEVICE_PATHS.import}`,
      fields: { mode: 'template', on_error: 'all', group_id: '1' },
    });
    expect(sent[0]?.headers.Authorization).toMatch(/^Bearer /);
    expect(sent[0]?.file?.name).toBe('devices.xlsx');

    const lists = callsTo(api.calls, 'GET', DEVICE_PATHS.devices).length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bind the valid rows (2)' }));
    expect(await screen.findByText('Devices bound: 2')).toBeTruthy();
    expect(sent[1]?.fields).toMatchObject({ mode: 'template', on_error: 'valid', group_id: '1' });
    expect(within(dialog).queryByRole('button', { name: /Bind the valid rows/ })).toBeNull();
    await waitFor(() =>
      expect(callsTo(api.calls, 'GET', DEVICE_PATHS.devices).length).toBeGreaterThan(lists),
    );
  });

  it('translates each of the six bindTemplateError codes in every language', () => {
    for (const code of ['0', '1', '2', '3', '4', '5'] as const) {
      expect(en.bindTemplateError[code]).toBeTruthy();
      expect(zhTW.bindTemplateError[code]).toBeTruthy();
    }
  });

  it("an empty sheet (400 no_device) shows 'no device'", async () => {
    stubUploads(() => refusal(400, { code: 'no_device', message: 'server words' }));
    await renderMaintenance();
    const dialog = await openImport();
    await chooseFile(dialog, workbook());
    await userEvent.click(within(dialog).getByRole('button', { name: en.import.upload }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(en.import.noDevice);
  });

  it("another refusal shows the server's message", async () => {
    stubUploads(() =>
      refusal(400, { code: 'import_too_many_rows', message: 'The file has more rows than one import takes' }),
    );
    await renderMaintenance();
    const dialog = await openImport();
    await chooseFile(dialog, workbook());
    await userEvent.click(within(dialog).getByRole('button', { name: en.import.upload }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The file has more rows than one import takes',
    );
  });

  it('shows the upload progress while the file is sent', async () => {
    let reply = (_: { status: number; body: unknown }) => {};
    stubUploads(() => new Promise((resolve) => (reply = resolve)));
    await renderMaintenance();
    const dialog = await openImport();
    await chooseFile(dialog, workbook());
    await userEvent.click(within(dialog).getByRole('button', { name: en.import.upload }));
    const bar = await within(dialog).findByRole('progressbar', { name: en.import.progress });
    await waitFor(() => expect((bar as HTMLProgressElement).value).toBe(0.5));
    expect(within(dialog).getByText('Sending… 50%')).toBeTruthy();
    reply({ status: 200, body: { rows: 1, bound: 1, errors: [] } });
    expect(await within(dialog).findByText(/Rows: 1\. Bound: 1\. Failing: 0\./)).toBeTruthy();
    expect(within(dialog).queryByRole('progressbar')).toBeNull();
  });
});
