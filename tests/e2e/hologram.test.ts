/**
 * Hologram parking end to end (issue 32): in Chromium, the owner adds a scheme whose 20 MB scheme
 * file goes up in parts from the browser (@vap/ui uploadInParts) — the connection dropped at the
 * last part, then resumed without sending the finished parts again —, publishes it to three
 * simulated cameras over the server's own broker, one made to fail, sees two show it and one fail,
 * and retries the failed one once its trouble mends. The cameras fetch the file by its signed URL
 * and check its size and md5.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEVICE_PATHS } from '@vap/contracts';
import { type Fleet, startFleet } from '@vap/device-sim';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { englishContext, launchChromium, signInAsDemoOwner } from '../support/browser.js';
import { factoryBatch, importFactoryBatch } from '../support/factory-batch.js';
import { apiToken, freePort, type RunningServer, startServer } from '../support/server.js';

const MODEL = 'VC-C3';
const PREFIX = '7770000005132';
const units = factoryBatch(PREFIX, 3);
const MB = 1024 * 1024;

let dir: string;
let server: RunningServer;
let fleet: Fleet;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let scheme: Buffer;

/** A scheme file of 20 MB, made with tar: its manifest and the screens it names. */
async function schemeFile(): Promise<Buffer> {
  const source = join(dir, 'scheme');
  await mkdir(join(source, 'screens'), { recursive: true });
  await writeFile(
    join(source, 'manifest.json'),
    JSON.stringify({
      format: 'vap-hologram-scheme',
      version: 1,
      screens: [{ file: 'screens/entry.bin', seconds: 8 }, { file: 'screens/level.bin' }],
    }),
  );
  const screen = Buffer.alloc(10 * MB);
  for (let i = 0; i < screen.length; i += 4) screen.writeUInt32LE((i * 2654435761) >>> 0, i);
  await writeFile(join(source, 'screens/entry.bin'), screen);
  await writeFile(join(source, 'screens/level.bin'), screen.subarray(0, 10 * MB - 4096));
  const file = join(dir, 'scheme.tar');
  execFileSync('tar', ['-cf', file, '-C', source, '.']);
  return readFile(file);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vap-e2e-hologram-'));
  scheme = await schemeFile();
  await importFactoryBatch(dir, units, { model: MODEL, firmware: 'V5.2.0', macGroup: '05' });
  const mqttPort = await freePort();
  server = await startServer({ dataDir: dir, env: { MQTT_PORT: String(mqttPort) } });
  const token = await apiToken(server.url);
  for (const unit of units) {
    const response = await fetch(`${server.url}/webapi${DEVICE_PATHS.bind}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'serial', sn: unit.sn, device_code: unit.code }),
    });
    expect(response.status, await response.text()).toBeLessThan(300);
  }
  fleet = startFleet({
    url: `mqtt://127.0.0.1:${mqttPort}`,
    units: units.map((unit, index) => ({
      sn: unit.sn,
      secret: unit.secret,
      kind: 'ipc' as const,
      model: MODEL,
      // The third camera fails its jobs until its trouble mends.
      ...(index === 2 ? { jobFailureRate: 1 } : {}),
    })),
    eventRate: 0,
  });
  for (let waited = 0; fleet.stats().connected < 3; waited += 100) {
    if (waited > 20_000) throw new Error('the cameras did not connect');
    await new Promise((wait) => setTimeout(wait, 100));
  }
  browser = await launchChromium();
  context = await englishContext(browser, { viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  await signInAsDemoOwner(page, server.url);
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await fleet?.stop();
  await server?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

it('adds a scheme whose file resumes after a dropped connection, publishes it to three cameras, and retries the failed one', async () => {
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  const link = menu.getByRole('link', { name: 'Hologram parking', exact: true });
  if (!(await link.isVisible())) await menu.getByRole('button', { name: 'Media and ads' }).click();
  await link.click();
  await page.getByRole('heading', { name: 'Hologram parking' }).waitFor();

  // The parts' PUTs and reports the server answered, by part number.
  const stored = new Set<number>();
  const reported = new Set<number>();
  const putAfterResume: number[] = [];
  let resumed = false;
  const partOf = (url: string) => Number(/\/parts\/(\d+)/.exec(url)?.[1] ?? 0);
  page.on('response', (response) => {
    const { method } = { method: response.request().method() };
    if (!/\/objects\/uploads\/[^/]+\/parts\/\d+/.test(response.url()) || response.status() >= 300) return;
    if (method === 'PUT') stored.add(partOf(response.url()));
    if (method === 'POST') reported.add(partOf(response.url()));
  });
  page.on('request', (request) => {
    if (resumed && request.method() === 'PUT' && /\/parts\/\d+/.test(request.url()))
      putAfterResume.push(partOf(request.url()));
  });
  // The connection drops when the last part goes, once the first two are stored and reported.
  let dropped = false;
  await page.route(/\/objects\/uploads\/[^/]+\/parts\/3\?/, async (route) => {
    if (dropped || route.request().method() !== 'PUT') return route.continue();
    await expect.poll(() => reported.size, { timeout: 60_000 }).toBe(2);
    dropped = true;
    await route.abort('connectionreset');
  });

  await page.getByRole('button', { name: 'Add scheme' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add scheme' });
  await dialog.getByRole('textbox', { name: 'Scheme name' }).fill('Entrance screens');
  await dialog.getByRole('textbox', { name: 'Parking site' }).fill('North gate car park');
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'entrance.tar',
    mimeType: 'application/x-tar',
    buffer: scheme,
  });
  await dialog.getByText('Upload failed').waitFor({ timeout: 60_000 });
  expect([...stored].sort()).toEqual([1, 2]);

  resumed = true;
  await dialog.getByRole('button', { name: 'Retry uploading entrance.tar' }).click();
  await dialog.getByText('Uploaded').waitFor({ timeout: 60_000 });
  // Only the part that had not arrived went again.
  expect(putAfterResume).toEqual([3]);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Scheme saved').waitFor();

  const table = page.getByRole('table', { name: 'Hologram parking' });
  const row = table.getByRole('row', { name: /Entrance screens/ });
  await row.waitFor();
  expect(await row.textContent()).toContain('North gate car park');

  await row.getByRole('button', { name: 'Publish' }).click();
  const publish = page.getByRole('dialog', { name: 'Publish Entrance screens' });
  await publish.getByRole('searchbox', { name: 'Serial number' }).fill(PREFIX);
  await publish.getByRole('button', { name: 'Search' }).click();
  for (const unit of units) await publish.getByRole('checkbox', { name: new RegExp(unit.sn) }).check();
  await publish.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByText('Published to 3 devices').waitFor();

  await row.getByRole('button', { name: 'Devices' }).click();
  const drawer = page.getByRole('dialog', { name: 'Devices of Entrance screens' });
  await expect.poll(() => drawer.getByRole('row', { name: /Shown/ }).count(), { timeout: 60_000 }).toBe(2);
  const failed = drawer.getByRole('row', { name: new RegExp(`${units[2]?.sn}.*Failed`) });
  await failed.waitFor({ timeout: 60_000 });
  expect(await failed.textContent()).toContain('simulated_failure');
  const md5 = createHash('md5').update(scheme).digest('hex');
  for (const unit of units.slice(0, 2)) {
    const camera = fleet.devices.find((device) => device.sn === unit.sn);
    expect([...(camera?.schemes.values() ?? [])]).toEqual([md5]);
  }

  fleet.devices[2]?.jobs.setFailureRate(0);
  await failed.getByRole('button', { name: 'Retry' }).click();
  await page.getByText('Sent again to 1 devices').waitFor();
  await expect.poll(() => drawer.getByRole('row', { name: /Shown/ }).count(), { timeout: 60_000 }).toBe(3);
}, 240_000);

it('cancels an upload under way when its file is removed: the server forgets its parts', async () => {
  // The devices' drawer of the test before is closed first.
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Devices of Entrance screens' }).waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Add scheme' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add scheme' });
  // The parts never arrive: the upload is under way when it is cancelled.
  await page.route(/\/objects\/uploads\/[^/]+\/parts\/\d+\?/, () => {});
  const cancelled = page.waitForResponse(
    (response) =>
      response.request().method() === 'DELETE' && /\/objects\/uploads\/[^/]+$/.test(response.url()),
  );
  const other = Buffer.from(scheme);
  other[other.length - 1] = 1;
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'level.tar',
    mimeType: 'application/x-tar',
    buffer: other,
  });
  await dialog.getByRole('progressbar', { name: 'Upload progress of level.tar' }).waitFor();
  await page.waitForRequest((request) => request.method() === 'PUT' && /\/parts\/\d+\?/.test(request.url()));
  await dialog.getByRole('button', { name: 'Remove level.tar' }).click();
  expect((await cancelled).status()).toBe(204);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
}, 120_000);
