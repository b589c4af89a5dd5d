/**
 * The user's own account and company in Chromium against the real server: profile, display
 * settings (logo), password change, company verification with the token upload, and the
 * operator's review command (spec §4.1, §4.2, §5.2, §5.3, §7.1, §7.2).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishContext, startServerAndBrowser } from '../support/browser.js';
import { DEMO, passwordSignIn, ROOT, type RunningServer, startServer } from '../support/server.js';

const run = promisify(execFile);
const MB = 1024 * 1024;
const NEW_PASSWORD = 'e2e-new-pass-2';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A real greyscale PNG the browser decodes; `shade` makes each one different (another md5). */
function png(width: number, height: number, shade = 128): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const row = Buffer.alloc(width + 1, shade);
  row[0] = 0;
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
/** A PNG padded with trailing bytes to `size`: over a limit before any decoding. */
const paddedPng = (size: number) => Buffer.concat([png(8, 8), Buffer.alloc(size - png(8, 8).length)]);

let dataDir: string;
let server: RunningServer;
let browser: Browser;
let page: Page;

async function ops(...args: string[]) {
  const { stdout } = await run(process.execPath, [join(ROOT, 'apps/server/dist/ops.js'), ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  return stdout;
}

/** Stops the server (PGlite is locked by it), runs operator commands on its data directory, starts it again. */
async function whileStopped<T>(work: () => Promise<T>): Promise<T> {
  expect(await server.stop()).toBe(0);
  try {
    return await work();
  } finally {
    server = await startServer({ dataDir });
  }
}

async function signIn(password: string) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Phone or email').fill(DEMO.account);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/dashboard$/);
}

async function openUserMenu(entry: string) {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: entry }).click();
}

beforeAll(async () => {
  // An explicit data directory survives stop: the operator command runs on it in between.
  dataDir = await mkdtemp(join(tmpdir(), 'vap-e2e-account-'));
  ({ server, browser } = await startServerAndBrowser({ dataDir }));
  const context = await englishContext(browser, { viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  expect(await server?.stop()).toBe(0);
  await rm(dataDir, { recursive: true, force: true });
});

describe('own account in Chromium', () => {
  it('edits the profile: the new nickname shows in the top bar', async () => {
    await signIn(DEMO.password);
    await openUserMenu('Profile');
    const dialog = page.getByRole('dialog', { name: 'Profile' });
    await expect(dialog.getByLabel('Phone').isDisabled()).resolves.toBe(true);
    await dialog.getByLabel('Nickname').fill('新昵称');
    await dialog.getByLabel('Remark').fill('值班经理');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Profile saved').waitFor();
    await expect(page.getByTestId('user-menu').textContent()).resolves.toContain('新昵称');
  });

  it('display settings: a 2 MB logo is refused in the dialog, a small one shows in the sidebar at once', async () => {
    await openUserMenu('Display settings');
    const dialog = page.getByRole('dialog', { name: 'Display settings' });
    const input = dialog.getByTestId('logo-input');
    await input.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: paddedPng(2 * MB) });
    await page.getByText('The logo must be a JPEG or PNG image of at most 1M').first().waitFor();
    expect(await dialog.getByRole('img', { name: 'Logo preview' }).count()).toBe(0);
    await input.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png(32, 32, 90) });
    await dialog.getByRole('img', { name: 'Logo preview' }).waitFor();
    await dialog.getByLabel('Title').fill('新标题');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Display settings saved').waitFor();
    const sidebar = page.getByTestId('sidebar');
    await sidebar.getByText('新标题').waitFor();
    const logo = sidebar.locator('img[src*="/webapi/v1/pms/objects/logo/"]');
    await logo.waitFor();
    // The signed URL really serves the image to the <img> (no bearer header): once the browser is
    // done with it (loaded or broken), it has the picture's width.
    const width = await logo.evaluate(
      (image: HTMLImageElement) =>
        new Promise<number>((resolve) => {
          if (image.complete) resolve(image.naturalWidth);
          image.addEventListener('load', () => resolve(image.naturalWidth));
          image.addEventListener('error', () => resolve(0));
        }),
    );
    expect(width).toBe(32);
  });

  it('changing the password shows an alert, logs out, and the new password signs in', async () => {
    const before = await page.evaluate(() => localStorage.getItem('vap_web_token'));
    await openUserMenu('Change password');
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    await dialog.getByLabel('Old password', { exact: true }).fill(DEMO.password);
    await dialog.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await dialog.getByLabel('Confirm password', { exact: true }).fill(NEW_PASSWORD);
    await dialog.getByRole('button', { name: 'Save' }).click();
    const alert = page.getByRole('alertdialog', { name: 'Password changed' });
    await alert.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(/\/login/);
    expect(await page.evaluate(() => localStorage.getItem('vap_web_token'))).toBeNull();
    const reuse = await fetch(`${server.url}/webapi/v1/pms/user`, {
      headers: { authorization: `Bearer ${before}` },
    });
    expect(reuse.status).toBe(401);
    const old = await passwordSignIn(server.url);
    expect(old.status).toBe(401);
    await signIn(NEW_PASSWORD);
  });
});

describe('company verification in Chromium, reviewed by the operator command', () => {
  it('a withdrawn verification opens the hint on load; Edit leads to the form', async () => {
    const output = await whileStopped(async () => {
      const companyId = /^(\d+)\t2 \(verified\)/m.exec(await ops('company:list'))?.[1];
      expect(companyId).toBeDefined();
      return ops('company:revoke', companyId ?? '');
    });
    expect(output).toContain('withdrawn');
    await signIn(NEW_PASSWORD);
    const hint = page.getByRole('dialog', { name: 'Company verification' });
    await hint.getByText('Your company verification failed').waitFor();
    await hint.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('dialog', { name: 'Company verification' }).getByLabel('Company name').waitFor();
  }, 120_000); // stops and restarts the server and runs two operator commands: slow on a busy machine

  it('refuses a 6 MB and a 6000x6000 image, accepts three valid ones: waiting for review', async () => {
    const dialog = page.getByRole('dialog', { name: 'Company verification' });
    const region = (name: string) => dialog.getByRole('region', { name });
    const input = (name: string) => region(name).locator('input[type="file"]');
    await input('Business licence').setInputFiles({
      name: 'big.png',
      mimeType: 'image/png',
      buffer: paddedPng(6 * MB),
    });
    await region('Business licence').getByText('big.png: File too large (5M)').waitFor();
    await input('ID card (front)').setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: png(6000, 6000),
    });
    await region('ID card (front)')
      .getByText(/huge\.png: Resolution too large/)
      .waitFor({ timeout: 30_000 });
    await expect(dialog.getByRole('button', { name: 'Confirm' }).isDisabled()).resolves.toBe(true);

    const name = dialog.getByLabel('Company name');
    await name.fill('');
    await name.pressSequentially('演示(上海)科技有限公司');
    await expect(name.inputValue()).resolves.toBe('演示（上海）科技有限公司');
    for (const [label, shade] of [
      ['Business licence', 10],
      ['ID card (front)', 20],
      ['ID card (back)', 30],
    ] as const) {
      await input(label).setInputFiles({
        name: `${shade}.png`,
        mimeType: 'image/png',
        buffer: png(40, 30, shade),
      });
      await region(label).getByText('Uploaded').waitFor();
    }
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page
      .getByRole('alertdialog', { name: 'Submit the verification?' })
      .getByRole('button', { name: 'OK' })
      .click();
    await page.getByText('Submitted, waiting for review').waitFor();
    await expect(page.getByTestId('verify-badge').textContent()).resolves.toContain('Verifying');
  });

  it('company:review approve makes the badge show Verified', async () => {
    const output = await whileStopped(async () => {
      const list = await ops('company:list', 'verifying');
      const companyId = /^(\d+)\t1 \(verifying\)\t演示（上海）科技有限公司/m.exec(list)?.[1];
      expect(companyId).toBeDefined();
      return ops('company:review', companyId ?? '', 'approve');
    });
    expect(output).toContain('approved');
    await signIn(NEW_PASSWORD);
    await expect(page.getByTestId('verify-badge').textContent()).resolves.toContain('Verified');
    expect(await page.getByRole('dialog', { name: 'Company verification' }).count()).toBe(0);
  });
});
