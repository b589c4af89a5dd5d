/**
 * The algorithm mall end to end (issue 31): in Chromium, the owner buys three authorisations of a
 * product, authorises three simulated cameras with it — one made to fail its jobs —, sees two
 * succeed and one fail with its authorisation given back, retries the failed one once its trouble
 * mends and sees it succeed; then reads a plate on the plate recognition trial page. The cameras are
 * the device simulator's on the server's own broker: they verify the server's signature on each
 * licence with the key it publishes.
 */
import { crc32, deflateSync } from 'node:zlib';
import {
  ALGMALL_PATHS,
  DEV_PAYMENT_PAGE_QUERY,
  DEV_PAYMENT_PATHS,
  FINANCE_PATHS,
  type RechargeOrder,
} from '@vap/contracts';
import { expect, it } from 'vitest';
import { camerasPerFile } from '../support/cameras.js';
import { factoryBatch } from '../support/factory-batch.js';

/** A model the demo's "People counting" runs on. */
const MODEL = 'VC-C3';
const PRODUCT = 'People counting';
const PREFIX = '7770000004132';
const units = factoryBatch(PREFIX, 3);

/** A grey PNG of `width` × `height`: the development plate engine reads a plate in one this large. */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  const rows = Buffer.alloc((width + 1) * height, 0x80);
  for (let row = 0; row < height; row++) rows[row * (width + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const cameras = camerasPerFile({
  name: 'algmall',
  units,
  batch: { model: MODEL, firmware: 'V5.2.0', macGroup: '04' },
  prepare: async (call, server) => {
    // ¥1,000 in the balance, paid through the development payment page's API.
    const order = (await call('POST', FINANCE_PATHS.recharges, { amount: 100_000 })) as RechargeOrder;
    const payment = new URL(order.pay_url, server.url).searchParams.get(DEV_PAYMENT_PAGE_QUERY) ?? '';
    await call('POST', DEV_PAYMENT_PATHS.payment(payment), { action: 'confirm' });
    // The cameras verify each licence with the key the server publishes.
    const { key } = (await call('GET', ALGMALL_PATHS.licenceKey)) as { key: string };
    return { licenceKey: key };
  },
});

async function openPage(dir: string, name: string) {
  const menu = cameras.page.getByRole('navigation', { name: 'Main menu' });
  const link = menu.getByRole('link', { name, exact: true });
  if (!(await link.isVisible())) await menu.getByRole('button', { name: dir }).click();
  await link.click();
}

it('buys authorisations, authorises three cameras with one failing, and retries it', async () => {
  const { page, fleet } = cameras;
  await openPage('Algorithm mall', 'Products');
  await page.getByRole('button', { name: `Buy ${PRODUCT}` }).click();
  const buy = page.getByRole('dialog', { name: `Buy ${PRODUCT}` });
  await buy.getByRole('textbox', { name: 'Authorisations' }).fill('3');
  await buy.getByRole('button', { name: 'Buy now' }).click();
  await page.getByText(/: 3 authorisations bought$/).waitFor();

  await openPage('Algorithm mall', 'Online authorisation');
  await page.getByRole('heading', { name: 'Online authorisation' }).waitFor();
  await page.getByRole('button', { name: 'Authorise devices' }).click();
  const dialog = page.getByRole('dialog', { name: 'Authorise devices' });
  await dialog.getByRole('combobox', { name: 'Algorithm' }).click();
  await page.getByRole('option', { name: PRODUCT }).click();
  await dialog.getByRole('searchbox', { name: 'Search by serial number' }).fill(PREFIX);
  await dialog.getByRole('button', { name: 'Search' }).click();
  for (const unit of units) await dialog.getByRole('checkbox', { name: new RegExp(unit.sn) }).check();
  await dialog.getByRole('button', { name: 'Authorise', exact: true }).click();
  await page.getByText('3 devices are being authorised').waitFor();

  // The page reads the list again while any is in progress: two succeed, the third fails.
  const table = page.getByRole('table', { name: 'Online authorisation' });
  await expect.poll(() => table.getByRole('row', { name: /Success/ }).count(), { timeout: 60_000 }).toBe(2);
  const failed = table.getByRole('row', { name: new RegExp(`${units[2]?.sn}.*Failed`) });
  await failed.waitFor({ timeout: 60_000 });
  // Given back: the failed one holds no order.
  expect(await failed.textContent()).toContain('simulated_failure');
  for (const unit of units.slice(0, 2)) {
    const camera = fleet.devices.find((device) => device.sn === unit.sn);
    expect(camera?.licences.get('people-counting')?.sn).toBe(unit.sn);
  }

  fleet.devices[2]?.jobs.setFailureRate(0);
  await failed.getByRole('button', { name: 'Retry' }).click();
  await page.getByText('1 authorisation retried').waitFor();
  await expect.poll(() => table.getByRole('row', { name: /Success/ }).count(), { timeout: 60_000 }).toBe(3);
});

it('reads a plate on the plate recognition trial page', async () => {
  const { page } = cameras;
  await openPage('Plate recognition', 'Trial');
  await page.getByRole('heading', { name: 'Plate recognition trial' }).waitFor();
  await page.getByLabel('Choose an image').setInputFiles({
    name: 'gate.png',
    mimeType: 'image/png',
    buffer: png(320, 160),
  });
  await page.getByRole('button', { name: 'Recognise' }).click();
  await page.getByText('Plate number').waitFor({ timeout: 30_000 });
  await page.getByText(/Trials left today: \d+ of \d+/).waitFor();
});
