/**
 * Device tasks end to end (issue 16): in Chromium, the owner uploads a firmware package, upgrades
 * three simulated cameras from the device list — one made to fail — watches the task in the Tasks
 * view, retries the failed camera once its trouble mends, and sees all three on the new version in
 * the device list. The cameras are the device simulator's, on the server's own broker: the real
 * download, md5 check and reboot.
 */
import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { camerasPerFile } from '../support/cameras.js';
import { factoryBatch } from '../support/factory-batch.js';

const MODEL = 'VC-E2E3';
const NEW_VERSION = 'V7.1.0';
const units = factoryBatch('7770000003132', 3);

const cameras = camerasPerFile({
  name: 'tasks',
  units,
  batch: { model: MODEL, firmware: 'V7.0.0', macGroup: '03' },
  camera: { firmwareVersion: 'V7.0.0' },
  fleet: { rebootMs: 1_000 },
});

it('upgrades three cameras, one failing; a retry brings it too, and the device list shows the new version', async () => {
  const { page, fleet } = cameras;
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
