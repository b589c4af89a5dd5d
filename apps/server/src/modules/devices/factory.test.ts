import { isDeviceSerial, patterns } from '@vap/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../core/config.js';
import { factoryUnits } from '../../core/db/devices.js';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../testing/harness.js';
import { opsRunner } from '../../testing/ops.js';
import { batchOfSeed, generateUnits } from './factory.js';
import { factoryCommands } from './ops.js';

describe('generateUnits (spec §5.1)', () => {
  it('makes valid units: serial of the kind, device code, MAC, production date', () => {
    for (const kind of ['ipc', 'nvr'] as const) {
      for (const unit of generateUnits({ count: 50, kind, seed: 's', productionDate: '2025-01-02' })) {
        expect(isDeviceSerial(unit.sn, kind), unit.sn).toBe(true);
        expect(unit.deviceCode).toMatch(patterns.deviceCode);
        expect(unit.deviceCode).toBe(unit.deviceCode.toUpperCase());
        expect(unit.mac).toMatch(/^([0-9A-F]{2}:){5}[0-9A-F]{2}$/);
        expect(unit.secret).toMatch(/^[A-Za-z0-9]{32}$/);
        expect(unit).toMatchObject({ kind, productionDate: '2025-01-02' });
      }
    }
  });

  it('is deterministic from seed, batch and offset (but for the secrets)', () => {
    const strip = (units: ReturnType<typeof generateUnits>) =>
      units.map(({ secret: _secret, ...unit }) => unit);
    const first = generateUnits({
      count: 20,
      kind: 'ipc',
      seed: 'x',
      offset: 100,
      productionDate: '2025-01-01',
    });
    const again = generateUnits({
      count: 20,
      kind: 'ipc',
      seed: 'x',
      offset: 100,
      productionDate: '2025-01-01',
    });
    expect(strip(again)).toEqual(strip(first));
    expect(again.map((unit) => unit.secret)).not.toEqual(first.map((unit) => unit.secret));
    const shifted = generateUnits({
      count: 10,
      kind: 'ipc',
      seed: 'x',
      offset: 110,
      productionDate: '2025-01-01',
    });
    expect(strip(shifted)).toEqual(strip(first).slice(10));
    expect(first[0]?.sn.slice(0, 10)).toBe(batchOfSeed('x'));
    const other = generateUnits({ count: 20, kind: 'ipc', seed: 'y', batch: batchOfSeed('x'), offset: 100 });
    expect(other.map((unit) => unit.deviceCode)).not.toEqual(first.map((unit) => unit.deviceCode));
  });

  it('never repeats a serial or a device code, over 200,000 units of both kinds', () => {
    const units = [
      ...generateUnits({ count: 100_000, kind: 'ipc', seed: 'unique' }),
      ...generateUnits({ count: 100_000, kind: 'nvr', seed: 'unique' }),
    ];
    expect(new Set(units.map((unit) => unit.sn)).size).toBe(units.length);
    expect(new Set(units.map((unit) => unit.deviceCode)).size).toBe(units.length);
  });

  it('refuses what no serial can hold', () => {
    expect(() => generateUnits({ count: 2, kind: 'ipc', seed: 'x', offset: 9_999_999 })).toThrow();
    expect(() => generateUnits({ count: 1, kind: 'ipc', seed: 'x', batch: '123' })).toThrow();
    expect(() => generateUnits({ count: 1, kind: 'dvr' as never, seed: 'x' })).toThrow();
  });
});

describe.each(ENGINES)('npm run ops -- factory:generate on %s', (engine) => {
  let test: TestDatabase;
  const ops = opsRunner(
    factoryCommands,
    () => test.database,
    () => ({ ...loadConfig({}), serverSecret: 'a-test-server-secret-of-32-characters-at-least' }),
  );
  beforeAll(async () => {
    test = await createTestDatabase(engine);
  });
  afterAll(() => test.drop());

  const run = (args: string[]) => ops('factory:generate', args);

  // 100,000 units within 60 s is measured where the fleet's scale is, in `npm run bench` (scale.bench.ts).
  it('adds the units asked for, and continues a batch where it stopped', async () => {
    const output = await run(['--count', '2000', '--kind', 'ipc', '--seed', 'ops-test']);
    expect(output).toMatch(/^Added 2000 ipc units/);
    const batch = batchOfSeed('ops-test');
    expect(output).toContain(`${batch}1320000000 … ${batch}1320001999`);
    const more = await run(['--count', '5', '--kind', 'ipc', '--seed', 'ops-test']);
    expect(more).toContain(`${batch}1320002000 … ${batch}1320002004`);
    const [stored] = await test.database.db
      .select({ total: count() })
      .from(factoryUnits)
      .where(eq(factoryUnits.kind, 'ipc'));
    expect(stored?.total).toBe(2_005);
  });

  it('refuses a wrong count, kind or option, or an option given twice, with its usage', async () => {
    for (const args of [
      [],
      ['--count', '0', '--kind', 'ipc'],
      ['--count', '5', '--kind', 'dvr'],
      ['--count', '5', '--kind', 'ipc', '--x', 'y'],
      ['--count', '5', '--kind', 'ipc', '--count', '6'],
    ]) {
      await expect(run(args)).rejects.toThrow(/Usage: factory:generate/);
    }
  });
});
