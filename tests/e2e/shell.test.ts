/**
 * The console shell in real Chromium (spec §2.4, §9): layout at desktop and narrow widths, the tab
 * bar and its menu, settings and language surviving a reload, owner-only entries, accessibility.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.js';
import { englishContext, serverAndBrowserPerFile } from '../support/browser.js';
import { DEMO, DEMO_OPERATOR } from '../support/server.js';

const e2e = serverAndBrowserPerFile();

async function signIn(
  account: string,
  viewport = { width: 1280, height: 800 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await englishContext(e2e.browser, { viewport });
  const page = await context.newPage();
  await page.goto(`${e2e.server.url}/login`);
  await page.getByLabel('Phone or email').fill(account);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: /Welcome back/ }).waitFor();
  return { context, page };
}

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });
const tabs = (page: Page) => page.getByRole('navigation', { name: 'Open pages' });
const tabNames = (page: Page) => tabs(page).getByRole('link').allTextContents();

/** Opens a menu entry; by default a list page, ready once its table (named as the page) shows. */
async function openPage(
  page: Page,
  dir: string,
  entry: string,
  ready = () => page.getByRole('table', { name: entry }),
) {
  const dirButton = menu(page).getByRole('button', { name: dir });
  if ((await dirButton.getAttribute('aria-expanded')) !== 'true') await dirButton.click();
  await menu(page).getByRole('link', { name: entry }).click();
  // Wait for the new page's tab to be the current one, then for the page itself.
  await tabs(page).locator('a[aria-current="page"]', { hasText: entry }).waitFor();
  await ready().waitFor();
}

describe('shell layout', () => {
  it('at 1280 px the sidebar is 210 px wide beside the page, and collapses to icons', async () => {
    const { context, page } = await signIn(DEMO.account);
    const sidebar = page.getByTestId('sidebar');
    expect((await sidebar.boundingBox())?.width).toBe(210);
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(54);
    await page.reload();
    await page.getByRole('heading', { name: /Welcome back/ }).waitFor();
    expect((await page.getByTestId('sidebar').boundingBox())?.width).toBe(54);
    await context.close();
  });

  it('at 800 px the sidebar is a drawer: closed, opened by the toggle, closed by an outside click and by navigation', async () => {
    const { context, page } = await signIn(DEMO.account, { width: 800, height: 700 });
    expect(await page.getByTestId('sidebar').count()).toBe(0);
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    const drawer = page.getByRole('dialog', { name: 'Main menu' });
    await drawer.waitFor();
    expect((await drawer.boundingBox())?.width).toBe(210);
    await page.mouse.click(600, 400);
    await drawer.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await openPage(page, 'Internet telephony', 'Device phones');
    await drawer.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/voip/device-phone');
    await context.close();
  });
});

describe('tab bar', () => {
  it('keeps visited pages as tabs after the pinned dashboard; its menu is 105 px and every operation works', async () => {
    const { context, page } = await signIn(DEMO.account);
    await openPage(page, 'Internet telephony', 'Device phones');
    await openPage(page, 'Media and ads', 'Hologram parking', () =>
      page.getByRole('heading', { name: 'Hologram parking' }),
    );
    await openPage(page, 'Resources', 'Resource download', () =>
      page.getByRole('table', { name: 'Resource download' }),
    );
    expect(await tabNames(page)).toEqual([
      'Dashboard',
      'Device phones',
      'Hologram parking',
      'Resource download',
    ]);

    // Middle-click closes a tab.
    await tabs(page).getByRole('link', { name: 'Hologram parking' }).click({ button: 'middle' });
    expect(await tabNames(page)).toEqual(['Dashboard', 'Device phones', 'Resource download']);

    // The right-click menu, 105 px wide.
    await tabs(page).getByRole('link', { name: 'Device phones' }).click({ button: 'right' });
    const contextMenu = page.getByRole('menu');
    expect((await contextMenu.boundingBox())?.width).toBe(105);
    await contextMenu.getByRole('menuitem', { name: 'Refresh' }).click();
    await page.waitForURL(/\/voip\/device-phone$/);
    await page.getByRole('table', { name: 'Device phones' }).waitFor();

    await tabs(page).getByRole('link', { name: 'Device phones' }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Close others' }).click();
    expect(await tabNames(page)).toEqual(['Dashboard', 'Device phones']);

    // Closing the current (and last closable) tab goes to the pinned dashboard.
    await tabs(page).getByRole('button', { name: 'Close Device phones' }).click();
    await page.waitForURL(/\/dashboard$/);
    expect(await tabNames(page)).toEqual(['Dashboard']);

    // The pinned tab has no close button, a disabled Close, and survives Close all.
    expect(await tabs(page).getByRole('button', { name: 'Close Dashboard' }).count()).toBe(0);
    await openPage(page, 'Internet telephony', 'Device phones');
    await tabs(page).getByRole('link', { name: 'Dashboard' }).click({ button: 'right' });
    expect(
      await page.getByRole('menuitem', { name: 'Close', exact: true }).getAttribute('aria-disabled'),
    ).toBe('true');
    await page.getByRole('menuitem', { name: 'Close all' }).click();
    await page.waitForURL(/\/dashboard$/);
    expect(await tabNames(page)).toEqual(['Dashboard']);
    await context.close();
  });

  it('open tabs survive a reload', async () => {
    const { context, page } = await signIn(DEMO.account);
    await openPage(page, 'Internet telephony', 'Device phones');
    await page.reload();
    await page.getByRole('table', { name: 'Device phones' }).waitFor();
    expect(await tabNames(page)).toEqual(['Dashboard', 'Device phones']);
    await context.close();
  });
});

describe('settings and language', () => {
  it('the theme colour, tags view and language survive a reload', async () => {
    const { context, page } = await signIn(DEMO.account);
    await page.getByRole('button', { name: 'Open layout settings' }).click();
    const panel = page.getByRole('dialog', { name: 'Layout settings' });
    await panel.getByRole('button', { name: 'Use #722ed1' }).click();
    await panel.getByRole('switch', { name: 'Show tabs' }).click();
    await panel.getByLabel('Language').selectOption('zh-TW');
    await page.getByRole('dialog', { name: '版面設定' }).waitFor();
    await page.keyboard.press('Escape');
    await page.reload();
    await page.getByRole('heading', { name: /歡迎回來/ }).waitFor();
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--vap-primary').trim(),
    );
    expect(primary).toBe('#722ed1');
    expect(await page.getByRole('navigation', { name: '已開啟的頁面' }).count()).toBe(0);
    expect(await page.title()).toMatch(/^首頁/);
    await context.close();
  });
});

describe('roles', () => {
  it('a non-owner sees neither the verification badge nor Display settings and AccessKey', async () => {
    const { context, page } = await signIn(DEMO_OPERATOR.phone);
    expect(await page.getByTestId('verify-badge').count()).toBe(0);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Log out' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'AccessKey' }).count()).toBe(0);
    expect(await page.getByRole('menuitem', { name: 'Display settings' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    expect(await menu(page).getByRole('button', { name: 'System' }).count()).toBe(0);
    await context.close();
  });

  it('the owner sees the verification badge and AccessKey', async () => {
    const { context, page } = await signIn(DEMO.account);
    expect(await page.getByTestId('verify-badge').textContent()).toContain('Verified');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'AccessKey' }).waitFor();
    await context.close();
  });
});

describe('accessibility (axe-core)', () => {
  it('the sign-in page has no serious or critical violation', async () => {
    const context = await englishContext(e2e.browser);
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/login`);
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('the shell, its tab bar and the settings panel have no serious or critical violation', async () => {
    const { context, page } = await signIn(DEMO.account);
    await openPage(page, 'System', 'Users', () =>
      page.getByRole('table', { name: 'Users' }).getByText('13800138001'),
    );
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Open layout settings' }).click();
    await page.getByRole('dialog', { name: 'Layout settings' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
