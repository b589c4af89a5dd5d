/**
 * Device tasks end to end (issue 16): in Chromium, the owner uploads a firmware package, upgrades
 * three simulated cameras from the device list — one made to fail — watches the task in the Tasks
 * view, retries the failed camera once its trouble mends, and sees all three on the new version in
 * the device list. The cameras are the device simulator's, on the server's own broker: the real
 * download, md5 check and reboot.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DEVICE_PATHS } from '@vap/contracts';
import { type Fleet, startFleet } from '@vap/device-sim';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { englishContext, launchChromium, signInAsDemoOwner } from '../support/browser.js';
import { factoryBatch, importFactoryBatch } from '../support/factory-batch.js';
import { apiToken, freePort, type RunningServer, startServer } from '../support/server.js';

const _run = promisify(execFile);
const MODEL = 'VC-E2E3';
const NEW_VERSION = 'V7.1.0';
const units = factoryBatch('7770000003132', 3);

let dir: string;
let server: RunningServer;
let fleet: Fleet;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vap-e2e-tasks-'));
  await importFactoryBatch(dir, units, { model: MODEL, firmware: 'V7.0.0', macGroup: '03' });
  const mqttPort = await freePort();
  server = await startServer({ dataDir: dir, env: { MQTT_PORT: String(mqttPort) } });
  const token = await apiToken(server.url);
  for (const unit of units) {
    const bound = await fetch(`${server.url}/webapi${DEVICE_PATHS.bind}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'serial', sn: unit.sn, device_code: unit.code }),
    });
    expect(bound.status, await bound.clone().text()).toBe(200);
  }
  fleet = startFleet({
    url: `mqtt://127.0.0.1:${mqttPort}`,
    units: units.map((unit, index) => ({
      sn: unit.sn,
      secret: unit.secret,
      kind: 'ipc' as const,
      model: MODEL,
      firmwareVersion: 'V7.0.0',
      // The third camera fails its jobs until its trouble mends.
      ...(index === 2 ? { jobFailureRate: 1 } : {}),
    })),
    rebootMs: 1_000,
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
  await rm(dir, { recursive: true, force: true });
});

it('upgrades three cameras, one failing; a retry brings it too, and the device list shows the new version', async () => {
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  const devicesDir = menu.getByRole('button', { name: 'Devices' });
  if ((await devicesDir.getAttribute('aria-expanded')) !== 'true') await devicesDir.click();
  await menu.getByRole('link', { name: 'Device maintenance' }).click();
  await page.getByRole('heading', { name: 'Device maintenance' }).waitFor();

  // The package, through the Tasks view's Firmware packages.
  await page.getByRole('tab', { name: 'Tasks' }).click();
  await page.getByRole('button', { name: 'Firmware packages' }).click();
  const packages = page.getByRole('dialog', { name: 'Firmware packages' });
  await packages.getByRole('button', { name: 'Upload a package' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload a firmware package' });
  await upload.getByTestId('firmware-file').setInputFiles({
    name: 'vc-e2e3-v7.1.0.bin',
    mimeType: 'application/octet-stream',
    buffer: randomBytes(64 * 1024),
  });
  await upload.getByLabel('Model').fill(MODEL);
  await upload.getByLabel('Version').fill(NEW_VERSION);
  await upload.getByRole('button', { name: 'Upload', exact: true }).click();
  await packages.getByRole('cell', { name: NEW_VERSION }).first().waitFor();
  await page.keyboard.press('Escape');

  // The three cameras, selected in the device list.
  await page.getByRole('tab', { name: 'Devices' }).click();
  await page.getByRole('searchbox', { name: 'Serial number' }).fill('7770000003132');
  await page.getByRole('button', { name: 'Search' }).click();
  const table = page.getByRole('table', { name: 'Device maintenance' });
  await expect.poll(() => table.getByRole('row').count()).toBe(4);
  await table.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
  await page.getByRole('button', { name: 'Upgrade firmware (3)' }).click();
  const upgrade = page.getByRole('dialog', { name: 'Upgrade firmware' });
  await upgrade.getByRole('combobox', { name: 'Firmware package' }).click();
  await page.getByRole('option', { name: new RegExp(NEW_VERSION) }).click();
  await upgrade.getByRole('button', { name: 'Upgrade', exact: true }).click();

  // The task's detail opens and follows the jobs: two complete, the third fails.
  const detail = page.getByRole('dialog', { name: new RegExp(`${MODEL} ${NEW_VERSION}`) });
  await detail.waitFor();
  const jobs = detail.getByRole('table');
  await expect.poll(() => jobs.getByRole('row', { name: /Completed/ }).count(), { timeout: 60_000 }).toBe(2);
  await jobs.getByRole('row', { name: new RegExp(`${units[2]?.sn}.*Failed`) }).waitFor({ timeout: 60_000 });

  // Its trouble mends; Retry failed starts it again.
  fleet.devices[2]?.jobs.setFailureRate(0);
  await detail.getByRole('button', { name: 'Retry failed (1)' }).click();
  await expect.poll(() => jobs.getByRole('row', { name: /Completed/ }).count(), { timeout: 60_000 }).toBe(3);
  await page.keyboard.press('Escape');

  // The device list shows the new version for all three.
  await page.getByRole('tab', { name: 'Devices' }).click();
  await page.getByRole('button', { name: 'Search' }).click();
  await expect
    .poll(() => table.getByRole('row', { name: new RegExp(NEW_VERSION) }).count(), { timeout: 20_000 })
    .toBe(3);
}, 180_000);
