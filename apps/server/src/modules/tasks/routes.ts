/**
 * The device tasks of page device_maintenance (issue 16): the list, one task and its jobs need the
 * page; a firmware package and an upgrade task need the `upgrade` button; retrying or cancelling a
 * task needs the button of its type (TASK_BUTTONS).
 */
import {
  apiErrorSchema,
  createFirmwareBodySchema,
  createUpgradeTaskBodySchema,
  firmwareSchema,
  firmwareTokenBodySchema,
  listPageSchema,
  listQuerySchema,
  type PageName,
  retryTaskBodySchema,
  TASK_BUTTONS,
  TASK_FILTERS,
  TASK_JOB_FILTERS,
  TASK_PATHS,
  taskIdParamsSchema,
  taskJobSchema,
  taskSchema,
  uploadTokenResultSchema,
} from '@vap/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditTrail } from '../../core/audit/recorder.js';
import { allows, companyOf } from '../../core/auth/permissions.js';
import type { Db } from '../../core/db/client.js';
import { permissionsOf } from '../../core/http/access.js';
import { ApiError } from '../../core/http/errors.js';
import { negotiateLanguage } from '../../core/http/i18n.js';
import { listFilters } from '../../core/http/list-query.js';
import { pluginWords } from '../../core/http/plugin-words.js';
import { sendXlsx } from '../../core/http/xlsx-download.js';
import { DEVICE_PAGE_MESSAGES } from '../devices/index.js';
import type { FirmwarePackages } from './firmware.js';
import { JOB_EXPORT_COLUMNS } from './job-export.js';
import type { Tasks } from './tasks.js';

const security = [{ bearer: [] }];
const refusals = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const PAGE: PageName = 'device_maintenance';
const upgrade = { page: PAGE, button: TASK_BUTTONS.firmware_upgrade };

export interface TaskRoutesOptions {
  db: Db;
  tasks: Tasks;
  firmware: FirmwarePackages;
}

export const taskRoutes: FastifyPluginAsyncZod<TaskRoutesOptions> = async (app, { db, tasks, firmware }) => {
  const companyOfCaller = async (request: FastifyRequest) => companyOf(await permissionsOf(request, db));

  app.get(
    TASK_PATHS.firmware,
    {
      config: { access: { page: PAGE } },
      schema: {
        tags: ['tasks'],
        summary: "The company's firmware packages, newest first",
        security,
        response: { 200: z.object({ items: z.array(firmwareSchema) }), ...refusals },
      },
    },
    async (request) => ({ items: await firmware.list(await companyOfCaller(request)) }),
  );

  app.post(
    TASK_PATHS.firmwareToken,
    {
      config: { access: upgrade },
      schema: {
        tags: ['tasks'],
        summary: 'An upload token for a firmware package firmware/{companyId}_{md5}.bin, at most 100 MB',
        security,
        body: firmwareTokenBodySchema,
        response: { 200: uploadTokenResultSchema, ...refusals },
      },
    },
    async (request) => firmware.token(await companyOfCaller(request), request.body),
  );

  app.post(
    TASK_PATHS.firmware,
    {
      config: { access: upgrade, audit: 'firmware.create' },
      schema: {
        tags: ['tasks'],
        summary: 'Records an uploaded firmware package with its model, version and release notes',
        security,
        body: createFirmwareBodySchema,
        response: { 200: firmwareSchema, ...refusals, 409: apiErrorSchema },
      },
    },
    async (request) => firmware.create(await companyOfCaller(request), request.body, auditTrail(request)),
  );

  app.delete(
    TASK_PATHS.firmwareItem.pattern,
    {
      config: { access: upgrade, audit: 'firmware.delete' },
      schema: {
        tags: ['tasks'],
        summary: 'Deletes a firmware package that no unfinished task uses',
        security,
        params: taskIdParamsSchema,
        response: { 204: z.null(), ...refusals, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await firmware.delete(await companyOfCaller(request), request.params.id, auditTrail(request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    TASK_PATHS.tasks,
    {
      config: { access: { page: PAGE } },
      schema: {
        tags: ['tasks'],
        summary: "A page of the company's device tasks, newest first",
        description: 'wheres (base64 JSON): type =, state =, created_at between.',
        security,
        querystring: listQuerySchema,
        response: { 200: listPageSchema(taskSchema), ...refusals },
      },
    },
    async (request) => {
      const { page, size, wheres } = request.query;
      return tasks.list(await companyOfCaller(request), {
        page,
        size,
        wheres: listFilters(wheres, TASK_FILTERS),
      });
    },
  );

  app.get(
    TASK_PATHS.task.pattern,
    {
      config: { access: { page: PAGE } },
      schema: {
        tags: ['tasks'],
        summary: 'One device task with its counts by state',
        security,
        params: taskIdParamsSchema,
        response: { 200: taskSchema, ...refusals },
      },
    },
    async (request) => tasks.detail(await companyOfCaller(request), request.params.id),
  );

  app.get(
    TASK_PATHS.jobs.pattern,
    {
      config: { access: { page: PAGE } },
      schema: {
        tags: ['tasks'],
        summary: "A page of a task's jobs, one per device",
        description: 'wheres (base64 JSON): state =, sn = or like.',
        security,
        params: taskIdParamsSchema,
        querystring: listQuerySchema,
        response: { 200: listPageSchema(taskJobSchema), ...refusals },
      },
    },
    async (request) => {
      const { page, size, wheres } = request.query;
      return tasks.jobs(await companyOfCaller(request), request.params.id, {
        page,
        size,
        wheres: listFilters(wheres, TASK_JOB_FILTERS),
      });
    },
  );

  app.get(
    TASK_PATHS.jobsExport.pattern,
    {
      config: { access: { page: PAGE, button: 'export' } },
      schema: {
        tags: ['tasks'],
        summary: "A task's jobs as .xlsx, in the caller's language",
        security,
        params: taskIdParamsSchema,
        response: { 200: z.unknown().describe('.xlsx'), ...refusals },
      },
    },
    async (request, reply) => {
      const companyId = await companyOfCaller(request);
      const task = await tasks.detail(companyId, request.params.id);
      const word = pluginWords(DEVICE_PAGE_MESSAGES, negotiateLanguage(request.headers['accept-language']));
      return sendXlsx(
        reply,
        `task-${task.id}`,
        JOB_EXPORT_COLUMNS.map(([key]) => word(key)),
        tasks.allJobs(companyId, task.id),
        (job) => JOB_EXPORT_COLUMNS.map(([, cell]) => cell(job, word, task.type)),
      );
    },
  );

  app.post(
    TASK_PATHS.upgrade,
    {
      config: { access: upgrade, audit: 'task.create' },
      schema: {
        tags: ['tasks'],
        summary: 'Upgrades the firmware of selected devices, a group or a filter, of the package’s model',
        security,
        body: createUpgradeTaskBodySchema,
        response: { 200: taskSchema, ...refusals },
      },
    },
    async (request) =>
      tasks.createUpgrade(await permissionsOf(request, db), request.body, auditTrail(request)),
  );

  /** The task's type decides the button a retry or a cancel needs. */
  async function actingOn(request: FastifyRequest, id: number) {
    const permissions = await permissionsOf(request, db);
    const companyId = companyOf(permissions);
    const task = await tasks.detail(companyId, id);
    if (!allows(permissions.holder, PAGE, TASK_BUTTONS[task.type])) throw new ApiError(403, 'forbidden');
    return companyId;
  }

  app.post(
    TASK_PATHS.retry.pattern,
    {
      config: { access: { page: PAGE }, audit: 'task.retry' },
      schema: {
        tags: ['tasks'],
        summary: 'The failed jobs of a task (of some devices, or all) start again',
        security,
        params: taskIdParamsSchema,
        body: retryTaskBodySchema,
        response: { 200: taskSchema, ...refusals, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const companyId = await actingOn(request, request.params.id);
      return tasks.retry(companyId, request.params.id, request.body.device_ids, auditTrail(request));
    },
  );

  app.post(
    TASK_PATHS.cancel.pattern,
    {
      config: { access: { page: PAGE }, audit: 'task.cancel' },
      schema: {
        tags: ['tasks'],
        summary: 'Cancels a task: its jobs not started fail `cancelled`, started ones run to their end',
        security,
        params: taskIdParamsSchema,
        response: { 200: taskSchema, ...refusals, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const companyId = await actingOn(request, request.params.id);
      return tasks.cancel(companyId, request.params.id, auditTrail(request));
    },
  );
};
