/**
 * What the server's start loads (apps/server/dist/main.js, as `npm start` runs it). A library that
 * only some requests or some settings need is loaded when first needed, not by every start: each of
 * these took from a fifth of a second to two seconds of the start before anything ran (the
 * spreadsheets' exceljs the most). The server is started with a preload that lists the files it
 * has loaded (support/loaded-packages.mjs), asked for the list once healthz answers, and again
 * after a request that needs one of them.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEVICE_PATHS } from '@vap/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageOf } from '../support/package-of.js';
import { apiToken, type RunningServer, startServer } from '../support/server.js';

/** Loaded on first use: the settings or the requests that need each one. */
const ON_DEMAND = [
  // Spreadsheet imports and exports.
  'exceljs',
  // OBJECT_STORE=s3.
  '@aws-sdk/client-s3',
  '@aws-sdk/s3-request-presigner',
  // The invoice PDF.
  'pdfkit',
  'fontkit',
  // SMS_PROVIDER=aliyun.
  '@alicloud/dysmsapi20170525',
  '@alicloud/openapi-core',
  // REDIS_URL.
  'ioredis',
  'mqemitter-redis',
  'aedes-persistence-redis',
  // DEMO_DEVICES above 0, and its MQTT client.
  '@vap/device-sim',
  'mqtt',
];

const PRELOAD = join(import.meta.dirname, '../support/loaded-packages.mjs');

describe("the server's start", () => {
  let server: RunningServer;
  let listDir: string;
  const out = () => join(listDir, 'loaded.json');

  /** The packages the server has loaded so far. */
  async function loadedPackages(): Promise<Set<string>> {
    await rm(out(), { force: true });
    process.kill(server.pid, 'SIGUSR2');
    const deadline = Date.now() + 10_000;
    while (!existsSync(out())) {
      if (Date.now() > deadline) throw new Error('the server wrote no list of its loaded files');
      await new Promise((wait) => setTimeout(wait, 50));
    }
    const { files } = JSON.parse(await readFile(out(), 'utf8')) as { files: string[] };
    return new Set(files.map(packageOf));
  }

  beforeAll(async () => {
    listDir = await mkdtemp(join(tmpdir(), 'vap-loaded-'));
    server = await startServer({
      env: {
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${PRELOAD}`.trim(),
        LOADED_PACKAGES_OUT: out(),
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await rm(listDir, { recursive: true, force: true });
  });

  it('loads none of the libraries only some requests or settings need', async () => {
    const loaded = await loadedPackages();
    // The list is real: what every start needs is on it.
    expect(loaded).toContain('fastify');
    expect(loaded).toContain('@electric-sql/pglite');
    expect(ON_DEMAND.filter((name) => loaded.has(name))).toEqual([]);
  });

  it('loads the spreadsheet library with the first request that writes a workbook', async () => {
    const token = await apiToken(server.url);
    const template = await fetch(
      `${server.url}/webapi${DEVICE_PATHS.importTemplate}?mode=plain&format=xlsx`,
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );
    expect(template.status).toBe(200);
    // An .xlsx is a zip archive.
    expect(
      Buffer.from(await template.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
    expect(await loadedPackages()).toContain('exceljs');
  });
});
