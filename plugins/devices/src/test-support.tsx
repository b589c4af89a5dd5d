import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  type ConfigTemplate,
  DEVICE_PATHS,
  type Device,
  type DeviceGroup,
  type Firmware,
  TASK_PATHS,
  type Task,
  type TaskJob,
} from '@vap/contracts';
import type { Answers, RenderPageOptions } from '@vap/kernel/testing';
import { fakeXhr, renderConsolePage } from '@vap/ui/testing';
import { vi } from 'vitest';
import plugin from './index.js';
import en from './locales/en.json';

export type PageOptions = RenderPageOptions;

/** Renders a page of the plugin as the console does (`@vap/ui/testing`). */
export function renderDevicePage(name: string, answers: Answers, options: PageOptions = {}) {
  return renderConsolePage(plugin, name, answers, options);
}

/** The row of device_maintenance's device list that shows `text`, once the list shows it. */
export async function deviceRow(text: string): Promise<HTMLElement> {
  const table = await screen.findByRole('table', { name: en.maintenance.title });
  return (await within(table).findByText(text)).closest('tr') as HTMLElement;
}

/** The device list's rows `ids` selected, once the list shows them, and its batch action `button` pressed. */
export async function batchAction(ids: readonly number[], button: string) {
  for (const id of ids)
    await userEvent.click(await screen.findByRole('checkbox', { name: `Select row ${id}` }));
  await userEvent.click(screen.getByRole('button', { name: button }));
}

/** The dialog named `title` that the batch action `button` opens for the device list's rows `ids`. */
export async function batchDialog(ids: readonly number[], button: string, title: string) {
  await batchAction(ids, button);
  return screen.findByRole('dialog', { name: title });
}

/** The dialog named `title` (the button's own name unless given) that the tasks view's `button` opens. */
export async function tasksViewDialog(button: string, title = button) {
  await userEvent.click(await screen.findByRole('tab', { name: en.views.tasks }));
  await userEvent.click(await screen.findByRole('button', { name: button }));
  return screen.findByRole('dialog', { name: title });
}

/** Opens the select named `label` in `dialog` and answers the text of each option it offers. */
export async function optionsOf(dialog: HTMLElement, label: string) {
  await userEvent.click(within(dialog).getByRole('combobox', { name: label }));
  return (await screen.findAllByRole('option')).map((option) => option.textContent);
}

export const device = (partial: Partial<Device> & Pick<Device, 'id' | 'name'>): Device => ({
  sn: `1234567890132${String(partial.id).padStart(7, '0')}`,
  gb28181_id: '',
  kind: 'ipc',
  model: 'VC-200',
  firmware_version: 'V2.1.0',
  hardware_version: 'H1',
  area: 'Shenzhen',
  group_id: 1,
  group_name: 'Lobby',
  ip: '10.0.0.8',
  mac: '00:11:22:33:44:55',
  status: 'online',
  last_online_at: '2026-03-02T09:30:00.000Z',
  last_offline_at: null,
  cloud_backup: 'active',
  cloud_video: 'none',
  network_mode: 'normal',
  username: '',
  remark: '',
  company_id: 1,
  company_name: '测试科技有限公司',
  read_only: false,
  bound_at: '2026-03-01T08:00:00.000Z',
  ...partial,
});

export const group = (partial: Partial<DeviceGroup> & Pick<DeviceGroup, 'id' | 'name'>): DeviceGroup => ({
  max_devices: 100,
  devices: 0,
  created_at: '2026-03-01T08:00:00.000Z',
  ...partial,
});

/** The groups and devices a device page starts with. */
export const deviceAnswers = (
  devices: readonly Device[],
  groups: readonly DeviceGroup[],
  ungrouped?: number,
): Answers => ({
  [`GET ${DEVICE_PATHS.groups}`]: {
    body: { items: groups, ...(ungrouped === undefined ? {} : { ungrouped }) },
  },
  [`GET ${DEVICE_PATHS.devices}`]: { body: { items: devices, total: devices.length } },
});

export const task = (partial: Partial<Task> & Pick<Task, 'id'>): Task => ({
  type: 'firmware_upgrade',
  state: 'processing',
  subject: 'VC-200 V2.2.0',
  counts: { pending: 1, processing: 1, completed: 2, failed: 1 },
  total: 5,
  progress: 60,
  created_by: '测试用户',
  created_at: '2026-03-02T09:30:00.000Z',
  deadline_at: '2026-03-03T09:30:00.000Z',
  timeout_minutes: 15,
  cancelled_at: null,
  ...partial,
});

export const job = (partial: Partial<TaskJob> & Pick<TaskJob, 'device_id'>): TaskJob => ({
  sn: `1234567890132${String(partial.device_id).padStart(7, '0')}`,
  name: `cam-${partial.device_id}`,
  model: 'VC-200',
  state: 'completed',
  progress: 100,
  reason: null,
  message: null,
  result: null,
  attempts: 1,
  started_at: '2026-03-02T09:31:00.000Z',
  ended_at: '2026-03-02T09:35:00.000Z',
  ...partial,
});

export const firmware = (partial: Partial<Firmware> & Pick<Firmware, 'id'>): Firmware => ({
  model: 'VC-200',
  version: 'V2.2.0',
  release_notes: '',
  size: 5 * 1024 * 1024,
  md5: '0123456789abcdef0123456789abcdef',
  created_at: '2026-03-01T08:00:00.000Z',
  ...partial,
});

export const configTemplate = (
  partial: Partial<ConfigTemplate> & Pick<ConfigTemplate, 'id' | 'name'>,
): ConfigTemplate => ({
  model: '',
  config: { image: { day_night: 'night' } },
  created_at: '2026-03-01T08:00:00.000Z',
  updated_at: '2026-03-01T08:00:00.000Z',
  ...partial,
});

/**
 * The tasks list, each task and the jobs of each (one page), the firmware packages and the
 * configuration templates.
 */
export const taskAnswers = (
  tasks: readonly Task[],
  jobs: Readonly<Record<number, readonly TaskJob[]>> = {},
  packages: readonly Firmware[] = [],
  templates: readonly ConfigTemplate[] = [],
): Answers => ({
  [`GET ${TASK_PATHS.tasks}`]: { body: { items: tasks, total: tasks.length } },
  ...Object.fromEntries(tasks.map((each) => [`GET ${TASK_PATHS.task(each.id)}`, { body: each }])),
  ...Object.fromEntries(
    Object.entries(jobs).map(([id, items]) => [
      `GET ${TASK_PATHS.jobs(Number(id))}`,
      { body: { items, total: items.length } },
    ]),
  ),
  [`GET ${TASK_PATHS.firmware}`]: { body: { items: packages } },
  [`GET ${TASK_PATHS.configTemplates}`]: { body: { items: templates } },
});

/** Puts `fakeXhr` of `@vap/ui/testing` in the browser's place and returns the requests it records. Undo with `vi.unstubAllGlobals()`. */
export function stubUploads(answer: Parameters<typeof fakeXhr>[0]) {
  const { FakeXhr, sent } = fakeXhr(answer);
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

export { choose, rowAction, rowActionNames } from '@vap/ui/testing';
