/**
 * The device tasks of page device_maintenance (issue 16), served from TASK_CALLS: firmware packages,
 * the tasks and their jobs, upgrade tasks, retries and cancels.
 */
import { type PageName, TASK_BUTTONS, TASK_CALLS } from '@vap/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditTrail } from '../../core/audit/recorder.js';
import { allows, companyOf } from '../../core/auth/permissions.js';
import type { Db } from '../../core/db/client.js';
import { companyOfCaller, permissionsOf } from '../../core/http/access.js';
import { serve } from '../../core/http/calls.js';
import { ApiError } from '../../core/http/errors.js';
import { negotiateLanguage } from '../../core/http/i18n.js';
import { pluginWords } from '../../core/http/plugin-words.js';
import { sendXlsx } from '../../core/http/xlsx-download.js';
import { DEVICE_PAGE_MESSAGES } from '../devices/index.js';
import type { FirmwarePackages } from './firmware.js';
import { JOB_EXPORT_COLUMNS } from './job-export.js';
import type { Tasks } from './tasks.js';

const PAGE: PageName = 'device_maintenance';

export interface TaskRoutesOptions {
  db: Db;
  tasks: Tasks;
  firmware: FirmwarePackages;
}

export async function taskRoutes(app: FastifyInstance, { db, tasks, firmware }: TaskRoutesOptions) {
  await serve(app, TASK_CALLS.firmware, async (request) => ({
    items: await firmware.list(await companyOfCaller(request, db)),
  }));
  await serve(app, TASK_CALLS.firmwareToken, async (request) =>
    firmware.token(await companyOfCaller(request, db), request.body),
  );
  await serve(app, TASK_CALLS.createFirmware, async (request) =>
    firmware.create(await companyOfCaller(request, db), request.body, auditTrail(request)),
  );
  await serve(app, TASK_CALLS.deleteFirmware, async (request) => {
    await firmware.delete(await companyOfCaller(request, db), request.params.id, auditTrail(request));
  });

  await serve(app, TASK_CALLS.tasks, async (request, _reply, { page, size, wheres }) =>
    tasks.list(await companyOfCaller(request, db), { page, size, wheres }),
  );
  await serve(app, TASK_CALLS.task, async (request) =>
    tasks.detail(await companyOfCaller(request, db), request.params.id),
  );
  await serve(app, TASK_CALLS.jobs, async (request, _reply, { page, size, wheres }) =>
    tasks.jobs(await companyOfCaller(request, db), request.params.id, { page, size, wheres }),
  );
  await serve(app, TASK_CALLS.exportJobs, async (request, reply) => {
    const companyId = await companyOfCaller(request, db);
    const task = await tasks.detail(companyId, request.params.id);
    const word = pluginWords(DEVICE_PAGE_MESSAGES, negotiateLanguage(request.headers['accept-language']));
    return sendXlsx(
      reply,
      `task-${task.id}`,
      JOB_EXPORT_COLUMNS.map(([key]) => word(key)),
      tasks.allJobs(companyId, task.id),
      (job) => JOB_EXPORT_COLUMNS.map(([, cell]) => cell(job, word, task.type)),
    );
  });

  await serve(app, TASK_CALLS.upgrade, async (request) =>
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

  await serve(app, TASK_CALLS.retry, async (request) => {
    const companyId = await actingOn(request, request.params.id);
    return tasks.retry(companyId, request.params.id, request.body.device_ids, auditTrail(request));
  });
  await serve(app, TASK_CALLS.cancel, async (request) => {
    const companyId = await actingOn(request, request.params.id);
    return tasks.cancel(companyId, request.params.id, auditTrail(request));
  });
}
