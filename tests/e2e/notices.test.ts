/**
 * Notices and messages end to end (spec §2.2, §7.4): the operator publishes a notice and sends a
 * message with `npm run ops` (the server stopped, as PGlite allows one process per DATA_DIR); the
 * user signs in, sees the unread dots, opens the notice and the dot clears.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishContext, signInAsDemoOwner, startServerAndBrowser } from '../support/browser.js';
import { apiToken, ROOT, type RunningServer, startServer } from '../support/server.js';

const OPS_ENTRY = join(ROOT, 'apps/server/dist/ops.js');
const run = promisify(execFile);

let dataDir: string;
let server: RunningServer | undefined;
let browser: Browser;
let page: Page;

const bell = () => page.getByTestId('notice-bell');
const inbox = () => page.getByTestId('message-inbox');
/** The accessible name of a top-bar icon, which says how many are unread. */
const nameOf = (link: ReturnType<typeof bell>) => link.getAttribute('aria-label');

/** `npm run ops -- …` as the operator runs it, on the server's DATA_DIR. */
async function ops(...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, [OPS_ENTRY, ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  return stdout.trim();
}

async function ownerId(url: string): Promise<number> {
  const token = await apiToken(url);
  const info = await fetch(`${url}/webapi/v1/pms/user`, { headers: { authorization: `Bearer ${token}` } });
  return ((await info.json()) as { id: number }).id;
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'vap-e2e-notices-'));
  // First start: migrations and the demo seed; then stop, so that the operator may use DATA_DIR.
  server = await startServer({ dataDir });
  const id = await ownerId(server.url);
  expect(await server.stop()).toBe(0);
  server = undefined;

  const published = await ops(
    'notice:publish',
    '--title',
    'Platform maintenance',
    '--content',
    '<p onclick="alert(1)">Maintenance on <strong>Saturday</strong>.</p><script>window.hacked = true</script><a href="javascript:alert(1)">bad link</a>',
  );
  expect(published).toMatch(/^Published notice \d+ "Platform maintenance"/);
  expect(
    await ops('message:send', String(id), '--title', 'Welcome to VAP', '--content', '<p>Hello</p>'),
  ).toMatch(/^Sent message \d+ to user \d+\.$/);
  expect(await ops('notice:list')).toMatch(/\t0 read\tPlatform maintenance$/);

  ({ server, browser } = await startServerAndBrowser({ dataDir }));
  const context = await englishContext(browser, { viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  if (server) expect(await server.stop()).toBe(0);
  await rm(dataDir, { recursive: true, force: true });
});

describe('notices and messages in Chromium', () => {
  it('after sign-in the bell and the message icon show their unread numbers', async () => {
    await signInAsDemoOwner(page, server?.url ?? '');
    await page.getByRole('link', { name: 'Notices, 1 unread' }).waitFor();
    await page.getByRole('link', { name: 'Messages, 1 unread' }).waitFor();
    // The dashboard card of the notices plugin shows the same.
    await page.getByTestId('notices-card').getByText('Platform maintenance').waitFor();
  });

  it('the bell leads to /notices; opening the notice shows it sanitised and clears the dot', async () => {
    await page.getByRole('link', { name: 'Notices, 1 unread' }).click();
    await page.waitForURL(/\/notices$/);
    await page.getByRole('heading', { name: 'System notices' }).waitFor();
    await page.getByRole('button', { name: 'Platform maintenance' }).click();
    const dialog = page.getByRole('dialog', { name: 'Platform maintenance' });
    await dialog.waitFor();
    const content = dialog.getByTestId('notice-content');
    expect(await content.innerHTML()).toBe('<p>Maintenance on <strong>Saturday</strong>.</p><a>bad link</a>');
    expect(await page.evaluate(() => (window as unknown as { hacked?: boolean }).hacked)).toBeUndefined();
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => nameOf(bell())).toBe('Notices');
    await page.getByRole('table', { name: 'System notices' }).getByText('Read', { exact: true }).waitFor();
  });

  it('read all on /messages clears the message dot', async () => {
    await page.getByRole('link', { name: 'Messages, 1 unread' }).click();
    await page.waitForURL(/\/messages$/);
    await page.getByRole('button', { name: 'Welcome to VAP', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Mark all read' }).click();
    const question = page.getByRole('alertdialog');
    await question.getByRole('button', { name: 'Mark all read' }).click();
    await expect.poll(() => nameOf(inbox())).toBe('Messages');
  });

  it('the unread numbers survive a reload: what was read stays read', async () => {
    await page.reload();
    await bell().waitFor();
    // Give the first poll its time, then check that nothing is unread again.
    await page.waitForTimeout(1000);
    expect(await nameOf(bell())).toBe('Notices');
    expect(await nameOf(inbox())).toBe('Messages');
  });
});
