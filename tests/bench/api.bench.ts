/**
 * `npm run bench`: the signed-in hot path of the platform server (issue 13 §2), measured with
 * autocannon (50 connections, localhost) against the real built server, on PGlite and, when
 * TEST_DATABASE_URL is set, on PostgreSQL, next to a bare node:http server in the same run:
 *
 * 1. requests per second and p99 latency of GET /webapi/livez (no database), /webapi/healthz (one
 *    `select 1`), user info as the demo owner (the whole menu tree, compressed as a browser asks)
 *    and a 20-row page of the users list, each as a ratio to the same engine's healthz;
 * 2. the goals, asserted after printing: user info ≥ 0.25× and the list ≥ 0.2× healthz, both with
 *    p99 ≤ 50 ms; livez ≥ 0.8× bare node:http reading the same request and answering the same
 *    bytes (body and headers). A one-route Fastify doing the same is measured beside them, so that
 *    the report shows how much of livez's gap is the framework's and how much ours (our routes,
 *    hooks and plugins);
 * 3. signed-in list reads under LIST_READ_CONNECTIONS connections (issue 30): the users list and the
 *    device list (the demo owner's 66 devices, first page), user info and healthz beside them in the
 *    same rounds; asserted: each list's p99 ≤ LIST_READ_P99_MS;
 * 4. the server process's resident memory (VmRSS) idle after start and after the load, per engine,
 *    and the linear memory of a PGlite instance opened on the bench's data directory after the load.
 *
 * Memory, measured on the 2-core development machine (Node 20, five runs): the server holds 120 MB
 * idle and 150–230 MB after the load on PostgreSQL; on PGlite 810–850 MB right after start
 * (opening the directory, migrating and seeding leave garbage the load's collections return) and
 * 500–630 MB after the load. The 330–430 MB between the engines after the same load is PGlite's: a
 * process holding nothing but PGlite on the same directory reaches 305–345 MB, of which 189 MB is
 * its wasm linear memory (which never shrinks: shared buffers, caches and the heap of one Postgres
 * backend) and the rest its module and file-system copies in V8. Ours — Node, Fastify, the routes, the per-grant menu
 * trees (at most 500) and the checked tokens (at most 10,000) — is what the process holds on
 * PostgreSQL, asserted below OUR_RSS_BOUND after the load.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createPostgresDatabase, type PostgresDatabase } from '@vap/server/testing/postgres-databases';
import autocannon from 'autocannon';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO, freePort, ROOT, type RunningServer, startServer } from '../support/server.js';

const CONNECTIONS = 50;
/** Seconds of load per route, after a one-second warm-up. */
const SECONDS = 4;
/**
 * Rounds over every route, bare node:http included, per engine; each figure is the best round's.
 * On a shared machine the best round is the least disturbed, and alternating keeps the figures
 * of one ratio close in time.
 */
const ROUNDS = 2;
const USER_INFO_RATIO = 0.25;
const LIST_RATIO = 0.2;
const P99_MS = 50;
const NO_DATABASE_RATIO = 0.8;
const OUR_RSS_BOUND = 256 * 1024 * 1024;
const LIST_READ_CONNECTIONS = 10;
const LIST_READ_P99_MS = 20;

/** The reads of issue 30, each under LIST_READ_CONNECTIONS connections; the lists' p99 is asserted. */
const LIST_READS = {
  healthz: '/webapi/healthz',
  'user info': '/webapi/v1/pms/user',
  'users list': '/webapi/v1/pms/company/users?page=1&size=20',
  'device list': '/webapi/v1/dms/company/devices?page=1&size=20',
} as const;
type ListRead = keyof typeof LIST_READS;
const ASSERTED_READS: ListRead[] = ['users list', 'device list'];

const ROUTES = {
  livez: '/webapi/livez',
  healthz: '/webapi/healthz',
  'user info': '/webapi/v1/pms/user',
  'users list': '/webapi/v1/pms/company/users?page=1&size=20',
} as const;
type Route = keyof typeof ROUTES;

interface Measured {
  requests: number;
  p99: number;
}

interface EngineRun {
  engine: 'pglite' | 'postgres';
  routes: Record<Route, Measured>;
  /** Bare node:http, measured in the same rounds. */
  bare: Measured;
  /** A one-route Fastify, measured in the same rounds. */
  fastify: Measured;
  /** The reads of LIST_READS under LIST_READ_CONNECTIONS connections. */
  reads: Record<ListRead, Measured>;
  idleRss: number;
  loadedRss: number;
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** Resident memory of a process, from /proc (Linux). */
function rssOf(pid: number): number {
  const line = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!line?.[1]) throw new Error(`No VmRSS for process ${pid}`);
  return Number(line[1]) * 1024;
}

async function load(url: string, token?: string, connections = CONNECTIONS): Promise<Measured> {
  const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br' };
  if (token) headers.authorization = `Bearer ${token}`;
  const options = { url, connections, headers };
  await autocannon({ ...options, duration: 1 });
  const result = await autocannon({ ...options, duration: SECONDS });
  expect(result.errors, `${url}: connection errors`).toBe(0);
  expect(result.non2xx, `${url}: answers other than 2xx`).toBe(0);
  return { requests: result.requests.average, p99: result.latency.p99 };
}

async function signIn(server: RunningServer): Promise<string> {
  const response = await fetch(`${server.url}/webapi/v0/pms/users/login_password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: DEMO.account, password: md5(DEMO.password) }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/** One engine's run; the server is stopped after it, its data directory kept. */
async function measureEngine(
  engine: EngineRun['engine'],
  dataDir: string,
  env: Record<string, string>,
): Promise<EngineRun> {
  const server = await startServer({ env, dataDir });
  try {
    const token = await signIn(server);
    const answer = await livezAnswer(server.url);
    bareServer ??= await startBaseline(BARE_SERVER, answer);
    fastifyServer ??= await startBaseline(FASTIFY_SERVER, answer);
    const idleRss = rssOf(server.pid);
    const best = (kept: Measured | undefined, measured: Measured) =>
      kept && kept.requests >= measured.requests ? kept : measured;
    const routes = {} as Record<Route, Measured>;
    const reads = {} as Record<ListRead, Measured>;
    let bare: Measured | undefined;
    let fastify: Measured | undefined;
    for (let round = 0; round < ROUNDS; round++) {
      // The same request as livez's, bearer token included: the baselines read the same bytes.
      bare = best(bare, await load(`${bareServer.url}/`, token));
      fastify = best(fastify, await load(`${fastifyServer.url}/`, token));
      for (const [route, path] of Object.entries(ROUTES) as [Route, string][]) {
        routes[route] = best(routes[route], await load(`${server.url}${path}`, token));
      }
      for (const [read, path] of Object.entries(LIST_READS) as [ListRead, string][]) {
        reads[read] = best(reads[read], await load(`${server.url}${path}`, token, LIST_READ_CONNECTIONS));
      }
    }
    if (!bare || !fastify) throw new Error('no rounds');
    return { engine, routes, bare, fastify, reads, idleRss, loadedRss: rssOf(server.pid) };
  } finally {
    await server.stop();
  }
}

/**
 * A bare node:http server in a process of its own, like the real server, answering what livez
 * answers: the same body and the same headers (the security headers are most of its bytes, and
 * autocannon's parsing of them would otherwise be measured as the server's cost).
 */
const BARE_SERVER = `
const { body, headers } = JSON.parse(process.env.ANSWER);
require('node:http')
  .createServer((request, response) => {
    response.writeHead(200, headers);
    response.end(body);
  })
  .listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
`;

/**
 * Fastify with one route and nothing else, answering the same bytes: the framework's own cost on
 * this machine (the goal took Fastify's published 0.98× node:http as given; here it is 0.97–1.05×).
 */
const FASTIFY_SERVER = `
const { body, headers } = JSON.parse(process.env.ANSWER);
const app = require('fastify')();
app.get('/', (request, reply) => {
  reply.headers(headers);
  return body;
});
app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' }).then(() => console.log('listening'));
`;

/** What the real server answers on livez, its per-connection headers left for node:http to write. */
async function livezAnswer(url: string): Promise<{ body: string; headers: Record<string, string> }> {
  const response = await fetch(`${url}${ROUTES.livez}`);
  const headers = Object.fromEntries(
    [...(response.headers as unknown as Iterable<[string, string]>)].filter(
      ([name]) => !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name),
    ),
  );
  return { body: await response.text(), headers };
}

async function startBaseline(script: string, answer: { body: string; headers: Record<string, string> }) {
  const port = await freePort();
  const child = spawn(process.execPath, ['-e', script], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), ANSWER: JSON.stringify(answer) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`baseline server exited with ${code}`)));
    child.stdout?.once('data', () => resolve());
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

/**
 * PGlite's own memory: a process that only opens PGlite on the data directory the loaded server
 * used and runs the caller query a thousand times; its wasm linear memory and its RSS.
 */
async function pgliteAlone(dataDir: string): Promise<{ wasm: number; rss: number }> {
  const script = `
    const { PGlite } = await import('@electric-sql/pglite');
    const pg = await PGlite.create(${JSON.stringify(`${dataDir}/pglite`)});
    for (let i = 0; i < 1000; i++) {
      await pg.query('select u.*, c.*, r.menus from users u left join companies c on c.id = u.company_id left join roles r on r.id = u.role_id where u.id = $1', [1]);
    }
    console.log(JSON.stringify({ wasm: pg.Module.wasmMemory.buffer.byteLength, rss: process.memoryUsage().rss }));
    await pg.close();`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
    cwd: ROOT,
  });
  return JSON.parse(stdout) as { wasm: number; rss: number };
}

const runs: EngineRun[] = [];
let bareServer: { url: string; child: ChildProcess } | undefined;
let fastifyServer: { url: string; child: ChildProcess } | undefined;
let pglite: { wasm: number; rss: number } | undefined;
let postgresDatabase: PostgresDatabase | undefined;

beforeAll(async () => {
  const pgliteDir = await mkdtemp(join(tmpdir(), 'vap-bench-'));
  try {
    runs.push(await measureEngine('pglite', pgliteDir, {}));
    pglite = await pgliteAlone(pgliteDir);
  } finally {
    await rm(pgliteDir, { recursive: true, force: true });
  }

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    postgresDatabase = await createPostgresDatabase(adminUrl, { prefix: 'vap_bench' });
    const dataDir = await mkdtemp(join(tmpdir(), 'vap-bench-'));
    try {
      runs.push(await measureEngine('postgres', dataDir, { DATABASE_URL: postgresDatabase.url }));
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
});

afterAll(async () => {
  bareServer?.child.kill('SIGTERM');
  fastifyServer?.child.kill('SIGTERM');
  await postgresDatabase?.drop();
});

it('prints the hot path and holds the goals of issue 13 §2', async () => {
  const rows: string[] = [];
  const cell = (text: string, width: number) => text.padStart(width);
  rows.push(
    `${'engine'.padEnd(10)}${'route'.padEnd(12)}${cell('req/s', 9)}${cell('p99', 8)}${cell('× healthz', 11)}`,
  );
  for (const run of runs) {
    const healthz = run.routes.healthz.requests;
    rows.push(
      `${run.engine.padEnd(10)}${'bare http'.padEnd(12)}${cell(run.bare.requests.toFixed(0), 9)}${cell(`${run.bare.p99} ms`, 8)}`,
      `${run.engine.padEnd(10)}${'fastify'.padEnd(12)}${cell(run.fastify.requests.toFixed(0), 9)}${cell(`${run.fastify.p99} ms`, 8)}`,
    );
    for (const [route, measured] of Object.entries(run.routes)) {
      rows.push(
        `${run.engine.padEnd(10)}${route.padEnd(12)}${cell(measured.requests.toFixed(0), 9)}${cell(`${measured.p99} ms`, 8)}${cell(`${(measured.requests / healthz).toFixed(2)}×`, 11)}`,
      );
    }
    for (const [read, measured] of Object.entries(run.reads)) {
      rows.push(
        `${run.engine.padEnd(10)}${`${read}, ${LIST_READ_CONNECTIONS} conn.`.padEnd(24)}${cell(measured.requests.toFixed(0), 9)}${cell(`${measured.p99} ms`, 8)}${cell(`${(measured.requests / run.reads.healthz.requests).toFixed(2)}×`, 11)}`,
      );
    }
    rows.push(
      `${run.engine.padEnd(10)}livez is ${(run.routes.livez.requests / run.bare.requests).toFixed(2)}× bare node:http and ${(run.routes.livez.requests / run.fastify.requests).toFixed(2)}× a one-route Fastify (itself ${(run.fastify.requests / run.bare.requests).toFixed(2)}× bare); resident memory ${mb(run.idleRss)} idle, ${mb(run.loadedRss)} after the load`,
    );
  }
  if (pglite) {
    rows.push(
      `PGlite alone, after the load's data directory and a thousand caller queries: wasm memory ${mb(pglite.wasm)}, process ${mb(pglite.rss)}`,
    );
  }
  const [embedded, server] = runs;
  if (embedded && server) {
    rows.push(
      `PGlite's share of the loaded server (RSS on PGlite − RSS on PostgreSQL): ${mb(embedded.loadedRss - server.loadedRss)}`,
    );
  }
  console.log(`\n${rows.join('\n')}\n`);

  for (const run of runs) {
    const { healthz, livez } = run.routes;
    const userInfo = run.routes['user info'];
    const list = run.routes['users list'];
    expect(userInfo.requests / healthz.requests, `${run.engine} user info / healthz`).toBeGreaterThanOrEqual(
      USER_INFO_RATIO,
    );
    expect(list.requests / healthz.requests, `${run.engine} users list / healthz`).toBeGreaterThanOrEqual(
      LIST_RATIO,
    );
    expect(userInfo.p99, `${run.engine} user info p99 (ms)`).toBeLessThanOrEqual(P99_MS);
    expect(list.p99, `${run.engine} users list p99 (ms)`).toBeLessThanOrEqual(P99_MS);
    expect(livez.requests / run.bare.requests, `${run.engine} livez / bare node:http`).toBeGreaterThanOrEqual(
      NO_DATABASE_RATIO,
    );
  }
});

// Each issue's goals are a test of their own: one that fails does not hide whether the others hold.
it("holds issue 30's signed-in list reads", () => {
  for (const run of runs) {
    for (const read of ASSERTED_READS) {
      expect(
        run.reads[read].p99,
        `${run.engine} ${read} p99 under ${LIST_READ_CONNECTIONS} connections (ms)`,
      ).toBeLessThanOrEqual(LIST_READ_P99_MS);
    }
  }
});

it.skipIf(!process.env.TEST_DATABASE_URL)(
  'holds the server process to its memory bound on PostgreSQL',
  () => {
    const server = runs.find((run) => run.engine === 'postgres');
    expect(server?.loadedRss).toBeLessThanOrEqual(OUR_RSS_BOUND);
  },
);
