import '../test-support.js';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_BASE, TASK_PATHS, WHITELIST_MAX_BYTES, type WhitelistCheck } from '@vap/contracts';
import { callsTo, refusal } from '@vap/kernel/testing';
import consoleEn from '@vap/locales/en.json';
import { blobText, downloadCapture, type SentRequest } from '@vap/ui/testing';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import en from '../locales/en.json';
import {
  batchDialog,
  device,
  deviceAnswers,
  deviceRow,
  group,
  type PageOptions,
  renderDevicePage,
  rowActionNames,
  stubUploads,
  task,
  taskAnswers,
  tasksViewDialog,
} from '../test-support.js';

afterEach(() => {
  vi.restoreAllMocks();
});

const front = device({ id: 11, name: 'front-door' });
const back = device({ id: 12, name: 'back-door' });
const created = task({ id: 41, type: 'whitelist', subject: 'Staff cars', state: 'pending', total: 2 });

const PLATES: WhitelistCheck = {
  entries: ['粤B12345', '京A88888'],
  errors: [
    { row: 3, value: 'ABC', code: 'format' },
    { row: 5, value: '', code: 'missing' },
    { row: 6, value: '粤B12345', code: 'duplicate' },
  ],
};
const CARDS: WhitelistCheck = { entries: [], errors: [{ row: 2, value: '粤B12345', code: 'format' }] };
/** The server's check: the rows as plates or as cards, by the list sent before the file. */
const checkAs = ({ fields }: SentRequest) => ({
  status: 200,
  body: fields.list === 'plate' ? PLATES : CARDS,
});

const renderPage = (options: PageOptions = {}) =>
  renderDevicePage(
    'device_maintenance',
    {
      ...deviceAnswers([front, back], [group({ id: 1, name: 'Lobby' })], 1),
      ...taskAnswers([created], { 41: [] }),
      [`POST ${TASK_PATHS.whitelist}`]: { body: created },
    },
    options,
  );

const openForSelected = () => batchDialog([11, 12], 'White list (2)', en.whitelist.title);
const workbook = (name = 'plates.xlsx') => new File(['rows'], name);
const chooseFile = (dialog: HTMLElement, file: File) =>
  fireEvent.change(within(dialog).getByTestId('whitelist-file'), { target: { files: [file] } });
const submitButton = (dialog: HTMLElement) =>
  within(dialog).getByRole('button', { name: /^Push the entries/ }) as HTMLButtonElement;

describe('the white-list dialog', () => {
  it('checks the file at once, the list before the file: the valid entries, and the refused rows with their reasons', async () => {
    const sent = stubUploads(checkAs);
    const { api } = await renderPage();
    const dialog = await openForSelected();
    expect(submitButton(dialog).disabled).toBe(true);
    chooseFile(dialog, workbook());

    const refused = await within(dialog).findByRole('table', { name: en.whitelist.refusedRows });
    expect(
      within(refused)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([
      `3ABC${en.whitelistRowError.format.plate}`,
      `5—${en.whitelistRowError.missing}`,
      `6粤B12345${en.whitelistRowError.duplicate}`,
    ]);
    expect(within(dialog).getByText(/Valid entries: 2\. Refused rows: 3\./)).toBeTruthy();
    expect(sent[0]).toMatchObject({
      url: `${API_BASE}${TASK_PATHS.whitelistCheck}`,
      fields: { list: 'plate' },
    });
    expect(sent[0]?.names.indexOf('list')).toBeLessThan(sent[0]?.names.indexOf('file') ?? -1);
    expect(sent[0]?.file?.name).toBe('plates.xlsx');
    expect(sent[0]?.headers.Authorization).toMatch(/^Bearer /);
    // The check writes nothing: no task yet.
    expect(callsTo(api.calls, 'POST', TASK_PATHS.whitelist)).toEqual([]);
    expect(submitButton(dialog).textContent).toBe('Push the entries (2)');
  });

  it('creates the task with the checked entries for the selected devices, then shows it', async () => {
    stubUploads(checkAs);
    const { api } = await renderPage();
    const dialog = await openForSelected();
    chooseFile(dialog, workbook());
    await within(dialog).findByText(/Valid entries: 2/);
    await userEvent.click(submitButton(dialog));
    expect(await within(dialog).findByText(consoleEn.validation.whitelistName)).toBeTruthy();
    expect(callsTo(api.calls, 'POST', TASK_PATHS.whitelist)).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText(en.whitelist.name), ' Staff cars ');
    await userEvent.click(submitButton(dialog));
    await waitFor(() =>
      expect(callsTo(api.calls, 'POST', TASK_PATHS.whitelist).map((call) => call.body)).toEqual([
        {
          list: 'plate',
          name: 'Staff cars',
          entries: PLATES.entries,
          target: { device_ids: [11, 12] },
          deadline_hours: 24,
          timeout_minutes: 15,
        },
      ]),
    );
    expect(await screen.findByText('The white-list task was created. Devices: 2')).toBeTruthy();
    expect(await screen.findByRole('dialog', { name: `White list: ${created.subject}` })).toBeTruthy();
  });

  it('another kind of list checks the file again; with no valid entry there is nothing to push', async () => {
    const sent = stubUploads(checkAs);
    await renderPage();
    const dialog = await openForSelected();
    chooseFile(dialog, workbook());
    await within(dialog).findByText(/Valid entries: 2/);
    await userEvent.click(within(dialog).getByRole('radio', { name: en.whitelist.kind.card }));
    expect(await within(dialog).findByText(/Valid entries: 0\. Refused rows: 1\./)).toBeTruthy();
    expect(sent.map((each) => each.fields.list)).toEqual(['plate', 'card']);
    const refused = within(dialog).getByRole('table', { name: en.whitelist.refusedRows });
    expect(within(refused).getByText(en.whitelistRowError.format.card)).toBeTruthy();
    expect(submitButton(dialog).disabled).toBe(true);
  });

  it('refuses a file that is not .xlsx or .csv, or over 5 MB, before sending it', async () => {
    const sent = stubUploads(checkAs);
    await renderPage();
    const dialog = await openForSelected();
    chooseFile(dialog, new File(['x'], 'plates.txt', { type: 'text/plain' }));
    expect(await within(dialog).findByText(/XLSX/, { selector: '[role=alert]' })).toBeTruthy();
    const huge = workbook('huge.csv');
    Object.defineProperty(huge, 'size', { value: WHITELIST_MAX_BYTES + 1 });
    chooseFile(dialog, huge);
    expect(await within(dialog).findByText(/5M/, { selector: '[role=alert]' })).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it("a refused file shows the server's message", async () => {
    stubUploads(() =>
      refusal(400, { code: 'import_too_many_rows', message: 'The file has more rows than one list takes' }),
    );
    await renderPage();
    const dialog = await openForSelected();
    chooseFile(dialog, workbook());
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The file has more rows than one list takes',
    );
  });

  it('shows the progress while the file is sent', async () => {
    let reply = (_: { status: number; body: unknown }) => {};
    stubUploads(() => new Promise((resolve) => (reply = resolve)));
    await renderPage();
    const dialog = await openForSelected();
    chooseFile(dialog, workbook());
    const bar = await within(dialog).findByRole('progressbar', { name: en.whitelist.progress });
    await waitFor(() => expect((bar as HTMLProgressElement).value).toBe(0.5));
    expect(within(dialog).getByText('Sending… 50%')).toBeTruthy();
    reply({ status: 200, body: PLATES });
    expect(await within(dialog).findByText(/Valid entries: 2/)).toBeTruthy();
    expect(within(dialog).queryByRole('progressbar')).toBeNull();
  });

  it('the template is an empty CSV with the header value,remark, made in the browser', async () => {
    const downloads = downloadCapture();
    downloads.start();
    onTestFinished(downloads.stop);
    const { api } = await renderPage();
    const calls = () => api.calls.length;
    const dialog = await openForSelected();
    const before = calls();
    await userEvent.click(within(dialog).getByRole('button', { name: en.whitelist.template }));
    expect(downloads.files).toHaveLength(1);
    expect(downloads.files[0]?.blob.type).toBe('text/csv;charset=utf-8');
    // The byte order mark is left out of the text read.
    expect(await blobText(downloads.files[0]?.blob as Blob)).toBe('value,remark\r\n');
    expect(calls()).toBe(before);
  });

  it('New white list from the tasks takes the devices of the device list’s filter', async () => {
    stubUploads(checkAs);
    const { api } = await renderPage();
    const dialog = await tasksViewDialog(en.tasks.newWhitelist, en.whitelist.title);
    await userEvent.click(
      within(dialog).getByRole('radio', { name: 'All devices (the device list has no filter)' }),
    );
    await userEvent.type(within(dialog).getByLabelText(en.whitelist.name), 'Staff cars');
    chooseFile(dialog, workbook());
    await within(dialog).findByText(/Valid entries: 2/);
    await userEvent.click(submitButton(dialog));
    await waitFor(() =>
      expect(callsTo(api.calls, 'POST', TASK_PATHS.whitelist)[0]?.body).toMatchObject({
        list: 'plate',
        target: { wheres: [] },
      }),
    );
  });

  it('without the whitelist button: no row or bulk white list, and no new white list', async () => {
    await renderPage({ roleId: 4, buttons: ['config'] });
    const row = await deviceRow('front-door');
    const actions = await rowActionNames(row);
    expect(actions).toContain(en.maintenance.configure);
    expect(actions).not.toContain(en.maintenance.whitelist);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select row 11' }));
    expect(screen.queryByRole('button', { name: /White list/ })).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: en.views.tasks }));
    await screen.findByRole('table', { name: en.tasks.title });
    expect(screen.getByRole('button', { name: en.tasks.newConfiguration })).toBeTruthy();
    expect(screen.queryByRole('button', { name: en.tasks.newWhitelist })).toBeNull();
    expect(screen.queryByRole('button', { name: en.tasks.newUpgrade })).toBeNull();
  });
});
