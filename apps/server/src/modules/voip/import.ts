/**
 * The device-phone import (spec §2.3 voip_device_phone, its `import` button; issue 33): a workbook
 * (.xlsx or .csv) of dial_id, device_sn, display_name and password, read by the one guarded sheet
 * reader (core/http/sheet-rows.ts). Every bad row is reported with its row and reason, and then
 * nothing is imported: a sheet is added whole or not at all. A row without a password gets one
 * made up; each imported extension's password is answered this once.
 */
import type { Readable } from 'node:stream';
import {
  type ImportFormat,
  VOIP_DIAL_ID_PATTERN,
  VOIP_DISPLAY_NAME_MAX_LENGTH,
  VOIP_IMPORT_COLUMNS,
  VOIP_IMPORT_MAX_ROWS,
  VOIP_PASSWORD_PATTERN,
  type VoipImportResult,
  type VoipImportRowError,
} from '@vap/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { AuditTrail } from '../../core/audit/recorder.js';
import { companyOf, type Permissions } from '../../core/auth/permissions.js';
import type { Db } from '../../core/db/client.js';
import { devices } from '../../core/db/devices.js';
import { ApiError } from '../../core/http/errors.js';
import { readSheetRows } from '../../core/http/sheet-rows.js';
import { ownDevicesWhere } from '../devices/index.js';
import { digestCredentials, sipDomainOf } from './domain.js';
import { dialIdRace, lockDialIds, makePassword } from './extensions.js';
import { voipCallCenters, voipExtensions } from './schema.js';

interface ImportRow {
  row: number;
  dialId: string;
  deviceSn: string;
  displayName: string;
  password: string;
}

/** The rows of a sheet, each checked on its own; those refused with their reason. */
export async function readImportRows(
  file: Readable,
  format: ImportFormat,
): Promise<{ rows: ImportRow[]; errors: VoipImportRowError[]; count: number }> {
  const rows: ImportRow[] = [];
  const errors: VoipImportRowError[] = [];
  const firstOf = new Set<string>();
  let count = 0;
  for await (const { row, cells, inexact } of readSheetRows(file, format, {
    columns: VOIP_IMPORT_COLUMNS,
    maxRows: VOIP_IMPORT_MAX_ROWS,
  })) {
    count++;
    const dialId = cells.dial_id ?? '';
    const deviceSn = cells.device_sn ?? '';
    const displayName = cells.display_name ?? '';
    const password = cells.password ?? '';
    const refuse = (code: VoipImportRowError['code']) => errors.push({ row, dial_id: dialId, code });
    if (dialId === '' || deviceSn === '') refuse('missing');
    else if (!VOIP_DIAL_ID_PATTERN.test(dialId)) refuse('dial_id_format');
    else if (inexact || (password !== '' && !VOIP_PASSWORD_PATTERN.test(password))) refuse('password_format');
    else if (displayName.length > VOIP_DISPLAY_NAME_MAX_LENGTH) refuse('display_name_format');
    else if (deviceSn.length > 64) refuse('device_unknown');
    else if (firstOf.has(dialId)) refuse('duplicate');
    else {
      firstOf.add(dialId);
      rows.push({ row, dialId, deviceSn, displayName, password: password || makePassword() });
    }
  }
  if (count === 0) throw new ApiError(400, 'no_device');
  return { rows, errors, count };
}

/**
 * Adds the checked rows as device phones of the caller's company, or none: a row whose device is not
 * the caller's, or whose dial id the company has, is refused too, and any refusal adds nothing.
 */
export async function importDevicePhones(
  db: Db,
  caller: Permissions,
  sipDomain: string,
  read: { rows: ImportRow[]; errors: VoipImportRowError[]; count: number },
  trail: AuditTrail,
): Promise<VoipImportResult> {
  const companyId = companyOf(caller);
  const domain = sipDomainOf(companyId, sipDomain);
  return db
    .transaction(async (tx) => {
      await lockDialIds(tx, companyId);
      const errors = [...read.errors];
      const sns = [...new Set(read.rows.map((row) => row.deviceSn))];
      const dialIds = read.rows.map((row) => row.dialId);
      const owned = new Set(
        sns.length === 0
          ? []
          : (
              await tx
                .select({ sn: devices.sn })
                .from(devices)
                .where(and(inArray(devices.sn, sns), ownDevicesWhere(caller)))
            ).map((device) => device.sn),
      );
      const taken = new Set(
        dialIds.length === 0
          ? []
          : [
              ...(await tx
                .select({ dialId: voipExtensions.dialId })
                .from(voipExtensions)
                .where(
                  and(eq(voipExtensions.companyId, companyId), inArray(voipExtensions.dialId, dialIds)),
                )),
              ...(await tx
                .select({ dialId: voipCallCenters.dialId })
                .from(voipCallCenters)
                .where(
                  and(eq(voipCallCenters.companyId, companyId), inArray(voipCallCenters.dialId, dialIds)),
                )),
            ].map((found) => found.dialId),
      );
      for (const row of read.rows) {
        if (!owned.has(row.deviceSn))
          errors.push({ row: row.row, dial_id: row.dialId, code: 'device_unknown' });
        else if (taken.has(row.dialId))
          errors.push({ row: row.row, dial_id: row.dialId, code: 'dial_id_taken' });
      }
      if (errors.length > 0) {
        errors.sort((a, b) => a.row - b.row);
        return { rows: read.count, imported: [], errors };
      }
      const inserted = await tx
        .insert(voipExtensions)
        .values(
          read.rows.map((row) => ({
            companyId,
            kind: 'device' as const,
            dialId: row.dialId,
            domain,
            displayName: row.displayName,
            deviceSn: row.deviceSn,
            ...digestCredentials(row.dialId, domain, row.password),
          })),
        )
        .returning({ id: voipExtensions.id });
      await trail.record(tx, {
        action: 'voip.extension.import',
        target: { type: 'voip_extension' },
        after: {
          count: inserted.length,
          extensions: read.rows.map((row) => ({ dial_id: row.dialId, device_sn: row.deviceSn })),
        },
      });
      return {
        rows: read.count,
        imported: read.rows.map((row) => ({ dial_id: row.dialId, password: row.password })),
        errors: [],
      };
    })
    .catch(dialIdRace);
}

/** The import's empty workbook: its header, every column text (a dial id of digits stays text). */
export async function importTemplate(): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('device_phones');
  sheet.columns = VOIP_IMPORT_COLUMNS.map((column) => ({ header: column, key: column, width: 24 }));
  for (const column of VOIP_IMPORT_COLUMNS) sheet.getColumn(column).numFmt = '@';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
