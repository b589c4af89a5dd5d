/**
 * Internet telephony's routes (spec §2.3 voip_*; issue 33), served from VOIP_CALLS. Every call
 * needs the company's product flag `voip` on (0), else 403 `product_disabled`, as the console hides
 * the voip dir without it.
 */
import { Readable } from 'node:stream';
import {
  formatDuration,
  type Language,
  VOIP_CALLS,
  VOIP_DEVICE_FILTERS,
  VOIP_DIAL_RECORD_FILTERS,
  VOIP_DIAL_RECORD_ORDER_KEYS,
  VOIP_IMPORT_MAX_BYTES,
  type VoipDialRecord,
  type VoipExtensionKind,
} from '@vap/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import en from '../../../../../plugins/voip/src/locales/en.json' with { type: 'json' };
import zhCN from '../../../../../plugins/voip/src/locales/zh-CN.json' with { type: 'json' };
import zhTW from '../../../../../plugins/voip/src/locales/zh-TW.json' with { type: 'json' };
import { auditTrail } from '../../core/audit/recorder.js';
import { companyOf } from '../../core/auth/permissions.js';
import type { Db } from '../../core/db/client.js';
import { devices } from '../../core/db/devices.js';
import { serve } from '../../core/http/calls.js';
import { ApiError } from '../../core/http/errors.js';
import { negotiateLanguage } from '../../core/http/i18n.js';
import type { ImportSlots } from '../../core/http/import-slots.js';
import { listSelection } from '../../core/http/list-query.js';
import { whereOf } from '../../core/http/list-sql.js';
import { type PluginMessages, pluginWords } from '../../core/http/plugin-words.js';
import { productCallerOf, productCompanyOf } from '../../core/http/product-gate.js';
import { sheetFormatOf } from '../../core/http/sheet-rows.js';
import { dateCell, sendXlsxColumns, XLSX, type XlsxCell } from '../../core/http/xlsx-download.js';
import { readMultipart } from '../../core/storage/multipart.js';
import type { VoipCallCenters } from './call-centers.js';
import type { VoipDialRecords } from './dial-records.js';
import type { VoipExtensions } from './extensions.js';
import { importDevicePhones, importTemplate, readImportRows } from './import.js';
import type { StatusSource } from './registrations.js';

/** The words of the voip pages (plugins/voip): an export says what its list says. */
export const VOIP_PAGE_MESSAGES: PluginMessages = { en, 'zh-CN': zhCN, 'zh-TW': zhTW };

/** The dial records list's columns (plugins/voip dial-record page), the result in words. */
export const DIAL_RECORD_EXPORT_COLUMNS: ReadonlyArray<
  readonly [string, (row: VoipDialRecord, word: (key: string) => string) => XlsxCell]
> = [
  ['dialRecord.startedAt', (row) => dateCell(row.started_at)],
  ['dialRecord.caller', (row) => row.caller],
  ['dialRecord.callee', (row) => row.callee],
  ['dialRecord.callCenter', (row) => row.call_center_name ?? row.call_center_dial_id ?? ''],
  ['dialRecord.agent', (row) => row.agent ?? ''],
  ['dialRecord.answeredAt', (row) => dateCell(row.answered_at)],
  ['dialRecord.endedAt', (row) => dateCell(row.ended_at)],
  ['dialRecord.duration', (row) => formatDuration(row.duration)],
  ['dialRecord.result', (row, word) => word(`results.${row.result}`)],
];

/** What a multipart form adds to its file. */
const ENVELOPE_BYTES = 64 * 1024;

const deviceFilters = whereOf(VOIP_DEVICE_FILTERS, { sn: devices.sn });

export interface VoipRouteOptions {
  db: Db;
  importSlots: ImportSlots;
  extensions: VoipExtensions;
  callCenters: VoipCallCenters;
  dialRecords: VoipDialRecords;
  source: StatusSource;
  sipDomain: string;
  sipServer: string | null;
  sipWebSocket: string | null;
}

export async function voipRoutes(
  app: FastifyInstance,
  {
    db,
    importSlots,
    extensions,
    callCenters,
    dialRecords,
    source,
    sipDomain,
    sipServer,
    sipWebSocket,
  }: VoipRouteOptions,
) {
  // The import's workbook is read as a stream by readMultipart, never buffered by Fastify.
  app.addContentTypeParser('multipart/form-data', (_request, body, done) => done(null, body));

  /** The caller, once their company's product flag voip is on (0). */
  const callerOf = (request: FastifyRequest) => productCallerOf(request, db, 'voip');
  const companyOfCaller = (request: FastifyRequest) => productCompanyOf(request, db, 'voip');

  await serve(app, VOIP_CALLS.server, async (request) => {
    const companyId = await companyOfCaller(request);
    return {
      server: sipServer,
      // Only where the status is live: a softphone needs the SIP server Kamailio runs on PostgreSQL.
      websocket: source.live ? sipWebSocket : null,
      live: source.live,
      reason: source.live ? null : source.reason,
      domain: extensions.domainOf(companyId),
    };
  });

  /** A phone's password and deletion: the same for device and agent phones, by their kind. */
  async function servePhoneKeys(
    kind: VoipExtensionKind,
    password: typeof VOIP_CALLS.resetDevicePhonePassword | typeof VOIP_CALLS.resetAgentPhonePassword,
    remove: typeof VOIP_CALLS.deleteDevicePhone | typeof VOIP_CALLS.deleteAgentPhone,
  ) {
    await serve(app, password, async (request) =>
      extensions.resetPassword(
        await callerOf(request),
        kind,
        request.params.id,
        request.body.password,
        auditTrail(request),
      ),
    );
    await serve(app, remove, async (request) => {
      await extensions.delete(await callerOf(request), kind, request.params.id, auditTrail(request));
    });
  }

  // Device phones.
  await serve(app, VOIP_CALLS.devicePhones, async (request, _reply, list) =>
    extensions.page(await callerOf(request), 'device', list),
  );
  await serve(app, VOIP_CALLS.devices, async (request, _reply, list) =>
    extensions.devices(await callerOf(request), list, deviceFilters(list.wheres)),
  );
  await serve(app, VOIP_CALLS.createDevicePhone, async (request) =>
    extensions.create(await callerOf(request), 'device', request.body, auditTrail(request)),
  );
  await serve(app, VOIP_CALLS.updateDevicePhone, async (request) =>
    extensions.update(
      await callerOf(request),
      'device',
      request.params.id,
      request.body,
      auditTrail(request),
    ),
  );
  await servePhoneKeys('device', VOIP_CALLS.resetDevicePhonePassword, VOIP_CALLS.deleteDevicePhone);
  await serve(app, VOIP_CALLS.importTemplate, async (request, reply) => {
    await callerOf(request);
    return reply
      .type(XLSX)
      .header('content-disposition', 'attachment; filename="device-phones.xlsx"')
      .send(await importTemplate());
  });
  await serve(app, VOIP_CALLS.importDevicePhones, async (request) => {
    const { body } = request as FastifyRequest;
    if (!(body instanceof Readable)) throw new ApiError(415, 'unsupported_media_type');
    const caller = await callerOf(request);
    return importSlots.run(companyOf(caller), async () => {
      const form = await readMultipart(body, request.headers, {
        maxBytes: VOIP_IMPORT_MAX_BYTES + ENVELOPE_BYTES,
        onFile: async (name, stream, { filename }) => {
          if (name !== 'file') throw new ApiError(400, 'bad_request');
          const read = await readImportRows(stream, sheetFormatOf(filename));
          return { read, discard: async () => {} };
        },
      });
      const file = form.files.get('file');
      if (!file) throw new ApiError(400, 'import_file_invalid');
      return importDevicePhones(db, caller, sipDomain, file.read, auditTrail(request));
    });
  });

  // Agent phones.
  await serve(app, VOIP_CALLS.agentPhones, async (request, _reply, list) =>
    extensions.page(await callerOf(request), 'agent', list),
  );
  await serve(app, VOIP_CALLS.createAgentPhone, async (request) =>
    extensions.create(await callerOf(request), 'agent', request.body, auditTrail(request)),
  );
  await serve(app, VOIP_CALLS.updateAgentPhone, async (request) =>
    extensions.update(await callerOf(request), 'agent', request.params.id, request.body, auditTrail(request)),
  );
  await servePhoneKeys('agent', VOIP_CALLS.resetAgentPhonePassword, VOIP_CALLS.deleteAgentPhone);

  // Call centers.
  await serve(app, VOIP_CALLS.callCenters, async (request, _reply, list) =>
    callCenters.page(await companyOfCaller(request), list),
  );
  await serve(app, VOIP_CALLS.createCallCenter, async (request) =>
    callCenters.create(await companyOfCaller(request), request.body, auditTrail(request)),
  );
  await serve(app, VOIP_CALLS.updateCallCenter, async (request) =>
    callCenters.update(await companyOfCaller(request), request.params.id, request.body, auditTrail(request)),
  );
  await serve(app, VOIP_CALLS.deleteCallCenter, async (request) => {
    await callCenters.delete(await companyOfCaller(request), request.params.id, auditTrail(request));
  });

  // Dial records.
  await serve(app, VOIP_CALLS.dialRecords, async (request, _reply, list) =>
    dialRecords.page(await companyOfCaller(request), list),
  );
  await serve(app, VOIP_CALLS.exportDialRecords, async (request, reply) => {
    const rows = await dialRecords.all(
      await companyOfCaller(request),
      listSelection(request.query, VOIP_DIAL_RECORD_FILTERS, VOIP_DIAL_RECORD_ORDER_KEYS),
    );
    const language: Language = negotiateLanguage(request.headers['accept-language']);
    const word = pluginWords(VOIP_PAGE_MESSAGES, language);
    return sendXlsxColumns(reply, 'dial-records', DIAL_RECORD_EXPORT_COLUMNS, word, rows, word);
  });
}
