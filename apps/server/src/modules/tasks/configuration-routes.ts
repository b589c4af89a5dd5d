/**
 * Configuration and white-list tasks of page device_maintenance (spec §1 configuration, white-list
 * import; issue 16): the templates and configuration tasks need the `config` button; checking a
 * white-list workbook and pushing a white list need the `whitelist` button.
 */
import { Readable } from 'node:stream';
import {
  apiErrorSchema,
  configTemplateBodySchema,
  configTemplateSchema,
  createConfigurationTaskBodySchema,
  createWhitelistTaskBodySchema,
  type PageName,
  TASK_BUTTONS,
  TASK_PATHS,
  taskIdParamsSchema,
  taskSchema,
  WHITELIST_KINDS,
  WHITELIST_MAX_BYTES,
  whitelistCheckSchema,
} from '@vap/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditTrail } from '../../core/audit/recorder.js';
import { companyOf } from '../../core/auth/permissions.js';
import type { Db } from '../../core/db/client.js';
import { permissionsOf } from '../../core/http/access.js';
import { ApiError } from '../../core/http/errors.js';
import type { ImportSlots } from '../../core/http/import-slots.js';
import { sheetFormatOf } from '../../core/http/sheet-rows.js';
import { readMultipart } from '../../core/storage/multipart.js';
import type { Tasks } from './tasks.js';
import type { ConfigTemplates } from './templates.js';
import { checkWhitelist } from './whitelist.js';

const security = [{ bearer: [] }];
const refusals = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const PAGE: PageName = 'device_maintenance';
const config = { page: PAGE, button: TASK_BUTTONS.configuration };
const whitelist = { page: PAGE, button: TASK_BUTTONS.whitelist };
/** What a multipart form adds to its file. */
const ENVELOPE_BYTES = 64 * 1024;

export interface ConfigurationRoutesOptions {
  db: Db;
  tasks: Tasks;
  templates: ConfigTemplates;
  importSlots: ImportSlots;
}

export const configurationRoutes: FastifyPluginAsyncZod<ConfigurationRoutesOptions> = async (
  app,
  { db, tasks, templates, importSlots },
) => {
  const companyOfCaller = async (request: FastifyRequest) => companyOf(await permissionsOf(request, db));
  // The white-list workbook is read as a stream by readMultipart, never buffered by Fastify.
  app.addContentTypeParser('multipart/form-data', (_request, body, done) => done(null, body));

  app.get(
    TASK_PATHS.configTemplates,
    {
      config: { access: { page: PAGE } },
      schema: {
        tags: ['tasks'],
        summary: "The company's configuration templates, by name",
        security,
        response: { 200: z.object({ items: z.array(configTemplateSchema) }), ...refusals },
      },
    },
    async (request) => ({ items: await templates.list(await companyOfCaller(request)) }),
  );

  app.post(
    TASK_PATHS.configTemplates,
    {
      config: { access: config, audit: 'config_template.create' },
      schema: {
        tags: ['tasks'],
        summary: 'Creates a configuration template (image, OSD, network, storage) for a model or every model',
        security,
        body: configTemplateBodySchema,
        response: { 200: configTemplateSchema, ...refusals, 409: apiErrorSchema },
      },
    },
    async (request) => templates.create(await companyOfCaller(request), request.body, auditTrail(request)),
  );

  app.put(
    TASK_PATHS.configTemplate.pattern,
    {
      config: { access: config, audit: 'config_template.update' },
      schema: {
        tags: ['tasks'],
        summary: 'Changes a configuration template (tasks keep what they applied)',
        security,
        params: taskIdParamsSchema,
        body: configTemplateBodySchema,
        response: { 200: configTemplateSchema, ...refusals, 409: apiErrorSchema },
      },
    },
    async (request) =>
      templates.update(await companyOfCaller(request), request.params.id, request.body, auditTrail(request)),
  );

  app.delete(
    TASK_PATHS.configTemplate.pattern,
    {
      config: { access: config, audit: 'config_template.delete' },
      schema: {
        tags: ['tasks'],
        summary: 'Deletes a configuration template (tasks keep what they applied)',
        security,
        params: taskIdParamsSchema,
        response: { 204: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      await templates.delete(await companyOfCaller(request), request.params.id, auditTrail(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    TASK_PATHS.configuration,
    {
      config: { access: config, audit: 'task.create' },
      schema: {
        tags: ['tasks'],
        summary: "Applies a template to selected devices, a group or a filter (of the template's model)",
        security,
        body: createConfigurationTaskBodySchema,
        response: { 200: taskSchema, ...refusals },
      },
    },
    async (request) =>
      tasks.createConfiguration(await permissionsOf(request, db), request.body, auditTrail(request)),
  );

  app.post(
    TASK_PATHS.whitelistCheck,
    {
      config: { access: whitelist },
      schema: {
        tags: ['tasks'],
        summary: 'Reads a white-list workbook (.xlsx or .csv, multipart: list, then file; column value)',
        description:
          'Answers the entries and the refused rows by row number: missing, format (not a plate or a card ' +
          'number), duplicate (on an earlier row). Writes nothing.',
        security,
        consumes: ['multipart/form-data'],
        response: { 200: whitelistCheckSchema, ...refusals, 413: apiErrorSchema, 415: apiErrorSchema },
      },
    },
    async (request) => {
      const { body } = request;
      if (!(body instanceof Readable)) throw new ApiError(415, 'unsupported_media_type');
      return importSlots.run(await companyOfCaller(request), () => readWhitelist(body, request));
    },
  );

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

  app.post(
    TASK_PATHS.whitelist,
    {
      config: { access: whitelist, audit: 'task.create' },
      schema: {
        tags: ['tasks'],
        summary: 'Pushes a white list (plates or cards) to selected devices, a group or a filter',
        security,
        body: createWhitelistTaskBodySchema,
        response: { 200: taskSchema, ...refusals },
      },
    },
    async (request) =>
      tasks.createWhitelist(await permissionsOf(request, db), request.body, auditTrail(request)),
  );
};
