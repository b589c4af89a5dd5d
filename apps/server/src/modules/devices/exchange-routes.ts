/**
 * The spreadsheets of page device_maintenance (spec §3 device import rows, §5.4): the empty import
 * templates, the import of a workbook (multipart, read as it arrives) and the export of a filter
 * (an .xlsx streamed as it is written). All need the page's `import` or `export` button and keep to
 * the caller's groups.
 */
import { Readable } from 'node:stream';
import {
  BIND_RECORD_EXPORT_MAX_ROWS,
  BIND_RECORD_FILTERS,
  BIND_RECORD_ORDER_KEYS,
  type BindRecord,
  DEVICE_CALLS,
  DEVICE_EXPORT_MAX_ROWS,
  DEVICE_FILTERS,
  DEVICE_IMPORT_MAX_BYTES,
  DEVICE_ORDER_KEYS,
  type Device,
  type ImportFormat,
  importFieldsSchema,
} from '@vap/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../core/db/client.js';
import { permissionsOf } from '../../core/http/access.js';
import { serve } from '../../core/http/calls.js';
import { ApiError } from '../../core/http/errors.js';
import { negotiateLanguage } from '../../core/http/i18n.js';
import type { ImportSlots } from '../../core/http/import-slots.js';
import { listFilters, listOrders } from '../../core/http/list-query.js';
import { type PluginWord, pluginWords } from '../../core/http/plugin-words.js';
import { sheetFormatOf } from '../../core/http/sheet-rows.js';
import { dateCell, sendXlsx, XLSX, type XlsxCell } from '../../core/http/xlsx-download.js';
import { readMultipart } from '../../core/storage/multipart.js';
import type { BindRecords } from './bind-records.js';
import type { Devices } from './devices.js';
import type { DeviceImport } from './import.js';
import { DEVICE_PAGE_MESSAGES } from './list-words.js';
import { type Actor, actorOf } from './records.js';
import { checkImportFile, importTemplate } from './workbook.js';

const CONTENT_TYPES: Record<ImportFormat, string> = { xlsx: XLSX, csv: 'text/csv; charset=utf-8' };
/** The multipart envelope (boundaries, part headers, the form's few fields) around the file. */
const ENVELOPE_BYTES = 64 * 1024;

/** A column of an export: its header's key in the device pages' words, and its value. */
type Column<T> = readonly [string, (row: T, word: PluginWord) => XlsxCell];

/** An instant as the device list shows it: a date cell, or its word for none. */
const seen = (iso: string | null, word: PluginWord) => dateCell(iso) ?? word('common.never');

/**
 * The columns of a device export, the device list's (device-columns.tsx) in its order, with its
 * headers and values, then what the list does not show: the kind, the remark, when it was bound.
 */
export const DEVICE_EXPORT_COLUMNS: ReadonlyArray<Column<Device>> = [
  ['device.sn', (d) => d.sn],
  ['device.name', (d) => d.name],
  ['device.model', (d) => d.model],
  ['device.kind', (d, word) => word(`kind.${d.kind}`)],
  ['device.firmwareVersion', (d) => d.firmware_version],
  ['device.hardwareVersion', (d) => d.hardware_version],
  ['device.area', (d) => d.area],
  ['device.group', (d, word) => d.group_name || word('groups.ungrouped')],
  ['device.ip', (d) => d.ip],
  ['device.mac', (d) => d.mac],
  ['device.status', (d, word) => word(`status.${d.status}`)],
  ['device.lastOnline', (d, word) => seen(d.last_online_at, word)],
  ['device.lastOffline', (d, word) => seen(d.last_offline_at, word)],
  ['device.cloudBackup', (d, word) => word(`cloud.${d.cloud_backup}`)],
  ['device.cloudVideo', (d, word) => word(`cloud.${d.cloud_video}`)],
  ['device.networkMode', (d, word) => word(`network.${d.network_mode}`)],
  ['device.gb28181Id', (d) => d.gb28181_id],
  ['device.company', (d) => d.company_name],
  ['device.remark', (d) => d.remark],
  ['device.boundAt', (d) => dateCell(d.bound_at)],
];

/** The columns of a binding-record export: the binding records list's (bind-records.tsx). */
export const RECORD_EXPORT_COLUMNS: ReadonlyArray<Column<BindRecord>> = [
  ['records.time', (r) => dateCell(r.created_at)],
  ['device.sn', (r) => r.sn],
  ['records.action', (r, word) => word(`records.actions.${r.action}`)],
  ['records.before', (r) => r.before],
  ['records.after', (r) => r.after],
  ['records.operator', (r) => r.operator_name],
  ['records.source', (r, word) => word(`records.sources.${r.source}`)],
];
/** Records read per page of a binding-record export. */
const RECORD_PAGE = 100;

const formatOf = sheetFormatOf;

const wordsOf = (request: FastifyRequest) =>
  pluginWords(DEVICE_PAGE_MESSAGES, negotiateLanguage(request.headers['accept-language']));

export const exchangeRoutes: FastifyPluginAsyncZod<{
  db: Db;
  devices: Devices;
  imports: DeviceImport;
  records: BindRecords;
  importSlots: ImportSlots;
}> = async (app, { db, devices, imports, records, importSlots }) => {
  // The import's body is read as a stream by readMultipart, never buffered by Fastify.
  app.addContentTypeParser('multipart/form-data', (_request, body, done) => done(null, body));

  await serve(app, DEVICE_CALLS.importTemplate, async (request, reply) => {
    const { mode, format } = request.query;
    return reply
      .type(CONTENT_TYPES[format])
      .header('content-disposition', `attachment; filename="devices-${mode}.${format}"`)
      .send(await importTemplate(mode, format));
  });

  await serve(app, DEVICE_CALLS.importDevices, async (request) => {
    const { body } = request as FastifyRequest;
    if (!(body instanceof Readable)) throw new ApiError(415, 'unsupported_media_type');
    const actor = await actorOf(request, db, 'import');
    return importSlots.run(actor.caller.companyId ?? 0, () => importWorkbook(body, request, actor));
  });

  /** Reads the form and its workbook, then binds its rows. */
  async function importWorkbook(body: Readable, request: FastifyRequest, actor: Actor) {
    const form = await readMultipart(body, request.headers, {
      maxBytes: DEVICE_IMPORT_MAX_BYTES + ENVELOPE_BYTES,
      onFile: async (name, stream, { filename, fields }) => {
        if (name !== 'file') throw new ApiError(400, 'bad_request');
        // The fields come before the file: the mode says how to read it.
        const parsed = importFieldsSchema.safeParse(Object.fromEntries(fields));
        if (!parsed.success) throw new ApiError(400, 'validation_failed');
        const checked = await checkImportFile(stream, formatOf(filename), parsed.data.mode);
        return { checked, fields: parsed.data, discard: async () => {} };
      },
    });
    const file = form.files.get('file');
    if (!file) throw new ApiError(400, 'import_file_invalid');
    return imports.bind(actor, file.checked, {
      groupId: file.fields.group_id ?? null,
      onError: file.fields.on_error,
    });
  }

  await serve(app, DEVICE_CALLS.exportDevices, async (request, reply) => {
    const word = wordsOf(request);
    const rows = devices.exportRows(
      await permissionsOf(request, db),
      listFilters(request.query.wheres, DEVICE_FILTERS),
      listOrders(request.query.orders, DEVICE_ORDER_KEYS),
      DEVICE_EXPORT_MAX_ROWS,
    );
    return sendXlsx(
      reply,
      'devices',
      DEVICE_EXPORT_COLUMNS.map(([key]) => word(key)),
      rows,
      (device) => DEVICE_EXPORT_COLUMNS.map(([, value]) => value(device, word)),
    );
  });

  await serve(app, DEVICE_CALLS.exportBindRecords, async (request, reply) => {
    const word = wordsOf(request);
    const caller = await permissionsOf(request, db);
    const wheres = listFilters(request.query.wheres, BIND_RECORD_FILTERS);
    const orders = listOrders(request.query.orders, BIND_RECORD_ORDER_KEYS);
    async function* rows() {
      for (let page = 1; (page - 1) * RECORD_PAGE < BIND_RECORD_EXPORT_MAX_ROWS; page++) {
        const { items, total } = await records.list(caller, { page, size: RECORD_PAGE, wheres, orders });
        // Spec §8: refused, not cut — a file that silently lacks records reads as the whole log.
        // Read before the answer starts (sendXlsx), so the refusal is the answer.
        if (page === 1 && total > BIND_RECORD_EXPORT_MAX_ROWS)
          throw new ApiError(400, 'log_export_too_many_rows');
        yield* items;
        if (items.length < RECORD_PAGE) return;
      }
    }
    return sendXlsx(
      reply,
      'bind-records',
      RECORD_EXPORT_COLUMNS.map(([key]) => word(key)),
      rows(),
      (record) => RECORD_EXPORT_COLUMNS.map(([, value]) => value(record, word)),
    );
  });
};
