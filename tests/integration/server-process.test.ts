/**
 * The server as `npm start` runs it (apps/server/dist/main.js): start-up messages, the data
 * directory lock, restarts that keep data, clean shutdown and refusals with a clear message.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sharedWritable } from '@vap/server/testing/file-modes';
import { createPostgresDatabase, type PostgresDatabase } from '@vap/server/testing/postgres-databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO,
  freePort,
  ROOT,
  type RunningServer,
  runFailingServer,
  SERVER_ENTRY,
  serverEnvironment,
  startServer,
} from '../support/server.js';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

async function signIn(url: string) {
  const response = await fetch(`${url}/webapi/v0/pms/users/login_password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: DEMO.account, password: md5(DEMO.password) }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

const userInfo = (url: string, token: string) =>
  fetch(`${url}/webapi/v1/pms/user`, { headers: { authorization: `Bearer ${token}` } });

describe('the server process on embedded PGlite', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'vap-process-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('prints the address and the demo sign-in, and a restart keeps data, sessions included', async () => {
    const first = await startServer({ dataDir });
    expect(first.output()).toContain(`VAP Console is running at ${first.url}`);
    expect(first.output()).toContain(`Demo sign-in: ${DEMO.account} (or ${DEMO.email}) / ${DEMO.password}`);
    // The MQTT broker's addresses: TCP (1883, or a free port when 1883 is taken) and WebSocket.
    expect(first.output()).toMatch(
      /MQTT broker: mqtt:\/\/127\.0\.0\.1:\d+.* and ws:\/\/127\.0\.0\.1:\d+\/mqtt/,
    );
    const token = await signIn(first.url);
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(true);

    expect(await first.stop()).toBe(0);
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(false);

    const second = await startServer({ dataDir });
    try {
      // Seeded once only; the JWT secret and the session survived the restart.
      expect(second.output()).not.toContain('created now');
      const response = await userInfo(second.url, token);
      expect(response.status).toBe(200);
      expect(((await response.json()) as { nickname: string }).nickname).toBe('演示管理员');
    } finally {
      expect(await second.stop()).toBe(0);
    }
  });

  it("starts on an empty DATA_DIR from the build's migrated image rather than running initdb and the migrations", async () => {
    // initdb gives every cluster its own system identifier: a copy of the image has the image's.
    const identifier = async (pglite: PGlite) => {
      const { rows } = await pglite.query<{ id: string }>(
        'select system_identifier::text as id from pg_control_system()',
      );
      const applied = await pglite.query<{ count: number }>(
        'select count(*)::int as count from drizzle.__drizzle_migrations',
      );
      await pglite.close();
      return { id: rows[0]?.id, migrations: applied.rows[0]?.count };
    };
    const journal = JSON.parse(
      await readFile(join(ROOT, 'apps/server/drizzle/meta/_journal.json'), 'utf8'),
    ) as {
      entries: unknown[];
    };
    // Read from a copy: opening a cluster writes to it.
    const imageCopy = await mkdtemp(join(tmpdir(), 'vap-image-copy-'));
    await cp(join(ROOT, 'apps/server/dist/pglite-image'), imageCopy, { recursive: true });
    const imageIdentifier = await identifier(await PGlite.create(imageCopy));
    await rm(imageCopy, { recursive: true, force: true });
    expect(imageIdentifier.id).toMatch(/^\d+$/);
    // The image holds every migration of the build: a first start has none left to run.
    expect(imageIdentifier.migrations).toBe(journal.entries.length);
    const fresh = await mkdtemp(join(tmpdir(), 'vap-image-'));
    try {
      const server = await startServer({ dataDir: fresh });
      expect(await server.stop()).toBe(0);
      expect(await identifier(await PGlite.create(join(fresh, 'pglite')))).toEqual(imageIdentifier);
    } finally {
      await rm(fresh, { recursive: true, force: true });
    }
  });

  // One server of the defaults for what any server shows; the last test stops it.
  describe('one running server', () => {
    let server: RunningServer;
    let stopped = false;
    beforeAll(async () => {
      server = await startServer();
    });
    afterAll(async () => {
      if (!stopped) await server?.stop();
    });

    it('reads an oversized chunked body to its end and answers 413 {code, message}, not a cut connection', async () => {
      const { port } = new URL(server.url);
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const sending = request({
          host: '127.0.0.1',
          port: Number(port),
          method: 'POST',
          path: '/webapi/v0/pms/users/login_password',
          headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        });
        sending.on('response', (response) => {
          let body = '';
          response.on('data', (chunk) => {
            body += chunk;
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        });
        sending.on('error', reject);
        // 50 MB, the size that used to be cut after some 2 MB with no answer.
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        let sent = 0;
        const pump = () => {
          while (sent < 50 * 1024 * 1024) {
            sent += chunk.length;
            if (!sending.write(chunk)) return void sending.once('drain', pump);
          }
          sending.end();
        };
        pump();
      });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toEqual({ code: 'payload_too_large', message: '请求内容过大' });
    });

    it('serves the console at / and its routes, and JSON 404s under /webapi', async () => {
      const page = await fetch(`${server.url}/system/user`, { headers: { accept: 'text/html' } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
      const missing = await fetch(`${server.url}/webapi/no/such/path`, {
        headers: { 'accept-language': 'en' },
      });
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ code: 'not_found', message: 'Not found' });
    });

    it('refuses a second server on the same DATA_DIR with a message naming the running one', async () => {
      const second = await runFailingServer({ dataDir: server.dataDir });
      expect(second.code).toBe(1);
      expect(second.output).toMatch(/Another VAP server \(pid \d+\) is using DATA_DIR .+; stop it or choose/);
      // The running server is unharmed.
      expect((await fetch(`${server.url}/webapi/healthz`)).status).toBe(200);
    });

    it('stops within seconds of SIGTERM, even while a client holds a request unfinished', async () => {
      const { port } = new URL(server.url);
      // A request whose body never comes: the server keeps its connection open for it.
      const socket = connect(Number(port), '127.0.0.1');
      await new Promise((connected) => socket.once('connect', connected));
      socket.write(
        'POST /webapi/v0/pms/users/login_password HTTP/1.1\r\nHost: x\r\n' +
          'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"acc',
      );
      socket.on('error', () => {});
      await new Promise((wait) => setTimeout(wait, 200));
      const asked = Date.now();
      try {
        stopped = true;
        expect(await server.stop()).toBe(0);
        expect(Date.now() - asked).toBeLessThan(10_000);
      } finally {
        socket.destroy();
      }
    });
  });

  it('takes over a lock left by a server that is gone', async () => {
    const { writeFile } = await import('node:fs/promises');
    // pid 2^22 + 1 is above Linux's pid_max default, so no process has it.
    await writeFile(join(dataDir, 'server.lock'), '4194305\n');
    const server = await startServer({ dataDir });
    expect(await server.stop()).toBe(0);
  });

  it('keeps DATA_DIR and the database files from other accounts when started with umask 022', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'vap-modes-'));
    const fresh = join(parent, 'data');
    try {
      // The parent's umask (022 here) would leave new directories 0755 and PGlite files 0666.
      const server = await startServer({ dataDir: fresh });
      await server.stop();
      expect(statSync(fresh).mode & 0o777).toBe(0o700);
      expect(statSync(join(fresh, 'jwt-secret')).mode & 0o777).toBe(0o600);
      expect(readdirSync(join(fresh, 'pglite')).length).toBeGreaterThan(0);
      expect(sharedWritable(fresh)).toEqual([]);
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });

  it('starts 0.5 s after a kill -9 of the previous server, whose zombie still holds the pid', async () => {
    const crashDir = await mkdtemp(join(tmpdir(), 'vap-crash-'));
    const port = await freePort();
    // sh starts the server, then becomes `sleep`, which never reaps it: the killed server stays a zombie.
    const parent = spawn(
      'sh',
      ['-c', `${JSON.stringify(process.execPath)} ${SERVER_ENTRY} & echo $!; exec sleep 120`],
      {
        cwd: ROOT,
        env: serverEnvironment(port, crashDir),
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    );
    try {
      const pid = Number(
        await new Promise<string>((read) =>
          parent.stdout.once('data', (chunk: Buffer) => read(String(chunk))),
        ),
      );
      for (let tries = 0; ; tries++) {
        const health = await fetch(`http://127.0.0.1:${port}/webapi/healthz`).catch(() => undefined);
        if (health?.ok) break;
        if (tries > 300) throw new Error('the first server did not start');
        await new Promise((wait) => setTimeout(wait, 200));
      }
      process.kill(pid, 'SIGKILL');
      await new Promise((wait) => setTimeout(wait, 500));
      const server = await startServer({ dataDir: crashDir });
      try {
        expect(server.output()).toContain(
          `Taking over the lock of DATA_DIR ${crashDir}: the server that held it (pid ${pid}) has exited (a zombie left by a crash or kill -9).`,
        );
        expect((await fetch(`${server.url}/webapi/healthz`)).status).toBe(200);
      } finally {
        expect(await server.stop()).toBe(0);
      }
    } finally {
      parent.kill();
      await rm(crashDir, { recursive: true, force: true });
    }
  });

  describe('with NODE_ENV=production', () => {
    const PRODUCTION = { NODE_ENV: 'production', EMBEDDED_DB_IN_PRODUCTION: 'true', DEV_OUTBOX: 'false' };
    /** A real plate engine (the vendor's, over HTTP): production refuses the development one first. */
    const PLATES = { PLATE_ENGINE: 'http', PLATE_ENGINE_URL: 'http://127.0.0.1:9/plates' };

    it('refuses the development plate recognition engine and names PLATE_ENGINE', async () => {
      const result = await runFailingServer({ env: PRODUCTION });
      expect(result.code).toBe(1);
      expect(result.output).toContain(
        'NODE_ENV=production on the development plate recognition engine, which reads no real plate',
      );
      expect(result.output).toContain('set PLATE_ENGINE=aliyun or http');
    });

    it('refuses the embedded database and names DATABASE_URL, unless EMBEDDED_DB_IN_PRODUCTION=true', async () => {
      const result = await runFailingServer({ env: { ...PRODUCTION, EMBEDDED_DB_IN_PRODUCTION: '' } });
      expect(result.code).toBe(1);
      expect(result.output).toContain('NODE_ENV=production needs DATABASE_URL (postgres://…)');
      expect(result.output).toContain('Set EMBEDDED_DB_IN_PRODUCTION=true to run on it anyway.');
    });

    it('refuses the development outbox and names DEV_OUTBOX', async () => {
      const result = await runFailingServer({ env: { ...PRODUCTION, DEV_OUTBOX: 'true' } });
      expect(result.code).toBe(1);
      expect(result.output).toContain('unset DEV_OUTBOX (or set ALLOW_DEV_PROVIDERS=true');
    });

    it('refuses the development SMS and scan providers and names ALLOW_DEV_PROVIDERS', async () => {
      const result = await runFailingServer({ env: { ...PRODUCTION, ...PLATES } });
      expect(result.code).toBe(1);
      expect(result.output).toContain(
        'NODE_ENV=production on the development SMS and scan sign-in providers, which reach no one',
      );
      expect(result.output).toContain('set ALLOW_DEV_PROVIDERS=true');
    });

    it('starts on the SMS and scan providers the configuration chooses, and names the one still missing', async () => {
      const wechat = {
        SCAN_PROVIDER: 'wechat',
        WECHAT_APP_ID: 'wx-process-test',
        WECHAT_APP_SECRET: 'process-test-secret',
        WECHAT_REDIRECT_URI: 'https://vap.example.com/webapi/v0/pms/users/login_wechat/callback',
        WECHAT_OPEN_BASE: 'http://127.0.0.1:9',
      };
      const onlyScan = await runFailingServer({ env: { ...PRODUCTION, ...PLATES, ...wechat } });
      expect(onlyScan.code).toBe(1);
      expect(onlyScan.output).toContain(
        'NODE_ENV=production on the development SMS provider, which reaches no one: set SMS_PROVIDER=aliyun or webhook',
      );
      const server = await startServer({
        env: {
          ...PRODUCTION,
          ...wechat,
          SMS_PROVIDER: 'webhook',
          SMS_WEBHOOK_URL: 'http://127.0.0.1:9/sms',
          ...PLATES,
        },
      });
      try {
        const qrcode = await fetch(`${server.url}/webapi/v0/pms/users/login_wechat/qrcode`, {
          method: 'POST',
        });
        const { url } = (await qrcode.json()) as { url: string };
        expect(url).toMatch(/^http:\/\/127\.0\.0\.1:9\/connect\/qrconnect\?appid=wx-process-test&/);
        expect(server.output()).not.toContain('process-test-secret');
      } finally {
        expect(await server.stop()).toBe(0);
      }
    });

    it('seeds no demo owner and prints no password, but says how to create the first owner', async () => {
      const server = await startServer({ env: { ...PRODUCTION, ALLOW_DEV_PROVIDERS: 'true' } });
      try {
        expect(server.output()).not.toContain('Demo sign-in');
        expect(server.output()).not.toContain(DEMO.password);
        expect(server.output()).toContain('npm run ops -- owner:create');
        const response = await fetch(`${server.url}/webapi/v0/pms/users/login_password`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ account: DEMO.account, password: md5(DEMO.password) }),
        });
        expect(response.status).not.toBe(200);
      } finally {
        expect(await server.stop()).toBe(0);
      }
    });
  });

  it('stops with a message naming the port when the port is taken', async () => {
    const port = await freePort();
    const blocker = createServer();
    await new Promise<void>((listening) => blocker.listen(port, '127.0.0.1', listening));
    try {
      const result = await runFailingServer({ port });
      expect(result.code).toBe(1);
      expect(result.output).toContain(`Port ${port} is already in use (set PORT to another port).`);
    } finally {
      blocker.close();
    }
  });

  it('stops with a message naming MQTT_PORT when the chosen MQTT port is taken', async () => {
    const port = await freePort();
    const blocker = createServer();
    await new Promise<void>((listening) => blocker.listen(port, '127.0.0.1', listening));
    try {
      const result = await runFailingServer({ env: { MQTT_PORT: String(port) } });
      expect(result.code).toBe(1);
      expect(result.output).toContain(
        `MQTT_PORT ${port} is already in use (set MQTT_PORT to another port, or off).`,
      );
    } finally {
      blocker.close();
    }
  });

  it('stops with a message naming the variable when a setting is invalid', async () => {
    const result = await runFailingServer({ env: { JWT_EXPIRES_IN: 'forever' } });
    expect(result.code).toBe(1);
    expect(result.output).toContain('Invalid configuration: JWT_EXPIRES_IN must be a duration');
    expect(result.output).toContain('(got "forever")');
  });

  it('stops with a clear message when DATABASE_URL cannot be reached', async () => {
    const port = await freePort();
    const result = await runFailingServer({
      env: { DATABASE_URL: `postgres://vap:secret@127.0.0.1:${port}/vap` },
    });
    expect(result.code).toBe(1);
    expect(result.output).toContain(
      `Cannot prepare the database at postgres://vap:***@127.0.0.1:${port}/vap`,
    );
    expect(result.output).not.toContain('secret');
  });
});

const testDatabaseUrl = process.env.TEST_DATABASE_URL;

describe.runIf(testDatabaseUrl)('the server process on PostgreSQL (DATABASE_URL)', () => {
  let database: PostgresDatabase;
  let url: string;
  beforeAll(async () => {
    database = await createPostgresDatabase(testDatabaseUrl as string, { prefix: 'vap_process' });
    url = database.url;
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('runs the same migrations and seed, and signs in', async () => {
    const server = await startServer({ env: { DATABASE_URL: url } });
    try {
      const health = (await (await fetch(`${server.url}/webapi/healthz`)).json()) as { database: string };
      expect(health.database).toBe('postgres');
      const response = await userInfo(server.url, await signIn(server.url));
      expect(response.status).toBe(200);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('starts with NODE_ENV=production, DATABASE_URL being the durable database it asks for', async () => {
    const server = await startServer({
      env: { DATABASE_URL: url, NODE_ENV: 'production', DEV_OUTBOX: 'false', ALLOW_DEV_PROVIDERS: 'true' },
    });
    try {
      const health = (await (await fetch(`${server.url}/webapi/healthz`)).json()) as { database: string };
      expect(health.database).toBe('postgres');
      expect(server.output()).not.toContain('NODE_ENV=production needs DATABASE_URL');
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});
