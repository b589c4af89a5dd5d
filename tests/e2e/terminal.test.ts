/**
 * The remote terminal and the open device manager end to end (issues 16, 28). In Chromium, the owner
 * opens a simulated camera's remote terminal from the device list: a new window with an xterm.js
 * terminal, where `uname` answers from the device's shell over the server's broker, and which
 * signing out of the console closes, saying why. Then the open device manager: a link signed with
 * an access key shows its devices to anyone; an expired or changed link says so.
 */
import { createHmac } from 'node:crypto';
import {
  ACCESS_KEY_PATHS,
  DEVICE_PATHS,
  type Device,
  deviceManagerStringToSign,
  encodeListParam,
  type ListPage,
} from '@vap/contracts';
import { expect, it } from 'vitest';
import { demoOwnerPerFile, serverAndBrowserPerFile } from '../support/browser.js';

async function api<T>(path: string, body?: object): Promise<T> {
  const response = await fetch(`${e2e.server.url}/webapi${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as T;
}

const e2e = serverAndBrowserPerFile({ env: { DEMO_DEVICES: '1' } });
const owner = demoOwnerPerFile(e2e, { viewport: { width: 1440, height: 900 } });

/** The simulated camera, once it is online. */
async function onlineCamera(): Promise<Device> {
  const wheres = encodeURIComponent(encodeListParam([{ k: 'status', o: '=', v: 'online' }]));
  let found: Device | undefined;
  await expect
    .poll(
      async () => {
        found = (await api<ListPage<Device>>(`${DEVICE_PATHS.devices}?wheres=${wheres}`)).items[0];
        return found?.sn;
      },
      { timeout: 20_000 },
    )
    .toBeTruthy();
  if (!found) throw new Error('no camera online');
  return found;
}

it("opens a camera's remote terminal in a new window, where uname answers from the device; signing out closes it, saying why", async () => {
  const camera = await onlineCamera();
  const menu = owner.page.getByRole('navigation', { name: 'Main menu' });
  const devicesDir = menu.getByRole('button', { name: 'Devices' });
  if ((await devicesDir.getAttribute('aria-expanded')) !== 'true') await devicesDir.click();
  await menu.getByRole('link', { name: 'Device maintenance' }).click();
  await owner.page.getByRole('searchbox', { name: 'Serial number' }).fill(camera.sn);
  await owner.page.getByRole('button', { name: 'Search' }).click();
  const row = owner.page
    .getByRole('table', { name: 'Device maintenance' })
    .getByRole('row', { name: new RegExp(camera.sn) });
  // A row shows two actions and folds the rest into its "more" menu (issue 29).
  await row.getByRole('button', { name: 'More actions' }).click();
  const [terminal] = await Promise.all([
    owner.context.waitForEvent('page'),
    owner.page.getByRole('menuitem', { name: 'Remote terminal' }).click(),
  ]);
  await terminal.waitForLoadState();
  // The ticket leaves the address once used.
  await expect.poll(() => new URL(terminal.url()).searchParams.get('ticket')).toBeNull();
  const screen = terminal.locator('.xterm-rows');
  await expect.poll(() => screen.innerText(), { timeout: 15_000 }).toContain(`root@${camera.sn}`);
  await terminal.locator('.xterm-helper-textarea').focus();
  await terminal.keyboard.type('uname -a');
  await terminal.keyboard.press('Enter');
  await expect.poll(() => screen.innerText(), { timeout: 15_000 }).toMatch(/Linux \d{20}/);
  // The terminal belongs to the sign-in session that opened it (issue 28): signing out of the
  // console closes it within seconds, and the window says why in the console's language.
  await owner.page.getByTestId('user-menu').click();
  await owner.page.getByRole('menuitem', { name: 'Log out' }).click();
  const closing = /Your sign-in ended .*: the terminal was closed/;
  await expect.poll(() => terminal.getByRole('status').innerText(), { timeout: 10_000 }).toMatch(closing);
  await expect.poll(() => screen.innerText()).toMatch(closing);
  await terminal.close();
});

it("shows a signed link's devices to anyone; an expired or changed link says so", async () => {
  const key = await api<{ id: string; secret: string }>(ACCESS_KEY_PATHS.keys, {
    bandwidth_mbps: 1,
    is_access_all_group: true,
    operations: ['GET /v1/pms/company/users'],
  });
  const link = (expires: number, secret = key.secret) => {
    const signature = createHmac('sha256', secret)
      .update(deviceManagerStringToSign(key.id, expires))
      .digest('hex');
    return `${e2e.server.url}/open-pages/device-manager?key_id=${key.id}&expires=${expires}&signature=${signature}&lang=en`;
  };
  const stranger = await e2e.browser.newContext();
  try {
    const visitor = await stranger.newPage();
    await visitor.goto(link(Math.floor(Date.now() / 1000) + 3600));
    const table = visitor.getByRole('table', { name: 'Devices' });
    await expect.poll(() => table.getByRole('row').count(), { timeout: 15_000 }).toBeGreaterThan(1);
    await visitor.goto(link(Math.floor(Date.now() / 1000) - 60));
    await visitor.getByRole('heading', { name: 'Link expired' }).waitFor();
    await visitor.goto(link(Math.floor(Date.now() / 1000) + 3600, 'another secret'));
    await visitor.getByRole('heading', { name: 'Invalid link' }).waitFor();
  } finally {
    await stranger.close();
  }
});
