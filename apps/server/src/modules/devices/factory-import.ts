/**
 * `npm run ops -- factory:import <file.csv|xlsx>`: a production batch into the factory registry.
 * The file's header names its columns (FACTORY_COLUMNS, any order); each row is checked (serial of
 * §5.1 matching its kind, device code, MAC, versions, secret, production date) and refused with its
 * row number and reason. Idempotent: a unit already in the registry with the same device code is
 * counted as present, not added again; one whose serial or device code belongs to another unit is
 * refused. The new units are stored in one transaction (storeUnits: a statement per 20,000).
 */
import { createReadStream } from 'node:fs';
import { extname } from 'node:path';
import { DEVICE_KINDS, type DeviceKind, isDeviceCode, isDeviceSerial } from '@vap/contracts';
import { inArray } from 'drizzle-orm';
import type { SecretBox } from '../../core/crypto/secret-box.js';
import { configuredSecrets } from '../../core/crypto/secrets.js';
import type { Db } from '../../core/db/client.js';
import { factoryUnits } from '../../core/db/devices.js';
import { ApiError } from '../../core/http/errors.js';
import { readSheetRows, SHEET_LIMITS, type SheetLimits } from '../../core/http/sheet-rows.js';
import type { OpsCommand } from '../../core/ops-command.js';
import { DEVICE_SECRETS, type GeneratedUnit, KIND_CODES, storeUnits } from './factory.js';

export const FACTORY_COLUMNS = [
  'sn',
  'device_code',
  'kind',
  'model',
  'hardware_version',
  'firmware_version',
  'mac',
  'secret',
  'production_date',
] as const;
/** Rows one file may hold. */
export const FACTORY_IMPORT_MAX_ROWS = 1_000_000;

const MB = 1024 * 1024;
/** An operator's own file of a million rows: larger than a tenant's, bounded all the same. */
const FACTORY_SHEET_LIMITS: SheetLimits = {
  ...SHEET_LIMITS,
  fileBytes: 512 * MB,
  entryBytes: 1024 * MB,
  totalBytes: 2048 * MB,
};
/** Refused rows printed; the rest are counted. */
const ERRORS_SHOWN = 50;
/** Serials and codes looked up per statement. */
const LOOKUP_CHUNK = 5000;

const VERSION = /^[\w.-]{1,64}$/;
const MAC = /^[0-9A-Fa-f]{2}([:-][0-9A-Fa-f]{2}){5}$/;
const SECRET = /^[\x21-\x7e]{16,128}$/;

export interface FactoryImportResult {
  rows: number;
  added: number;
  present: number;
  errors: Array<{ row: number; reason: string }>;
}

/** A checked row as a unit to store, or the reason it is refused. */
function unitOf(cells: Record<string, string>): GeneratedUnit | string {
  const sn = cells.sn ?? '';
  const kind = (cells.kind ?? '').toLowerCase() as DeviceKind;
  if (!DEVICE_KINDS.includes(kind)) return 'kind must be ipc or nvr';
  if (!isDeviceSerial(sn, kind)) return `serial must be 10 digits, ${KIND_CODES[kind]}, 7 digits`;
  const deviceCode = (cells.device_code ?? '').toUpperCase();
  if (!isDeviceCode(deviceCode)) return 'device code must be 8 hex digits, a dash, 8 hex digits';
  const model = cells.model ?? '';
  const hardwareVersion = cells.hardware_version ?? '';
  const firmwareVersion = cells.firmware_version ?? '';
  if (![model, hardwareVersion, firmwareVersion].every((value) => VERSION.test(value)))
    return 'model and versions: 1 to 64 letters, digits, _ . -';
  const mac = (cells.mac ?? '').toUpperCase().replaceAll('-', ':');
  if (!MAC.test(mac)) return 'MAC must be six hex pairs';
  const secret = cells.secret ?? '';
  if (!SECRET.test(secret)) return 'secret: 16 to 128 printable characters';
  // A date cell of a workbook reads as an ISO instant.
  const productionDate = (cells.production_date ?? '').slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(productionDate) || Number.isNaN(Date.parse(productionDate)))
    return 'production date must be YYYY-MM-DD';
  return { sn, deviceCode, kind, model, hardwareVersion, firmwareVersion, mac, secret, productionDate };
}

/** Reads, checks and stores a production batch (see the module's comment). */
export async function importFactoryFile(db: Db, box: SecretBox, file: string): Promise<FactoryImportResult> {
  const extension = extname(file).slice(1).toLowerCase();
  if (extension !== 'csv' && extension !== 'xlsx') throw new Error('The file must be .csv or .xlsx.');
  const errors: FactoryImportResult['errors'] = [];
  const units: Array<GeneratedUnit & { row: number }> = [];
  const seenSerials = new Set<string>();
  const seenCodes = new Set<string>();
  let rows = 0;
  try {
    for await (const { row, cells, inexact } of readSheetRows(createReadStream(file), extension, {
      columns: FACTORY_COLUMNS,
      maxRows: FACTORY_IMPORT_MAX_ROWS,
      limits: FACTORY_SHEET_LIMITS,
    })) {
      rows++;
      const unit = inexact ? 'a serial typed as a number has lost its last digits' : unitOf(cells);
      if (typeof unit === 'string') errors.push({ row, reason: unit });
      else if (seenSerials.has(unit.sn) || seenCodes.has(unit.deviceCode))
        errors.push({ row, reason: 'serial or device code repeated in the file' });
      else {
        seenSerials.add(unit.sn);
        seenCodes.add(unit.deviceCode);
        units.push({ ...unit, row });
      }
    }
  } catch (error) {
    if (error instanceof ApiError) {
      throw new Error(
        error.code === 'import_too_many_rows'
          ? `The file has more than ${FACTORY_IMPORT_MAX_ROWS} rows.`
          : error.code === 'archive_too_large' || error.code === 'payload_too_large'
            ? `The file is larger than a registry import reads (${FACTORY_SHEET_LIMITS.fileBytes / MB} MB, ${FACTORY_SHEET_LIMITS.totalBytes / MB} MB unpacked).`
            : error.code === 'sheet_cell_too_long'
              ? 'A cell holds more than 32,767 characters.'
              : `The file is no .${extension} sheet with the header ${FACTORY_COLUMNS.join(', ')}.`,
      );
    }
    throw error;
  }

  // What the registry holds already, by serial and by device code.
  const codeOfSerial = new Map<string, string>();
  const serialOfCode = new Map<string, string>();
  for (let at = 0; at < units.length; at += LOOKUP_CHUNK) {
    const chunk = units.slice(at, at + LOOKUP_CHUNK);
    for (const key of ['sn', 'deviceCode'] as const) {
      const found = await db
        .select({ sn: factoryUnits.sn, deviceCode: factoryUnits.deviceCode })
        .from(factoryUnits)
        .where(
          inArray(
            factoryUnits[key],
            chunk.map((unit) => unit[key]),
          ),
        );
      for (const unit of found) {
        codeOfSerial.set(unit.sn, unit.deviceCode);
        serialOfCode.set(unit.deviceCode, unit.sn);
      }
    }
  }
  let present = 0;
  const fresh = units.filter((unit) => {
    const code = codeOfSerial.get(unit.sn);
    const serial = serialOfCode.get(unit.deviceCode);
    if (code === undefined && serial === undefined) return true;
    if (code === unit.deviceCode && serial === unit.sn) present++;
    else errors.push({ row: unit.row, reason: 'serial or device code registered to another unit' });
    return false;
  });
  await storeUnits(db, box, fresh);
  errors.sort((a, b) => a.row - b.row);
  return { rows, added: fresh.length, present, errors };
}

export const factoryImport: OpsCommand = {
  usage: '<file.csv|file.xlsx>',
  summary: `Loads a production batch into the factory registry (header: ${FACTORY_COLUMNS.join(', ')}); idempotent, refused rows reported.`,
  async run(args, { database, config }) {
    const [file] = args;
    if (!file || args.length !== 1) throw new Error('Usage: factory:import <file.csv|file.xlsx>');
    const started = Date.now();
    const box = configuredSecrets(config).box(DEVICE_SECRETS);
    const result = await importFactoryFile(database.db, box, file);
    const lines = [
      `${result.rows} rows in ${((Date.now() - started) / 1000).toFixed(1)} s: ${result.added} units added, ` +
        `${result.present} already in the registry, ${result.errors.length} refused.`,
      ...result.errors.slice(0, ERRORS_SHOWN).map(({ row, reason }) => `  row ${row}: ${reason}`),
    ];
    if (result.errors.length > ERRORS_SHOWN)
      lines.push(`  … and ${result.errors.length - ERRORS_SHOWN} more`);
    return lines.join('\n');
  },
};
