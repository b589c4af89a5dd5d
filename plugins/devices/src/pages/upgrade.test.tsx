import '../test-support.js';
import { createHash } from 'node:crypto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COMPANY_PATHS, FIRMWARE_MAX_BYTES, TASK_PATHS } from '@vap/contracts';
import { callsTo } from '@vap/kernel/testing';
import consoleEn from '@vap/locales/en.json';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import {
  batchDialog,
  choose,
  device,
  deviceAnswers,
  deviceRow,
  firmware,
  group,
  optionsOf,
  type PageOptions,
  renderDevicePage,
  rowAction,
  rowActionNames,
  stubUploads,
  task,
  taskAnswers,
  tasksViewDialog,
} from '../test-support.js';

const front = device({ id: 11, name: 'front-door' });
const back = device({ id: 12, name: 'back-door' });
const yard = device({ id: 14, name: 'yard', model: 'VC-300' });
const theirs = device({ id: 13, name: 'branch-cam', read_only: true, company_name: 'Branch Ltd' });
const v22 = firmware({ id: 3, version: 'V2.2.0', release_notes: 'Night mode\nFixes' });
const v30 = firmware({ id: 4, model: 'VC-300', version: 'V3.0.1', size: 1536, md5: 'f'.repeat(32) });
const created = task({ id: 21, state: 'pending', total: 2, progress: 0 });

const renderPage = (options: PageOptions = {}) =>
  renderDevicePage(
    'device_maintenance',
    {
      ...deviceAnswers([front, back, yard, theirs], [group({ id: 1, name: 'Lobby' })], 1),
      ...taskAnswers([created], { 21: [] }, [v22, v30]),
      [`POST ${TASK_PATHS.upgrade}`]: { body: created },
    },
    options,
  );

const upgradeCalls = (api: { calls: Parameters<typeof callsTo>[0] }) =>
  callsTo(api.calls, 'POST', TASK_PATHS.upgrade);

describe('the upgrade dialog', () => {
  it('sends the selected devices with the chosen package, deadline and timeout, then shows the new task', async () => {
    const { api } = await renderPage();
    const dialog = await batchDialog([11, 12], 'Upgrade firmware (2)', en.upgrade.title);
    expect(within(dialog).getByText('Selected devices: 2')).toBeTruthy();
    // Only the packages of the devices' model are offered.
    expect(await optionsOf(dialog, en.upgrade.package)).toEqual(['VC-200 V2.2.0']);
    await userEvent.click(screen.getByRole('option', { name: 'VC-200 V2.2.0' }));
    const deadline = within(dialog).getByLabelText(en.taskForm.deadline) as HTMLInputElement;
    expect(deadline.value).toBe('24');
    expect((within(dialog).getByLabelText(en.taskForm.timeout) as HTMLInputElement).value).toBe('15');
    await userEvent.clear(deadline);
    await userEvent.type(deadline, '48');
    await userEvent.click(within(dialog).getByRole('button', { name: en.upgrade.submit }));

    await waitFor(() =>
      expect(upgradeCalls(api)[0]?.body).toEqual({
        firmware_id: 3,
        target: { device_ids: [11, 12] },
        deadline_hours: 48,
        timeout_minutes: 15,
      }),
    );
    expect(await screen.findByText('The upgrade task was created. Devices: 2')).toBeTruthy();
    // The view switches to the tasks, with the new one open (the page behind the drawer is inert).
    expect(await screen.findByRole('dialog', { name: `Firmware upgrade: ${created.subject}` })).toBeTruthy();
    expect(
      screen.getByRole('tab', { name: en.views.tasks, hidden: true }).getAttribute('aria-selected'),
    ).toBe('true');
    await waitFor(() => expect(callsTo(api.calls, 'GET', TASK_PATHS.tasks).length).toBeGreaterThan(0));
  });

  it('refuses a submit without a package, and hours or minutes out of range', async () => {
    const { api } = await renderPage();
    await userEvent.click(await rowAction(await deviceRow('front-door'), en.maintenance.upgrade));
    const dialog = await screen.findByRole('dialog', { name: en.upgrade.title });
    expect(within(dialog).getByText('Device: front-door, model VC-200')).toBeTruthy();
    const timeout = within(dialog).getByLabelText(en.taskForm.timeout);
    await userEvent.clear(timeout);
    await userEvent.type(timeout, '121');
    await userEvent.click(within(dialog).getByRole('button', { name: en.upgrade.submit }));
    expect(await within(dialog).findByText(en.upgrade.choosePackage, { selector: 'p' })).toBeTruthy();
    expect(within(dialog).getByText('From 1 to 120 minutes')).toBeTruthy();
    expect(upgradeCalls(api)).toEqual([]);

    await choose(dialog, en.upgrade.package, 'VC-200 V2.2.0');
    await userEvent.clear(timeout);
    await userEvent.type(timeout, '30');
    await userEvent.click(within(dialog).getByRole('button', { name: en.upgrade.submit }));
    await waitFor(() =>
      expect(upgradeCalls(api)[0]?.body).toEqual({
        firmware_id: 3,
        target: { device_ids: [11] },
        deadline_hours: 24,
        timeout_minutes: 30,
      }),
    );
  });

  it('says when no package fits: devices of several models, or a model without a package', async () => {
    await renderPage({ answers: taskAnswers([], {}, [v30]) });
    let dialog = await batchDialog([11, 14], 'Upgrade firmware (2)', en.upgrade.title);
    expect(
      await within(dialog).findByText(
        'The selected devices are of several models (VC-200, VC-300): select devices of one model.',
      ),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: en.common.cancel }));

    await userEvent.click(await rowAction(await deviceRow('back-door'), en.maintenance.upgrade));
    dialog = await screen.findByRole('dialog', { name: en.upgrade.title });
    expect(
      await within(dialog).findByText('No package for the model VC-200: upload one under Firmware packages.'),
    ).toBeTruthy();
  });

  it("a downstream company's device offers no upgrade", async () => {
    await renderPage();
    const row = await deviceRow('branch-cam');
    expect(await rowActionNames(row)).not.toContain(en.maintenance.upgrade);
    expect((within(row).getByRole('checkbox') as HTMLInputElement).disabled).toBe(true);
  });

  it('New upgrade from the tasks takes a group, or the devices of the device list’s filter', async () => {
    const { api } = await renderPage();
    const filters = await screen.findByRole('form', { name: en.maintenance.filters });
    await userEvent.type(within(filters).getByRole('searchbox', { name: en.device.model }), 'VC-200');
    await userEvent.click(within(filters).getByRole('button', { name: 'Search' }));
    await userEvent.click(screen.getByRole('tab', { name: en.views.tasks }));
    await userEvent.click(await screen.findByRole('button', { name: en.tasks.newUpgrade }));
    let dialog = await screen.findByRole('dialog', { name: en.upgrade.title });
    await choose(dialog, en.upgrade.package, 'VC-300 V3.0.1');
    await userEvent.click(within(dialog).getByRole('button', { name: en.upgrade.submit }));
    expect(await within(dialog).findByText(en.taskForm.chooseGroup, { selector: 'p' })).toBeTruthy();
    await choose(dialog, en.device.group, en.groups.ungrouped);
    await userEvent.click(within(dialog).getByRole('button', { name: en.upgrade.submit }));
    await waitFor(() =>
      expect(upgradeCalls(api)[0]?.body).toMatchObject({ firmware_id: 4, target: { group_id: 0 } }),
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(await screen.findByRole('button', { name: en.tasks.newUpgrade }));
    dialog = await screen.findByRole('dialog', { name: en.upgrade.title });
    await userEvent.click(
      within(dialog).getByRole('radio', { name: "The devices of the device list's filter (conditions: 1)" }),
    );
    await choose(dialog, en.upgrade.package, 'VC-200 V2.2.0');
    await userEvent.click(within(dialog).getByRole('button', { name: en.upgrade.submit }));
    await waitFor(() =>
      expect(upgradeCalls(api)[1]?.body).toMatchObject({
        firmware_id: 3,
        target: { wheres: [{ k: 'model', o: '=', v: 'VC-200' }] },
      }),
    );
  });

  it('without the upgrade button: no row or bulk upgrade, no new upgrade and no packages', async () => {
    await renderPage({ roleId: 4, buttons: ['move'] });
    const row = await deviceRow('front-door');
    expect(await rowActionNames(row)).not.toContain(en.maintenance.upgrade);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select row 11' }));
    expect(screen.queryByRole('button', { name: /Upgrade firmware/ })).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: en.views.tasks }));
    await screen.findByRole('table', { name: en.tasks.title });
    expect(screen.queryByRole('button', { name: en.tasks.newUpgrade })).toBeNull();
    expect(screen.queryByRole('button', { name: en.firmware.title })).toBeNull();
  });
});

const openPackages = () => tasksViewDialog(en.firmware.title);
async function openUpload() {
  const packages = await openPackages();
  await userEvent.click(within(packages).getByRole('button', { name: en.firmware.upload }));
  return screen.findByRole('dialog', { name: en.firmware.uploadTitle });
}
const chooseFile = (dialog: HTMLElement, file: File) =>
  fireEvent.change(within(dialog).getByTestId('firmware-file'), { target: { files: [file] } });

const BYTES = 'firmware bytes of VC-200 V2.3.0';
const MD5 = createHash('md5').update(BYTES).digest('hex');
const PATH = `firmware/1_${MD5}.bin`;

describe('the firmware packages', () => {
  it('lists each package with model, version, size in units of 1024, md5 and release notes', async () => {
    await renderPage();
    const packages = await openPackages();
    const table = await within(packages).findByRole('table', { name: en.firmware.title });
    const row = (within(table).getByText('V3.0.1').closest('tr') as HTMLElement).textContent;
    expect(row).toContain('VC-300');
    expect(row).toContain('1.5K');
    expect(row).toContain('f'.repeat(32));
    expect((within(table).getByText('V2.2.0').closest('tr') as HTMLElement).textContent).toContain('5M');
    expect(within(table).getByText(/Night mode/)).toBeTruthy();
  });

  it('the upload names the object by the md5 of the file, shows its progress, then records the package', async () => {
    let reply = (_: { status: number; body: unknown }) => {};
    const sent = stubUploads(() => new Promise((resolve) => (reply = resolve)));
    const { api } = await renderPage({
      answers: {
        [`POST ${TASK_PATHS.firmwareToken}`]: {
          body: { token: 'oss-token', url: `/webapi${COMPANY_PATHS.objectUpload}` },
        },
        [`POST ${TASK_PATHS.firmware}`]: { body: firmware({ id: 5, version: 'V2.3.0', md5: MD5 }) },
      },
    });
    const dialog = await openUpload();
    chooseFile(dialog, new File([BYTES], 'vc200.bin'));
    await within(dialog).findByText(/vc200\.bin/);
    await userEvent.type(within(dialog).getByLabelText(en.device.model), 'VC-200');
    await userEvent.type(within(dialog).getByLabelText(en.firmware.version), 'V2.3.0');
    await userEvent.type(within(dialog).getByLabelText(en.firmware.releaseNotes), 'Faster boot');
    await userEvent.click(within(dialog).getByRole('button', { name: en.firmware.uploadSubmit }));

    const bar = await within(dialog).findByRole('progressbar', { name: en.firmware.progress });
    await waitFor(() => expect((bar as HTMLProgressElement).value).toBe(0.5));
    expect(within(dialog).getByText('Sending… 50%')).toBeTruthy();
    expect(callsTo(api.calls, 'POST', TASK_PATHS.firmwareToken)[0]?.body).toEqual({
      name: PATH,
      size: BYTES.length,
    });
    expect(sent[0]).toMatchObject({
      url: `/webapi${COMPANY_PATHS.objectUpload}`,
      headers: { Authorization: 'VAP-OSS oss-token' },
      fields: { filename: PATH, filesize: String(BYTES.length) },
    });
    reply({ status: 200, body: { path: PATH, url: '/signed' } });

    await waitFor(() =>
      expect(callsTo(api.calls, 'POST', TASK_PATHS.firmware)[0]?.body).toEqual({
        path: PATH,
        model: 'VC-200',
        version: 'V2.3.0',
        release_notes: 'Faster boot',
      }),
    );
    expect(await screen.findByText('VC-200 V2.3.0 was uploaded')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: en.firmware.uploadTitle })).toBeNull());
    await waitFor(() => expect(callsTo(api.calls, 'GET', TASK_PATHS.firmware).length).toBeGreaterThan(1));
  });

  it("shows the contracts' messages: a file missing, not .bin or over 100 MB, a bad version, no model", async () => {
    const sent = stubUploads(() => ({ status: 200, body: {} }));
    const { api } = await renderPage();
    const dialog = await openUpload();
    await userEvent.type(within(dialog).getByLabelText(en.firmware.version), 'V 2');
    await userEvent.click(within(dialog).getByRole('button', { name: en.firmware.uploadSubmit }));
    expect(await within(dialog).findByText(en.firmware.fileRequired)).toBeTruthy();
    expect(within(dialog).getByText(consoleEn.validation.firmwareVersion)).toBeTruthy();
    expect(within(dialog).getByText(consoleEn.validation.firmwareModel)).toBeTruthy();

    chooseFile(dialog, new File(['x'], 'vc200.zip'));
    expect(await within(dialog).findByText(/BIN/)).toBeTruthy();
    const huge = new File(['x'], 'huge.bin');
    Object.defineProperty(huge, 'size', { value: FIRMWARE_MAX_BYTES + 1 });
    chooseFile(dialog, huge);
    expect(await within(dialog).findByText(consoleEn.validation.firmwareSize)).toBeTruthy();
    expect(sent).toEqual([]);
    expect(callsTo(api.calls, 'POST', TASK_PATHS.firmwareToken)).toEqual([]);
  });

  it('deletes a package after a confirmation', async () => {
    const { api } = await renderPage({
      answers: { [`DELETE ${TASK_PATHS.firmwareItem(4)}`]: { status: 204 } },
    });
    const packages = await openPackages();
    await userEvent.click(await within(packages).findByRole('button', { name: 'Delete VC-300 V3.0.1' }));
    const question = await screen.findByRole('alertdialog', { name: 'Delete VC-300 V3.0.1?' });
    await userEvent.click(within(question).getByRole('button', { name: en.firmware.delete }));
    await waitFor(() => expect(callsTo(api.calls, 'DELETE', TASK_PATHS.firmwareItem(4))).toHaveLength(1));
    expect(await screen.findByText('VC-300 V3.0.1 was deleted')).toBeTruthy();
  });
});
