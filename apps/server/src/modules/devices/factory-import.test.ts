import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toCsv } from '@vap/contracts';
import { inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SecretBox } from '../../core/crypto/secret-box.js';
import { factoryUnits } from '../../core/db/devices.js';
import { createTestApp, ENGINES, type TestApp } from '../../testing/harness.js';
import { DEVICE_SECRETS, type GeneratedUnit, generateUnits } from './factory.js';
import { FACTORY_COLUMNS, importFactoryFile } from './factory-import.js';

const cellsOf = (unit: GeneratedUnit) => [
  unit.sn,
  unit.deviceCode,
  unit.kind,
  unit.model,
  unit.hardwareVersion,
  unit.firmwareVersion,
  unit.mac,
  unit.secret,
  unit.productionDate,
];

describe.each(ENGINES)('factory:import (issue 14, the factory registry) on %s', (engine) => {
  let t: TestApp;
  let box: SecretBox;
  let dir: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    box = t.secrets.box(DEVICE_SECRETS);
    dir = await mkdtemp(join(tmpdir(), 'vap-factory-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
    await t.close();
  });

  const units = (count: number, kind: 'ipc' | 'nvr' = 'ipc') =>
    generateUnits({ count, kind, seed: randomBytes(8).toString('hex') });
  const csvFile = async (rows: unknown[][]) => {
    const file = join(dir, `${randomBytes(4).toString('hex')}.csv`);
    await writeFile(file, toCsv(FACTORY_COLUMNS, rows as string[][]));
    return file;
  };

  it('adds the valid rows, refuses the others by row and reason, and is idempotent', async () => {
    const batch = units(3);
    const [first] = batch;
    if (!first) throw new Error('no unit');
    const file = await csvFile([
      ...batch.map(cellsOf),
      [...cellsOf(first).slice(0, 2), 'nvr', ...cellsOf(first).slice(3)],
      ['12345', 'ABCDEF01-23456789', 'ipc', 'M', 'H', 'F', '00:11:22:33:44:55', 'x'.repeat(32), '2026-01-01'],
      cellsOf(first),
    ]);
    const result = await importFactoryFile(t.database.db, box, file);
    expect(result).toMatchObject({ rows: 6, added: 3, present: 0 });
    expect(result.errors.map((error) => error.row)).toEqual([5, 6, 7]);
    const stored = await t.database.db
      .select({ sn: factoryUnits.sn, deviceCode: factoryUnits.deviceCode, sealed: factoryUnits.secretSealed })
      .from(factoryUnits)
      .where(
        inArray(
          factoryUnits.sn,
          batch.map((unit) => unit.sn),
        ),
      );
    expect(stored).toHaveLength(3);
    // Sealed, never the secret itself.
    expect(stored.every((unit, index) => !unit.sealed.includes(batch[index]?.secret ?? '?'))).toBe(true);

    const again = await importFactoryFile(t.database.db, box, await csvFile(batch.map(cellsOf)));
    expect(again).toEqual({ rows: 3, added: 0, present: 3, errors: [] });
    const clash = await importFactoryFile(
      t.database.db,
      box,
      await csvFile([[first.sn, 'ABCDEF01-ABCDEF01', ...cellsOf(first).slice(2)]]),
    );
    expect(clash).toMatchObject({ added: 0, present: 0, errors: [{ row: 2 }] });
  });

  it('reads a workbook, its date cells included', async () => {
    const batch = units(2, 'nvr');
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('batch');
    sheet.addRow([...FACTORY_COLUMNS]);
    for (const unit of batch)
      sheet.addRow([...cellsOf(unit).slice(0, 8), new Date(`${unit.productionDate}T00:00:00Z`)]);
    const file = join(dir, 'batch.xlsx');
    await writeFile(file, Buffer.from(await book.xlsx.writeBuffer()));
    expect(await importFactoryFile(t.database.db, box, file)).toEqual({
      rows: 2,
      added: 2,
      present: 0,
      errors: [],
    });
  });

  it('loads 20,000 rows in one pass within seconds', async () => {
    const file = await csvFile(units(20_000).map(cellsOf));
    const started = performance.now();
    expect(await importFactoryFile(t.database.db, box, file)).toMatchObject({ added: 20_000, errors: [] });
    expect(performance.now() - started).toBeLessThan(30_000);
  });
});
