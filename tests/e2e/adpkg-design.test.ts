/**
 * Ad package design end to end (issue 32; spec §2.3 adpkg_management, adpkg_design, §5.6), in
 * Chromium on a server of the build with three simulated cameras on its own broker: the owner adds
 * a package with one picture, opens it in the design page (its tab titled by the package's name),
 * drops two more files on it — a picture and an MP4 —, drags the split and types it, reorders the
 * items by dragging and with the move buttons, sees the work kept while another tab shows and the
 * tab's close ask first, plays it through and saves; then publishes it to the three cameras, which
 * fetch every item by its signed URL and show it in the saved order; last, a resource's share link
 * opens signed out and shows the shared resource.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { ADPKG_PATHS, type Adpkg } from '@vap/contracts';
import { expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.js';
import { englishContext } from '../support/browser.js';
import { camerasPerFile } from '../support/cameras.js';
import { factoryBatch } from '../support/factory-batch.js';
import { apiToken, ROOT, webapiCall } from '../support/server.js';

const MODEL = 'VC-C3';
/** One of the demo's vendor resources. */
const MANUAL = 'IP camera user manual';
const PREFIX = '7770000006132';
const units = factoryBatch(PREFIX, 3);
const cameras = camerasPerFile({
  name: 'adpkg',
  units,
  batch: { model: MODEL, firmware: 'V5.2.0', macGroup: '06' },
});

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};
/** A portrait PNG of one colour, as a screen's picture would be. */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const welcome = png(360, 640, [200, 40, 40]);
const menu = png(540, 960, [40, 160, 60]);

it('designs a package, publishes it to three cameras that show it in its order, and opens a share link signed out', async () => {
  const { page, server, fleet } = cameras;
  const clip = await readFile(join(ROOT, 'apps/device-sim/fixtures/video-1.mp4'));

  // A package with one picture, added in ad packages.
  await page.goto(`${server.url}/media/adpkg-management`);
  await page.getByRole('button', { name: 'Add package' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add package' });
  await dialog.getByRole('textbox', { name: 'Package name' }).fill('Lobby screens');
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'welcome.png', mimeType: 'image/png', buffer: welcome });
  await dialog.getByText('Uploaded').waitFor({ timeout: 60_000 });
  await dialog.getByRole('textbox', { name: 'Resource name' }).fill('welcome');
  await dialog.getByRole('spinbutton', { name: 'Display time (seconds)' }).fill('3');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Package saved').waitFor();

  // Its design page, from the row, titled by the package's name.
  const row = page.getByRole('table', { name: 'Ad packages' }).getByRole('row', { name: /Lobby screens/ });
  await row.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Design' }).click();
  await page.getByRole('heading', { name: 'Design: Lobby screens' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/media/adpkg-design');
  await expect.poll(() => page.title()).toBe('Lobby screens - VAP Console');
  const tabs = page.getByRole('navigation', { name: 'Open pages' });
  await tabs.getByRole('link', { name: 'Lobby screens' }).waitFor();

  // Two more files dropped onto the preview: a picture and a video.
  const preview = page.getByRole('region', { name: /Device screen preview/ });
  const dropped = await page.evaluateHandle(
    ([first, second]) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(first as number[])], 'menu.png', { type: 'image/png' }));
      transfer.items.add(new File([new Uint8Array(second as number[])], 'clip.mp4', { type: 'video/mp4' }));
      return transfer;
    },
    [[...menu], [...clip]],
  );
  await preview.dispatchEvent('dragover', { dataTransfer: dropped });
  await preview.dispatchEvent('drop', { dataTransfer: dropped });
  const order = page.getByRole('list', { name: 'Items in the order they play' });
  await expect.poll(() => order.getByRole('listitem').count()).toBe(3);
  await expect.poll(() => page.getByRole('progressbar').count(), { timeout: 60_000 }).toBe(0);
  expect(
    await order
      .getByRole('textbox')
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)),
  ).toEqual(['welcome', 'menu', 'clip']);
  await page.getByRole('spinbutton', { name: 'Display time of item 2, seconds' }).fill('4');
  // The editor with its items and unsaved work is usable by everyone (WCAG 2.1 A and AA).
  expect(await seriousViolations(page)).toEqual([]);

  // The split dragged on the preview, and typed beyond its bounds.
  const split = page.getByRole('separator', { name: /Top half's share/ });
  const box = await preview.boundingBox();
  const line = await split.boundingBox();
  if (!box || !line) throw new Error('the preview is not shown');
  await page.mouse.move(line.x + line.width / 2, line.y + line.height / 2);
  await page.mouse.down();
  await page.mouse.move(line.x + line.width / 2, box.y + box.height * 0.72, { steps: 8 });
  await page.mouse.up();
  const dragged = Number(await split.getAttribute('aria-valuenow'));
  expect(dragged).toBeGreaterThanOrEqual(70);
  expect(dragged).toBeLessThanOrEqual(74);
  const number = page.getByRole('spinbutton', { name: 'Top half, percent' });
  await number.fill('95');
  await number.press('Enter');
  expect(await split.getAttribute('aria-valuenow')).toBe('80');
  await number.fill('65');
  await number.press('Enter');
  expect(await split.getAttribute('aria-valuenow')).toBe('65');

  // The video dragged to the top, then the menu moved up with its button: menu, clip, welcome.
  await order
    .getByRole('listitem', { name: 'Item 3' })
    .dragTo(order.getByRole('listitem', { name: 'Item 1' }));
  await page.getByRole('button', { name: 'Move item 3 up' }).click();
  await page.getByRole('button', { name: 'Move item 2 up' }).click();
  const names = () =>
    order
      .getByRole('textbox')
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  expect(await names()).toEqual(['menu', 'clip', 'welcome']);

  // Work not saved survives another tab, and closing the tab asks first.
  await tabs.getByRole('link', { name: 'Ad packages' }).click();
  await page.getByRole('table', { name: 'Ad packages' }).waitFor();
  await tabs.getByRole('link', { name: 'Lobby screens' }).click();
  // The kept-alive page shows again once the tab bar has navigated: its items as they were, not reloaded.
  await expect.poll(names).toEqual(['menu', 'clip', 'welcome']);
  expect(await split.getAttribute('aria-valuenow')).toBe('65');
  await tabs.getByRole('button', { name: 'Close Lobby screens' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await ask.getByRole('button', { name: 'Stay' }).click();
  await ask.waitFor({ state: 'detached' });
  expect(await names()).toEqual(['menu', 'clip', 'welcome']);

  // Played through in order, then saved.
  await page.getByRole('button', { name: 'Play through' }).click();
  await page.getByText(/Playing item 1 of 3 for 4 s/).waitFor();
  await page.getByRole('button', { name: 'Stop' }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Package saved').waitFor();
  await page.getByText('Unsaved changes').waitFor({ state: 'detached' });

  const token = await apiToken(server.url);
  const list = await webapiCall(server.url, 'GET', ADPKG_PATHS.packages, token);
  const saved = (list.body as { items: Adpkg[] }).items.find((pkg) => pkg.name === 'Lobby screens');
  expect(saved?.top_share).toBe(65);
  expect(saved?.items.map((item) => [item.resource_name, item.type, item.seconds])).toEqual([
    ['menu', 'image', 4],
    ['clip', 'video', null],
    ['welcome', 'image', 3],
  ]);

  // Published to the three cameras (the third mended first): each shows the items in that order.
  fleet.devices[2]?.jobs.setFailureRate(0);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const publish = page.getByRole('dialog', { name: 'Publish Lobby screens' });
  await publish.getByRole('searchbox', { name: 'Serial number' }).fill(PREFIX);
  await publish.getByRole('button', { name: 'Search' }).click();
  for (const unit of units) await publish.getByRole('checkbox', { name: new RegExp(unit.sn) }).check();
  await publish.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByText('Published to 3 devices').waitFor();
  await page.getByTestId('shell-main').getByRole('button', { name: 'Devices', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Devices of Lobby screens' });
  await expect.poll(() => drawer.getByRole('row', { name: /Shown/ }).count(), { timeout: 90_000 }).toBe(3);
  for (const unit of units) {
    const camera = fleet.devices.find((device) => device.sn === unit.sn);
    expect(camera?.adPackages.get(saved?.id ?? 0)).toEqual(saved?.items.map((item) => item.md5));
  }
  await page.keyboard.press('Escape');

  // A resource shared from resource download opens signed out.
  await page.goto(`${server.url}/resource/download`);
  const resource = page
    .getByRole('table', { name: 'Resource download' })
    .getByRole('row')
    .filter({ hasText: MANUAL });
  await resource.getByRole('button', { name: 'Share' }).click();
  const share = page.getByRole('dialog');
  await share.getByRole('radio', { name: '1 day' }).click();
  await share.getByRole('button', { name: 'Create link' }).click();
  const address = await share.getByLabel('Share link').inputValue();
  expect(address).toMatch(new RegExp(`^${server.url}/sharePage\\?link=`));
  const browser = page.context().browser();
  if (!browser) throw new Error('no browser');
  const context = await englishContext(browser);
  const visitor = await context.newPage();
  await visitor.goto(address);
  await visitor.getByRole('heading', { name: 'Shared resource' }).waitFor();
  await visitor.getByRole('article', { name: MANUAL }).waitFor();
  await expect.poll(() => visitor.title()).toBe('Resource download - VAP Console');
  await context.close();
}, 300_000);
