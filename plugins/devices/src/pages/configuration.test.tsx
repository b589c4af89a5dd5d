import '../test-support.js';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TASK_PATHS } from '@vap/contracts';
import type { RecordedCall } from '@vap/kernel/testing';
import { callsTo, refusal } from '@vap/kernel/testing';
import consoleEn from '@vap/locales/en.json';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import {
  batchDialog,
  choose,
  configTemplate,
  device,
  deviceAnswers,
  deviceRow,
  group,
  optionsOf,
  type PageOptions,
  renderDevicePage,
  rowAction,
  rowActionNames,
  task,
  taskAnswers,
  tasksViewDialog,
} from '../test-support.js';

const front = device({ id: 11, name: 'front-door' });
const back = device({ id: 12, name: 'back-door' });
const yard = device({ id: 14, name: 'yard', model: 'VC-300' });
const night = configTemplate({
  id: 1,
  name: 'Night',
  config: { image: { brightness: 60, wdr: true }, storage: { record_mode: 'motion' } },
});
const lobby = configTemplate({
  id: 2,
  name: 'Lobby day',
  model: 'VC-200',
  config: { osd: { text: 'Lobby' } },
});
const gate = configTemplate({ id: 3, name: 'Gate', model: 'VC-300' });
const created = task({ id: 31, type: 'configuration', subject: 'Lobby day', state: 'pending', total: 2 });

const renderPage = (options: PageOptions = {}) =>
  renderDevicePage(
    'device_maintenance',
    {
      ...deviceAnswers([front, back, yard], [group({ id: 1, name: 'Lobby' })], 1),
      ...taskAnswers([created], { 31: [] }, [], [night, lobby, gate]),
      [`POST ${TASK_PATHS.configuration}`]: { body: created },
      [`POST ${TASK_PATHS.configTemplates}`]: { body: configTemplate({ id: 9, name: 'Night 2' }) },
    },
    options,
  );

const bodiesOf = (calls: readonly RecordedCall[], method: string, path: string) =>
  callsTo(calls, method, path).map((call) => call.body);

const openTemplates = () => tasksViewDialog(en.templates.title);
async function openNewTemplate() {
  const templates = await openTemplates();
  await userEvent.click(within(templates).getByRole('button', { name: en.templates.add }));
  const form = await screen.findByRole('dialog', { name: en.templates.addTitle });
  await userEvent.type(within(form).getByLabelText(en.templates.name), 'Night 2');
  return form;
}
const field = (form: HTMLElement, section: keyof typeof en.config.field, name: string) =>
  within(within(form).getByRole('group', { name: en.config.section[section] })).getByLabelText(name);
const save = (form: HTMLElement) => userEvent.click(within(form).getByRole('button', { name: 'Save' }));

describe('the configuration templates', () => {
  it('lists each template with its model, or every model, and what it sets', async () => {
    await renderPage();
    const templates = await openTemplates();
    const table = await within(templates).findByRole('table', { name: en.templates.title });
    const row = (name: string) => (within(table).getByText(name).closest('tr') as HTMLElement).textContent;
    expect(row('Night')).toContain(en.templates.everyModel);
    expect(row('Night')).toContain('Image: Brightness 60, Wide dynamic range On');
    expect(row('Night')).toContain('Storage: Recording On motion');
    expect(row('Lobby day')).toContain('VC-200');
    expect(row('Lobby day')).toContain('On-screen display: Overlay text Lobby');
  });

  it('the template form sends only the fields set: one cleared, a switch set back to "not set", are left out', async () => {
    const { api } = await renderPage();
    const form = await openNewTemplate();
    await userEvent.type(field(form, 'image', en.config.field.image.brightness), '60');
    await userEvent.type(field(form, 'image', en.config.field.image.contrast), '40');
    await userEvent.clear(field(form, 'image', en.config.field.image.contrast));
    await choose(form, en.config.field.image.day_night, en.config.option.day_night.night);
    await userEvent.click(within(form).getByRole('switch', { name: en.config.field.image.wdr }));
    // A switch has a third state: set, then cleared, it is not sent.
    const showTime = within(form).getByRole('switch', { name: en.config.field.osd.show_time });
    await userEvent.click(showTime);
    await userEvent.click(showTime);
    expect(showTime.getAttribute('aria-checked')).toBe('false');
    await userEvent.click(
      within(form).getByRole('button', { name: `Clear ${en.config.field.osd.show_time}` }),
    );
    await userEvent.type(field(form, 'storage', en.config.field.storage.retention_days), '30');
    await save(form);

    await waitFor(() =>
      expect(bodiesOf(api.calls, 'POST', TASK_PATHS.configTemplates)).toEqual([
        {
          name: 'Night 2',
          model: '',
          config: {
            image: { brightness: 60, day_night: 'night', wdr: true },
            storage: { retention_days: 30 },
          },
        },
      ]),
    );
    expect(await screen.findByText('The template Night 2 was created')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: en.templates.addTitle })).toBeNull());
    expect(callsTo(api.calls, 'GET', TASK_PATHS.configTemplates).length).toBeGreaterThan(1);
  });

  it("shows the contract's messages: nothing set, a bad IPv4, a fixed address without gateway, a percent over 100", async () => {
    const { api } = await renderPage();
    const form = await openNewTemplate();
    await save(form);
    expect(await within(form).findByText(consoleEn.validation.configEmpty)).toBeTruthy();

    await userEvent.type(field(form, 'image', en.config.field.image.sharpness), '150');
    const network = within(form).getByRole('group', { name: en.config.section.network });
    const dhcp = within(network).getByRole('switch', { name: en.config.field.network.dhcp });
    await userEvent.click(dhcp);
    await userEvent.click(dhcp);
    expect(within(network).getByText(en.config.off)).toBeTruthy();
    await userEvent.type(field(form, 'network', en.config.field.network.ip), '10.0.0.8');
    await userEvent.type(field(form, 'network', en.config.field.network.mask), '255.255.255.0');
    await userEvent.type(field(form, 'network', en.config.field.network.dns), '10.0.0');
    await save(form);
    // Both said at once: the address under its field, the missing gateway under the section.
    expect(await within(network).findByText(consoleEn.validation.ipv4)).toBeTruthy();
    expect(within(network).getByText(consoleEn.validation.staticAddress)).toBeTruthy();
    expect(within(form).getByText(consoleEn.validation.percent, { selector: '[role=alert]' })).toBeTruthy();
    expect(within(form).queryByText(consoleEn.validation.configEmpty)).toBeNull();
    expect(callsTo(api.calls, 'POST', TASK_PATHS.configTemplates)).toEqual([]);

    await userEvent.clear(field(form, 'image', en.config.field.image.sharpness));
    await userEvent.clear(field(form, 'network', en.config.field.network.dns));
    await userEvent.type(field(form, 'network', en.config.field.network.gateway), '10.0.0.1');
    await waitFor(() => expect(within(network).queryByRole('alert')).toBeNull());
    await save(form);
    await waitFor(() =>
      expect(bodiesOf(api.calls, 'POST', TASK_PATHS.configTemplates)[0]).toMatchObject({
        config: { network: { dhcp: false, ip: '10.0.0.8', mask: '255.255.255.0', gateway: '10.0.0.1' } },
      }),
    );
  });

  it('edits a template from what it sets, and says under the name when the name is taken', async () => {
    const { api } = await renderPage({
      answers: {
        [`PUT ${TASK_PATHS.configTemplate(1)}`]: refusal(409, {
          code: 'template_name_taken',
          message: 'Another template has this name',
        }),
      },
    });
    const templates = await openTemplates();
    await userEvent.click(await within(templates).findByRole('button', { name: 'Edit the template Night' }));
    const form = await screen.findByRole('dialog', { name: 'Edit the template Night' });
    const brightness = field(form, 'image', en.config.field.image.brightness) as HTMLInputElement;
    expect(brightness.value).toBe('60');
    expect(
      within(form).getByRole('switch', { name: en.config.field.image.wdr }).getAttribute('aria-checked'),
    ).toBe('true');
    await userEvent.clear(brightness);
    await userEvent.type(brightness, '70');
    await save(form);
    await waitFor(() =>
      expect(bodiesOf(api.calls, 'PUT', TASK_PATHS.configTemplate(1))).toEqual([
        {
          name: 'Night',
          model: '',
          config: { image: { brightness: 70, wdr: true }, storage: { record_mode: 'motion' } },
        },
      ]),
    );
    expect(await within(form).findByText('Another template has this name', { selector: 'p' })).toBeTruthy();
  });

  it('deletes a template after a confirmation', async () => {
    const { api } = await renderPage({
      answers: { [`DELETE ${TASK_PATHS.configTemplate(2)}`]: { status: 204 } },
    });
    const templates = await openTemplates();
    await userEvent.click(
      await within(templates).findByRole('button', { name: 'Delete the template Lobby day' }),
    );
    let question = await screen.findByRole('alertdialog', { name: 'Delete the template Lobby day?' });
    await userEvent.click(within(question).getByRole('button', { name: en.common.cancel }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(callsTo(api.calls, 'DELETE', TASK_PATHS.configTemplate(2))).toEqual([]);

    await userEvent.click(within(templates).getByRole('button', { name: 'Delete the template Lobby day' }));
    question = await screen.findByRole('alertdialog', { name: 'Delete the template Lobby day?' });
    await userEvent.click(within(question).getByRole('button', { name: en.templates.delete }));
    await waitFor(() => expect(callsTo(api.calls, 'DELETE', TASK_PATHS.configTemplate(2))).toHaveLength(1));
    expect(await screen.findByText('The template Lobby day was deleted')).toBeTruthy();
  });
});

describe('the configure dialog', () => {
  it('sends the selected devices with the chosen template, deadline and timeout, then shows the new task', async () => {
    const { api } = await renderPage();
    const dialog = await batchDialog([11, 12], 'Configure (2)', en.configure.title);
    expect(within(dialog).getByText('Selected devices: 2')).toBeTruthy();
    // Only the templates of the devices' model, or of every model, are offered.
    expect(await optionsOf(dialog, en.configure.template)).toEqual([
      'Night (Every model)',
      'Lobby day (VC-200)',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Lobby day (VC-200)' }));
    const sets = within(dialog).getByRole('region', { name: en.configure.sets });
    expect(sets.textContent).toContain('On-screen display: Overlay text Lobby');
    const timeout = within(dialog).getByLabelText(en.taskForm.timeout);
    await userEvent.clear(timeout);
    await userEvent.type(timeout, '30');
    await userEvent.click(within(dialog).getByRole('button', { name: en.configure.submit }));

    await waitFor(() =>
      expect(bodiesOf(api.calls, 'POST', TASK_PATHS.configuration)).toEqual([
        { template_id: 2, target: { device_ids: [11, 12] }, deadline_hours: 24, timeout_minutes: 30 },
      ]),
    );
    expect(await screen.findByText('The configuration task was created. Devices: 2')).toBeTruthy();
    expect(await screen.findByRole('dialog', { name: `Configuration: ${created.subject}` })).toBeTruthy();
    expect(
      screen.getByRole('tab', { name: en.views.tasks, hidden: true }).getAttribute('aria-selected'),
    ).toBe('true');
  });

  it('refuses a submit without a template', async () => {
    const { api } = await renderPage();
    await userEvent.click(await rowAction(await deviceRow('yard'), en.maintenance.configure));
    const dialog = await screen.findByRole('dialog', { name: en.configure.title });
    expect(within(dialog).getByText('Device: yard, model VC-300')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: en.configure.submit }));
    expect(await within(dialog).findByText(en.configure.chooseTemplate, { selector: 'p' })).toBeTruthy();
    expect(callsTo(api.calls, 'POST', TASK_PATHS.configuration)).toEqual([]);
  });

  it('says when no template fits: a model without one, or devices of several models and none for every model', async () => {
    await renderPage({ answers: taskAnswers([], {}, [], [lobby]) });
    await userEvent.click(await rowAction(await deviceRow('yard'), en.maintenance.configure));
    let dialog = await screen.findByRole('dialog', { name: en.configure.title });
    expect(
      await within(dialog).findByText(
        'No template for the model VC-300 or for every model: create one under Configuration templates.',
      ),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: en.common.cancel }));

    dialog = await batchDialog([11, 14], 'Configure (2)', en.configure.title);
    expect(await within(dialog).findByText(/several models \(VC-200, VC-300\)/)).toBeTruthy();
  });

  it('New configuration from the tasks takes a group, and offers every template', async () => {
    const { api } = await renderPage();
    const dialog = await tasksViewDialog(en.tasks.newConfiguration, en.configure.title);
    await choose(dialog, en.device.group, 'Lobby');
    await choose(dialog, en.configure.template, 'Gate (VC-300)');
    await userEvent.click(within(dialog).getByRole('button', { name: en.configure.submit }));
    await waitFor(() =>
      expect(bodiesOf(api.calls, 'POST', TASK_PATHS.configuration)[0]).toMatchObject({
        template_id: 3,
        target: { group_id: 1 },
      }),
    );
  });

  it('without the config button: no row or bulk configure, no new configuration and no templates', async () => {
    await renderPage({ roleId: 4, buttons: ['upgrade'] });
    const row = await deviceRow('front-door');
    expect(await rowActionNames(row)).not.toContain(en.maintenance.configure);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select row 11' }));
    expect(screen.getByRole('button', { name: 'Upgrade firmware (1)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Configure/ })).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: en.views.tasks }));
    await screen.findByRole('table', { name: en.tasks.title });
    expect(screen.getByRole('button', { name: en.tasks.newUpgrade })).toBeTruthy();
    expect(screen.queryByRole('button', { name: en.tasks.newConfiguration })).toBeNull();
    expect(screen.queryByRole('button', { name: en.templates.title })).toBeNull();
  });
});
