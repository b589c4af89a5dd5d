/**
 * Resources end to end (issue 32; spec §2.1 `/sharePage`, `/official`, §6, §8, §9), in Chromium on
 * the server of the build with the demo's vendor resources (real files in its object store):
 * - the owner shares a resource from resource download; the link, opened signed out in another
 *   browser context, shows the resource under the resource-download title and downloads its file;
 *   revoked, the same link says 'invalid link';
 * - the owner makes the public download page's link valid until midnight today; signed out, it
 *   lists the resources and downloads one; revoked from the company's list of such links, it no
 *   longer lists;
 * - a stale session stored in the browser: on /official its 401 never forces a new sign-in (no
 *   expiry alert, no /login) and the page goes on, while any other page sends the visitor to /login.
 */
import { AUTH_PATHS, TOKEN_STORAGE_KEY } from '@vap/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.js';
import { demoOwnerPerFile, englishContext, serverAndBrowserPerFile } from '../support/browser.js';
import { apiToken, webapiCall } from '../support/server.js';

const e2e = serverAndBrowserPerFile();
const owner = demoOwnerPerFile(e2e, { viewport: { width: 1440, height: 900 } });

const MANUAL = 'IP camera user manual';
const MANUAL_FILE = 'ipc-user-manual-2.0.txt';

/** A signed-out visitor: a context of its own, with nothing stored. */
async function visitor(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await englishContext(e2e.browser, { acceptDownloads: true });
  return { context, page: await context.newPage() };
}

/** Clicks what downloads, and answers the file's name and text. */
async function downloaded(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { name: download.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
}

describe('resources in the browser', () => {
  it('shares a resource; the link opens signed out, titled as resource download, and downloads; revoked, it is an invalid link', async () => {
    const { page } = owner;
    await page.goto(`${e2e.server.url}/resource/download`);
    const table = page.getByRole('table', { name: 'Resource download' });
    const row = table.getByRole('row').filter({ hasText: MANUAL });
    await row.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: '7 days' }).click();
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const address = await dialog.getByLabel('Share link').inputValue();
    expect(address).toMatch(new RegExp(`^${e2e.server.url}/sharePage\\?link=[A-Za-z0-9_-]{43}$`));
    await dialog.getByRole('table', { name: 'Links of this resource' }).getByText('Valid').waitFor();
    await page.keyboard.press('Escape');

    const signedOut = await visitor();
    await signedOut.page.goto(address);
    await signedOut.page.getByRole('heading', { name: 'Shared resource' }).waitFor();
    const card = signedOut.page.getByRole('article', { name: MANUAL });
    await card.waitFor();
    await expect.poll(() => signedOut.page.title()).toBe('Resource download - VAP Console');
    const file = await downloaded(signedOut.page, () => card.getByRole('link', { name: 'Download' }).click());
    expect(file.name).toBe(MANUAL_FILE);
    expect(file.text).toContain('IP camera user manual 2.0');
    expect(await seriousViolations(signedOut.page)).toEqual([]);

    // Its download was counted on the link; revoked, the link no longer opens.
    const resources = await webapiCall(e2e.server.url, 'GET', '/v1/resources', owner.token);
    const manual = (resources.body as { items: { id: number; name: { en: string } }[] }).items.find(
      (item) => item.name.en === MANUAL,
    );
    const links = await webapiCall(e2e.server.url, 'GET', `/v1/resources/${manual?.id}/links`, owner.token);
    const [link] = (links.body as { items: { id: number; downloads: number }[] }).items;
    expect(link?.downloads).toBe(1);
    expect(
      (await webapiCall(e2e.server.url, 'DELETE', `/v1/resources/links/${link?.id}`, owner.token)).status,
    ).toBe(204);
    await signedOut.page.reload();
    await signedOut.page.getByText('Invalid link').waitFor();
    expect(await signedOut.page.getByRole('article').count()).toBe(0);
    await signedOut.context.close();
  });

  it('the public download page lists and downloads by its link until midnight today, signed out; revoked, it no longer lists', async () => {
    const { page } = owner;
    await page.goto(`${e2e.server.url}/resource/download`);
    await page.getByRole('table', { name: 'Resource download' }).getByText(MANUAL).waitFor();
    await page.getByRole('button', { name: 'Public download page' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: 'Until midnight today' }).click();
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const address = await dialog.getByLabel('Public download page').inputValue();
    expect(address).toMatch(/\/official\?grant=[A-Za-z0-9_-]{43}$/);
    await page.keyboard.press('Escape');

    const signedOut = await visitor();
    await signedOut.page.goto(address);
    await signedOut.page.getByRole('heading', { name: 'VAP 演示 resource download' }).waitFor();
    expect(await signedOut.page.getByRole('article').count()).toBe(3);
    expect(await seriousViolations(signedOut.page)).toEqual([]);
    const card = signedOut.page.getByRole('article', { name: MANUAL });
    const file = await downloaded(signedOut.page, () => card.getByRole('link', { name: 'Download' }).click());
    expect(file.name).toBe(MANUAL_FILE);

    // The owner finds the link among the company's, its download counted, and revokes it (asked
    // first): the page no longer lists by it.
    await page.getByRole('button', { name: 'Public download page' }).click();
    const grants = page.getByRole('dialog').getByRole('table', { name: 'Links made' });
    const live = grants.getByRole('row').filter({ hasText: 'Valid' });
    await live.getByText('1', { exact: true }).waitFor();
    await live.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await grants.getByRole('row').filter({ hasText: 'Revoked' }).waitFor();
    await page.keyboard.press('Escape');
    await signedOut.page.reload();
    await signedOut.page.getByText('Invalid link').waitFor();
    expect(await signedOut.page.getByRole('article').count()).toBe(0);
    await signedOut.context.close();
  });

  it.each([
    ['/protocol', 'VAP Console Service Agreement', 'Service agreement', '服务协议'],
    ['/ipcfile', 'Camera quick-start guide', 'Camera quick-start guide', '快速入门指南'],
  ])(
    '%s is readable on a phone: its Markdown rendered in the chosen language, nothing wider than the screen',
    async (path, heading, title, chinese) => {
      const context = await englishContext(e2e.browser, {
        viewport: { width: 360, height: 740 },
        isMobile: true,
      });
      const page = await context.newPage();
      await page.goto(`${e2e.server.url}${path}`);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      expect(await page.getByRole('heading', { level: 2 }).count()).toBeGreaterThan(3);
      const widths = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        screen: window.innerWidth,
      }));
      expect(widths.page).toBeLessThanOrEqual(widths.screen);
      expect(await seriousViolations(page)).toEqual([]);
      await expect.poll(() => page.title()).toBe(`${title} - VAP Console`);
      await page.getByLabel('Language').selectOption('zh-CN');
      await page.getByRole('heading', { name: new RegExp(chinese), level: 1 }).waitFor();
      // From sign-up, where both are linked.
      await page.goto(`${e2e.server.url}/register`);
      await page.locator(`a[href="${path}"]`).waitFor();
      await context.close();
    },
  );

  it("a stale session's 401 on /official never forces a new sign-in and the page goes on; elsewhere it leads to /login", async () => {
    // A session of the demo owner, signed out since: its token is refused (401).
    const stale = await apiToken(e2e.server.url);
    expect((await webapiCall(e2e.server.url, 'POST', AUTH_PATHS.logout, stale)).status).toBeLessThan(300);
    expect((await webapiCall(e2e.server.url, 'GET', '/v1/resources', stale)).status).toBe(401);

    const { context, page } = await visitor();
    await context.addInitScript(
      ([key, token]) => localStorage.setItem(key as string, token as string),
      [TOKEN_STORAGE_KEY, stale],
    );
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 401) refused.push(new URL(response.url()).pathname);
    });
    await page.goto(`${e2e.server.url}/official`);
    await page.getByText('Ask your administrator for a link to this page, or sign in.').waitFor();
    await expect.poll(() => refused).toContain('/webapi/v1/resources');
    // No expiry alert and no sign-in page: the visitor stays on the official page.
    await page.waitForTimeout(1000);
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    expect(await page.getByText('Identity authentication expired').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/official');

    // Elsewhere, the same stale session leads to the sign-in page (spec §8).
    await page.goto(`${e2e.server.url}/resource/download`);
    await page.waitForURL(/\/login/);
    await context.close();
  });
});
