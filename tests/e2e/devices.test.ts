/**
 * Device maintenance in real Chromium against the real server (issue 14): the owner imports a
 * workbook with two bad rows, sees them reported by row and code, binds the rest, moves a device
 * between groups and exports the filter, which opens in exceljs; a user whose role allows one group
 * sees only that group's devices. The units to import are made by the operator's
 * `factory:generate` on the server's data directory before it starts.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  DEVICE_PATHS,
  type Device,
  type DeviceGroups,
  encodeListParam,
  type ListPage,
  SYSTEM_PATHS,
} from '@vap/contracts';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishContext, startServerAndBrowser } from '../support/browser.js';
import { DEMO, ROOT, type RunningServer, webapiCall } from '../support/server.js';

const run = promisify(execFile);
const BATCH = '5550000001';
/** The serials factory:generate gives a batch's first ipc units: batch, 132, running number. */
const serial = (index: number) => `${BATCH}132${String(index).padStart(7, '0')}`;
const LIMITED = { phone: '13900139077', password: 'limited-pass-1', role: 'E2E Warehouse' };
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

let dataDir: string;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'vap-e2e-devices-'));
  await run(
    process.execPath,
    [
      join(ROOT, 'apps/server/dist/ops.js'),
      'factory:generate',
      '--count',
      '4',
      '--kind',
      'ipc',
      '--batch',
      BATCH,
      '--seed',
      'e2e',
    ],
    { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' } },
  );
  ({ server, browser } = await startServerAndBrowser({ dataDir }));
});

afterAll(async () => {
  await browser?.close();
  const code = await server?.stop();
  expect(code).toBe(0);
  await rm(dataDir, { recursive: true, force: true });
});

/** The JSON of a call that must succeed. */
async function call<T>(method: string, path: string, token: string | null, body?: object): Promise<T> {
  const answer = await webapiCall(server.url, method, path, token, body);
  if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as T;
}

const tokenOf = async (account: string, password: string) =>
  (
    await call<{ token: string }>('POST', '/v0/pms/users/login_password', null, {
      account,
      password: md5(password),
    })
  ).token;

async function signIn(account: string, password: string): Promise<Page> {
  const context = await englishContext(browser, {
    viewport: { width: 1440, height: 900 },
    acceptDownloads: true,
  });
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Phone or email').fill(account);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: /Welcome back/ }).waitFor();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  const devices = menu.getByRole('button', { name: 'Devices' });
  if ((await devices.getAttribute('aria-expanded')) !== 'true') await devices.click();
  await menu.getByRole('link', { name: 'Device maintenance' }).click();
  await page.getByRole('heading', { name: 'Device maintenance' }).waitFor();
  return page;
}

const table = (page: Page) => page.getByRole('table', { name: 'Device maintenance' });

async function searchSerial(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Serial number' }).fill(text);
  await page.getByRole('button', { name: 'Search' }).click();
}

async function workbook(rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('devices');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('device maintenance', () => {
  it('imports a workbook with two bad rows, binds the rest, moves a device and exports the filter', async () => {
    const page = await signIn(DEMO.account, DEMO.password);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import devices' });
    await dialog.getByRole('radio', { name: 'Serial numbers' }).click();
    await dialog.getByTestId('import-file').setInputFiles({
      name: 'devices.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await workbook([
        ['sn', 'username', 'password', 'remark'],
        [serial(0), 'admin', 'pw-0', 'lobby'],
        ['12345', 'admin', 'pw', ''],
        [serial(1), 'admin', 'pw-1', ''],
        [serial(0), 'admin', 'pw-0', 'again'],
        [serial(2), '', '', ''],
      ]),
    });
    await dialog.getByRole('button', { name: 'Upload and bind' }).click();
    await dialog.getByText('Rows: 5. Bound: 0. Failing: 2.').waitFor();
    const failing = dialog.getByRole('table');
    await failing.getByRole('row', { name: /^3 .*wrong format/ }).waitFor();
    await failing.getByRole('row', { name: /^5 .*earlier row/ }).waitFor();
    await dialog.getByRole('button', { name: 'Bind the valid rows (3)' }).click();
    await dialog.getByText('Rows: 5. Bound: 3. Failing: 2.').waitFor();
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();

    await searchSerial(page, BATCH);
    for (const index of [0, 1, 2])
      await table(page)
        .getByRole('row')
        .filter({ hasText: serial(index) })
        .waitFor();

    // Move the first into the demo's warehouse group.
    await table(page)
      .getByRole('row')
      .filter({ hasText: serial(0) })
      .getByRole('button', { name: 'Move' })
      .click();
    const move = page.getByRole('dialog', { name: /Move .* to another group/ });
    await move.getByRole('combobox', { name: 'To group' }).click();
    await page.getByRole('option', { name: '仓库' }).click();
    await move.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Devices moved: 1').waitFor();
    const token = await tokenOf(DEMO.account, DEMO.password);
    const wheres = encodeURIComponent(encodeListParam([{ k: 'sn', o: '=', v: serial(0) }]));
    const [moved] = (await call<ListPage<Device>>('GET', `${DEVICE_PATHS.devices}?wheres=${wheres}`, token))
      .items;
    expect(moved?.group_name).toBe('仓库');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const file = await (await download).path();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile(file)) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const serials = [2, 3, 4].map((row) => String(sheet?.getRow(row).getCell(1).value));
    expect(serials.sort()).toEqual([serial(0), serial(1), serial(2)]);
    expect(sheet?.rowCount).toBe(4);
  });

  it("shows a user whose role allows one group only that group's devices", async () => {
    const token = await tokenOf(DEMO.account, DEMO.password);
    const groups = await call<DeviceGroups>('GET', DEVICE_PATHS.groups, token);
    const warehouse = groups.items.find((group) => group.name === '仓库');
    if (!warehouse) throw new Error('no warehouse group');
    const { id: roleId } = await call<{ id: number }>('POST', SYSTEM_PATHS.roles, token, {
      name: LIMITED.role,
      menus: { dashboard: [], device_maintenance: [] },
      is_access_all_group: false,
      group_ids: [warehouse.id],
    });
    await call('POST', SYSTEM_PATHS.users, token, {
      phone: LIMITED.phone,
      password: md5(LIMITED.password),
      nickname: '仓管员',
      role_id: roleId,
    });

    const page = await signIn(LIMITED.phone, LIMITED.password);
    const rows = table(page).locator('tbody tr');
    await rows.filter({ hasText: '仓库' }).first().waitFor();
    const count = await rows.count();
    expect(count).toBe(Math.min(warehouse.devices, 20));
    for (const text of await rows.allTextContents()) expect(text).toContain('仓库');
    await page.getByText(`${warehouse.devices}`, { exact: false }).first().waitFor();
    // The other groups are not offered, nor are the ungrouped devices.
    await expect(page.getByRole('button', { name: /一号楼/ }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: /Ungrouped/ }).count()).resolves.toBe(0);
  });
});
