/**
 * Configuration and white-list tasks of page device_maintenance (spec §1 configuration, white-list
 * import; issue 16), served from TASK_CALLS: the templates, configuration tasks, the white-list
 * workbook's check and white-list tasks.
 */
import { Readable } from 'node:stream';
import { TASK_CALLS, WHITELIST_KINDS, WHITELIST_MAX_BYTES } from '@vap/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { auditTrail } from '../../core/audit/recorder.js';
import type { Db } from '../../core/db/client.js';
import { companyOfCaller, permissionsOf } from '../../core/http/access.js';
import { serve } from '../../core/http/calls.js';
import { ApiError } from '../../core/http/errors.js';
import type { ImportSlots } from '../../core/http/import-slots.js';
import { sheetFormatOf } from '../../core/http/sheet-rows.js';
import { readMultipart } from '../../core/storage/multipart.js';
import type { Tasks } from './tasks.js';
import type { ConfigTemplates } from './templates.js';
import { checkWhitelist } from './whitelist.js';

/** What a multipart form adds to its file. */
const ENVELOPE_BYTES = 64 * 1024;

export interface ConfigurationRoutesOptions {
  db: Db;
  tasks: Tasks;
  templates: ConfigTemplates;
  importSlots: ImportSlots;
}

export async function configurationRoutes(
  app: FastifyInstance,
  { db, tasks, templates, importSlots }: ConfigurationRoutesOptions,
) {
  // The white-list workbook is read as a stream by readMultipart, never buffered by Fastify.
  app.addContentTypeParser('multipart/form-data', (_request, body, done) => done(null, body));

  await serve(app, TASK_CALLS.configTemplates, async (request) => ({
    items: await templates.list(await companyOfCaller(request, db)),
  }));
  await serve(app, TASK_CALLS.createConfigTemplate, async (request) =>
    templates.create(await companyOfCaller(request, db), request.body, auditTrail(request)),
  );
  await serve(app, TASK_CALLS.updateConfigTemplate, async (request) =>
    templates.update(
      await companyOfCaller(request, db),
      request.params.id,
      request.body,
      auditTrail(request),
    ),
  );
  await serve(app, TASK_CALLS.deleteConfigTemplate, async (request) => {
    await templates.delete(await companyOfCaller(request, db), request.params.id, auditTrail(request));
  });
  await serve(app, TASK_CALLS.configure, async (request) =>
    tasks.createConfiguration(await permissionsOf(request, db), request.body, auditTrail(request)),
  );

  await serve(app, TASK_CALLS.checkWhitelist, async (request) => {
    const { body } = request;
    if (!(body instanceof Readable)) throw new ApiError(415, 'unsupported_media_type');
    return importSlots.run(await companyOfCaller(request, db), () => readWhitelist(body, request));
  });

  /** Reads a white-list form and checks its workbook's rows. */
  async function readWhitelist(body: Readable, request: FastifyRequest) {
    const form = await readMultipart(body, request.headers, {
      maxBytes: WHITELIST_MAX_BYTES + ENVELOPE_BYTES,
      onFile: async (name, stream, { filename, fields }) => {
        if (name !== 'file') throw new ApiError(400, 'bad_request');
        // The list comes before the file: it says what a row must be.
        const list = z.enum(WHITELIST_KINDS).safeParse(fields.get('list'));
        if (!list.success) throw new ApiError(400, 'validation_failed');
        const checked = await checkWhitelist(stream, sheetFormatOf(filename), list.data);
        return { checked, discard: async () => {} };
      },
    });
    const file = form.files.get('file');
    if (!file) throw new ApiError(400, 'import_file_invalid');
    return file.checked;
  }

  await serve(app, TASK_CALLS.whitelist, async (request) =>
    tasks.createWhitelist(await permissionsOf(request, db), request.body, auditTrail(request)),
  );
}
