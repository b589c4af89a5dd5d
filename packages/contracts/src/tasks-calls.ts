/**
 * The calls of device tasks (page device_maintenance, issue 16): the list, one task and its jobs
 * need the page; a firmware package and an upgrade task need the `upgrade` button; retrying or
 * cancelling a task needs the button of its type (TASK_BUTTONS, checked by the handler once the
 * task is read); the templates and configuration tasks need the `config` button; checking a
 * white-list workbook and pushing a white list need the `whitelist` button. The tasks' summary of
 * the dashboard's card is SUMMARY_CALLS.tasks (summary-calls.ts).
 */

import type { PageAccess } from './calls.js';
import { declareCalls, exportOf, rowCalls } from './calls.js';
import { TASK_PATHS } from './paths-devices.js';
import type { TASK_BUTTONS } from './tasks.js';

const schemas = async () => {
  const [files, tasks, list, company] = await Promise.all([
    import('./file-answers.js'),
    import('./tasks.js'),
    import('./list.js'),
    import('./company.js'),
  ]);
  return {
    ...tasks,
    listSchemas: list.listSchemas,
    uploadTokenResultSchema: company.uploadTokenResultSchema,
    // The bytes of a file answer, named in the OpenAPI document by what they are.
    xlsxFile: files.xlsxFileSchema,
  };
};

const PAGE = 'device_maintenance';
/** The button of a task type (TASK_BUTTONS, named by its type only: tasks.ts carries zod). */
type ButtonOf<T extends keyof typeof TASK_BUTTONS> = PageAccess & { button: (typeof TASK_BUTTONS)[T] };
const upgrade: ButtonOf<'firmware_upgrade'> = { page: PAGE, button: 'upgrade' };
const config: ButtonOf<'configuration'> = { page: PAGE, button: 'config' };
const whitelist: ButtonOf<'whitelist'> = { page: PAGE, button: 'whitelist' };

type Schemas = Awaited<ReturnType<typeof schemas>>;

/** The firmware packages: adding and deleting one needs the `upgrade` button (it has no edit). */
const firmware = rowCalls(schemas, {
  page: PAGE,
  rows: TASK_PATHS.firmware,
  row: TASK_PATHS.firmwareItem.pattern,
  buttons: upgrade.button,
});
/** The configuration templates: their writes need the `config` button. */
const configTemplates = rowCalls(schemas, {
  page: PAGE,
  rows: TASK_PATHS.configTemplates,
  row: TASK_PATHS.configTemplate.pattern,
  buttons: config.button,
});

/** The device tasks, made by the calls of each kind below. */
const tasks = rowCalls(schemas, { page: PAGE, rows: TASK_PATHS.tasks, row: TASK_PATHS.task.pattern });

/** A task's jobs, whose export has their page. */
const jobs = {
  method: 'GET',
  path: TASK_PATHS.jobs.pattern,
  access: { page: PAGE },
  errors: [404],
  summary: "A page of a task's jobs, one per device",
  description: 'wheres (base64 JSON): state =, sn = or like.',
  schemas: (s: Schemas) => ({
    params: s.taskIdParamsSchema,
    ...s.listSchemas(s.taskJobSchema, s.TASK_JOB_FILTERS),
  }),
} as const;

export const TASK_CALLS = declareCalls(schemas, ['tasks'], {
  firmware: firmware.list({
    errors: [400, 404],
    summary: "The company's firmware packages, newest first",
    schemas: (s) => ({ response: s.firmwareListSchema }),
  }),
  firmwareToken: {
    method: 'POST',
    path: TASK_PATHS.firmwareToken,
    access: upgrade,
    errors: [404],
    summary: 'An upload token for a firmware package firmware/{companyId}_{md5}.bin, at most 100 MB',
    schemas: (s) => ({ body: s.firmwareTokenBodySchema, response: s.uploadTokenResultSchema }),
  },
  createFirmware: firmware.create({
    audit: 'firmware.create',
    errors: [404, 409],
    summary: 'Records an uploaded firmware package with its model, version and release notes',
    schemas: (s) => ({ body: s.createFirmwareBodySchema, response: s.firmwareSchema }),
  }),
  deleteFirmware: firmware.remove({
    audit: 'firmware.delete',
    errors: [404, 409],
    summary: 'Deletes a firmware package that no unfinished task uses',
    schemas: (s) => ({ params: s.taskIdParamsSchema, response: null }),
  }),
  tasks: tasks.list({
    errors: [404],
    summary: "A page of the company's device tasks, newest first",
    description: 'wheres (base64 JSON): type =, state =, created_at between.',
    schemas: (s) => s.listSchemas(s.taskSchema, s.TASK_FILTERS),
  }),
  task: tasks.get({
    errors: [404],
    summary: 'One device task with its counts by state',
    schemas: (s) => ({ params: s.taskIdParamsSchema, response: s.taskSchema }),
  }),
  jobs,
  exportJobs: exportOf(jobs, {
    path: TASK_PATHS.jobsExport.pattern,
    errors: [404],
    summary: "A task's jobs as .xlsx, in the caller's language",
    schemas: (s) => ({ params: s.taskIdParamsSchema, response: null, also: { 200: s.xlsxFile } }),
  }),
  upgrade: {
    method: 'POST',
    path: TASK_PATHS.upgrade,
    access: upgrade,
    audit: 'task.create',
    errors: [404],
    summary: 'Upgrades the firmware of selected devices, a group or a filter, of the package’s model',
    schemas: (s) => ({ body: s.createUpgradeTaskBodySchema, response: s.taskSchema }),
  },
  retry: {
    method: 'POST',
    path: TASK_PATHS.retry.pattern,
    access: { page: PAGE },
    audit: 'task.retry',
    errors: [404, 409],
    summary: 'The failed jobs of a task (of some devices, or all) start again',
    schemas: (s) => ({ params: s.taskIdParamsSchema, body: s.retryTaskBodySchema, response: s.taskSchema }),
  },
  cancel: {
    method: 'POST',
    path: TASK_PATHS.cancel.pattern,
    access: { page: PAGE },
    audit: 'task.cancel',
    errors: [404, 409],
    summary: 'Cancels a task: its jobs not started fail `cancelled`, started ones run to their end',
    schemas: (s) => ({ params: s.taskIdParamsSchema, response: s.taskSchema }),
  },
  configTemplates: configTemplates.list({
    errors: [400, 404],
    summary: "The company's configuration templates, by name",
    schemas: (s) => ({ response: s.configTemplateListSchema }),
  }),
  createConfigTemplate: configTemplates.create({
    audit: 'config_template.create',
    errors: [404, 409],
    summary: 'Creates a configuration template (image, OSD, network, storage) for a model or every model',
    schemas: (s) => ({ body: s.configTemplateBodySchema, response: s.configTemplateSchema }),
  }),
  updateConfigTemplate: configTemplates.update({
    audit: 'config_template.update',
    errors: [404, 409],
    summary: 'Changes a configuration template (tasks keep what they applied)',
    schemas: (s) => ({
      params: s.taskIdParamsSchema,
      body: s.configTemplateBodySchema,
      response: s.configTemplateSchema,
    }),
  }),
  deleteConfigTemplate: configTemplates.remove({
    audit: 'config_template.delete',
    errors: [404],
    summary: 'Deletes a configuration template (tasks keep what they applied)',
    schemas: (s) => ({ params: s.taskIdParamsSchema, response: null }),
  }),
  configure: {
    method: 'POST',
    path: TASK_PATHS.configuration,
    access: config,
    audit: 'task.create',
    errors: [404],
    summary: "Applies a template to selected devices, a group or a filter (of the template's model)",
    schemas: (s) => ({ body: s.createConfigurationTaskBodySchema, response: s.taskSchema }),
  },
  // Its body is multipart form data (list, then file), read as a stream by the handler (no schema).
  checkWhitelist: {
    method: 'POST',
    path: TASK_PATHS.whitelistCheck,
    access: whitelist,
    errors: [400, 404, 413, 415],
    consumes: ['multipart/form-data'],
    summary: 'Reads a white-list workbook (.xlsx or .csv, multipart: list, then file; column value)',
    description:
      'Answers the entries and the refused rows by row number: missing, format (not a plate or a card ' +
      'number), duplicate (on an earlier row). Writes nothing.',
    schemas: (s) => ({ response: s.whitelistCheckSchema }),
  },
  whitelist: {
    method: 'POST',
    path: TASK_PATHS.whitelist,
    access: whitelist,
    audit: 'task.create',
    errors: [404],
    summary: 'Pushes a white list (plates or cards) to selected devices, a group or a filter',
    schemas: (s) => ({ body: s.createWhitelistTaskBodySchema, response: s.taskSchema }),
  },
});
