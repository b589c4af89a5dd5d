import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { englishContext, serverAndBrowserPerFile } from '../support/browser.js';
import { apiToken, DEMO, ROOT } from '../support/server.js';

let page: Page;

const e2e = serverAndBrowserPerFile();

beforeAll(async () => {
  const context = await englishContext(e2e.browser, { viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
});

describe('the sign-in page first load (issue 4 size budget)', () => {
  it('carries neither zod and the schemas, the service container, nor the modal code', async () => {
    const context = await englishContext(e2e.browser);
    const fresh = await context.newPage();
    const scripts: string[] = [];
    fresh.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
    });
    await fresh.goto(`${e2e.server.url}/login`);
    await fresh.getByLabel('Phone or email').waitFor();
    await context.close();
    // Each built chunk's source map names the packages it holds (the bundler's runtime has none).
    const sources = scripts.flatMap((path) => {
      const file = join(ROOT, 'apps/console/dist', `${path}.map`);
      return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')).sources as string[]) : [];
    });
    expect(sources.some((source) => source.includes('node_modules/react-dom/'))).toBe(true);
    const late = /node_modules\/(zod|inversify|@inversifyjs\/[^/]+|@radix-ui\/react-dialog)\//;
    expect([...new Set(sources.filter((source) => late.test(source)).map((s) => late.exec(s)?.[1]))]).toEqual(
      [],
    );
  });

  it("fetches none of the signed-in screens' strings, not even once the page has settled", async () => {
    const context = await englishContext(e2e.browser);
    const fresh = await context.newPage();
    const paths: string[] = [];
    fresh.on('request', (request) => paths.push(new URL(request.url()).pathname));
    await fresh.goto(`${e2e.server.url}/login`);
    await fresh.getByLabel('Phone or email').waitFor();
    await fresh.waitForLoadState('networkidle');
    await context.close();
    expect(paths.some((path) => path.includes('/messages-en-'))).toBe(true);
    expect(paths.filter((path) => path.includes('signed-in-messages'))).toEqual([]);
  });
});

describe('the language of a first visit (spec §1)', () => {
  it('is Simplified Chinese whatever the browser speaks, and a chosen language is remembered', async () => {
    const context = await e2e.browser.newContext({ locale: 'en-US' });
    const tab = await context.newPage();
    await tab.goto(`${e2e.server.url}/login`);
    await tab.getByRole('form', { name: '登录' }).waitFor();
    expect(await tab.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    await tab.getByLabel('语言').selectOption('en');
    await tab.getByRole('form', { name: 'Sign in' }).waitFor();
    const scripts: string[] = [];
    tab.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
    });
    await tab.reload();
    await tab.getByRole('form', { name: 'Sign in' }).waitFor();
    expect(await tab.evaluate(() => document.documentElement.lang)).toBe('en');
    // The server's page preloads the chosen language's strings (the console's cookie names it), and
    // no other language's strings load: there is no fallback language.
    expect(scripts.filter((path) => /\/messages-en-/.test(path))).toHaveLength(1);
    expect(scripts.filter((path) => /messages-zh-(CN|TW)-/.test(path))).toEqual([]);
    const preloaded = await tab.evaluate(() =>
      Array.from(document.querySelectorAll('link[rel=modulepreload][data-language]'), (link) =>
        link.getAttribute('data-language'),
      ),
    );
    expect(preloaded).toEqual(['en']);
    await context.close();
  });
});

describe('walking skeleton in Chromium', () => {
  it('the root leads an anonymous visitor to the sign-in page', async () => {
    await page.goto(e2e.server.url);
    await page.waitForURL(/\/login$/);
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
  });

  it('a wrong password shows the server message and stays on sign-in', async () => {
    await page.getByLabel('Phone or email').fill(DEMO.account);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe('Wrong account or password');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('the demo owner signs in and sees the sidebar and the dashboard', async () => {
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard$/);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.waitFor();
    await expect(menu.getByRole('button', { name: 'System' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('heading', { name: 'Welcome back, 演示管理员' }).isVisible()).resolves.toBe(
      true,
    );
    await expect(page.getByTestId('sidebar').getByText('VAP 演示').isVisible()).resolves.toBe(true);
    expect(await page.title()).toBe('Dashboard - VAP Console');
  });

  it('a reload on a server-delivered route keeps the user on it', async () => {
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'System' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Users' }).click();
    await page.waitForURL(/\/system\//);
    const path = new URL(page.url()).pathname;
    await page.reload();
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(path);
  });

  it('signing out lands on /login?redirect= with the page the user was on', async () => {
    const path = new URL(page.url()).pathname;
    const before = await page.evaluate(() => localStorage.getItem('vap_web_token'));
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(/\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(path);
    const token = await page.evaluate(() => localStorage.getItem('vap_web_token'));
    expect(token).toBeNull();
    // The server revoked the session: the old token no longer opens anything.
    const reuse = await fetch(`${e2e.server.url}/webapi/v1/pms/user`, {
      headers: { authorization: `Bearer ${before}` },
    });
    expect(reuse.status).toBe(401);
  });

  it('a token handed over in the address signs in and the console reloads at the root', async () => {
    const token = await apiToken(e2e.server.url, DEMO.email);
    const fresh = await englishContext(e2e.browser);
    const tab = await fresh.newPage();
    await tab.goto(`${e2e.server.url}/dashboard?token=${token}`);
    await tab.getByRole('heading', { name: 'Welcome back, 演示管理员' }).waitFor();
    expect(new URL(tab.url()).search).toBe('');
    expect(await tab.evaluate(() => localStorage.getItem('vap_web_token'))).toBe(token);
    await fresh.close();
  });
});
