/**
 * The console's start in real Chromium against the real server (issue 19 §5, spec §4.1, §8): a
 * session that fails to load for a reason that is not the user's keeps them signed in, and a retry
 * lands in the shell. User info is held back or refused with Playwright's `page.route`.
 */
import { TOKEN_STORAGE_KEY } from '@vap/contracts';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { englishContext, serverAndBrowserPerFile, signInAsDemoOwner } from '../support/browser.js';

const USER_INFO = '**/webapi/v1/pms/user';

let context: BrowserContext;
let page: Page;

const e2e = serverAndBrowserPerFile();

beforeEach(async () => {
  context = await englishContext(e2e.browser, { viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  await signInAsDemoOwner(page, e2e.server.url);
});

afterEach(async () => {
  await context?.close();
});

const storedToken = () => page.evaluate((key) => localStorage.getItem(key), TOKEN_STORAGE_KEY);

describe('the console’s start', () => {
  it('a reload while user info is still loading leaves the user signed in, on the shell', async () => {
    const token = await storedToken();
    let pending: Route | null = null;
    await page.route(USER_INFO, (route: Route) => {
      // The first user info is held until the page is reloaded under it.
      if (pending === null) pending = route;
      else void route.continue();
    });
    const asked = page.waitForRequest(USER_INFO);
    await page.reload();
    await asked;
    // A page going away fails its pending calls. Chromium does so only once the next page
    // commits, when the old one's code no longer runs; other browsers, and a connection dropped
    // on the way, fail them while it still does. The reload's own document waits until the held
    // call has failed in the page that is going.
    const document = `${e2e.server.url}/dashboard`;
    await page.route(document, async (route: Route) => {
      await (pending as Route | null)?.abort('failed');
      await new Promise((settle) => setTimeout(settle, 500));
      await route.continue();
    });
    await page.reload();
    await page.getByRole('heading', { name: /Welcome back/ }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(await storedToken()).toBe(token);
    await page.unroute(document);
  });

  it('a 502 from a proxy while loading shows why, keeps the user signed in, and Retry lands in the shell', async () => {
    const token = await storedToken();
    let failures = 1;
    await page.route(USER_INFO, (route: Route) =>
      failures-- > 0
        ? route.fulfill({
            status: 502,
            contentType: 'text/html',
            body: '<html><body><h1>502 Bad Gateway</h1></body></html>',
          })
        : route.continue(),
    );
    await page.reload();
    await page.getByRole('heading', { name: 'Your account could not be loaded' }).waitFor();
    expect(await page.getByText('Bad Gateway', { exact: true }).isVisible()).toBe(true);
    expect(await storedToken()).toBe(token);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { name: /Welcome back/ }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main menu' }).isVisible()).toBe(true);
    expect(await storedToken()).toBe(token);
  });
});
