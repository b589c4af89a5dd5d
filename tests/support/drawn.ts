/** When a console page has drawn, for the tests and benches that look at every page. */
import type { Page, Request } from 'playwright-core';

/**
 * How long no request may be under way before the network counts as quiet. Playwright's own
 * `networkidle` waits 500 ms after the last one; the console's next request after an answer
 * (a lazy chunk, a query that needs the answer) starts within a few frames, and the page's own
 * marks (busy tables, skeletons) cover what is still loading, so a shorter quiet suffices — and the
 * tests that walk every page in three languages pay it some 300 times.
 */
const QUIET_MS = 150;

/** The requests of a page under way, once `settle` has first waited on the page. */
const underWay = new WeakMap<Page, { requests: Set<Request>; quietSince: number }>();

/** From now on, follows the page's requests: which are under way, since when none is. */
function follow(page: Page) {
  const state = { requests: new Set<Request>(), quietSince: Date.now() };
  const done = (request: Request) => {
    if (state.requests.delete(request) && state.requests.size === 0) state.quietSince = Date.now();
  };
  page.on('request', (request) => state.requests.add(request));
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  underWay.set(page, state);
}

/** Until no request of the page has been under way for QUIET_MS. */
async function networkQuiet(page: Page, timeout: number) {
  const state = underWay.get(page);
  if (!state) {
    // The first wait on a page: requests begun before it are not followed, so Playwright's own
    // idle (no connection for 500 ms) says when they are over; from here on they are followed.
    follow(page);
    await page.waitForLoadState('networkidle', { timeout });
    return;
  }
  const deadline = Date.now() + timeout;
  while (state.requests.size > 0 || Date.now() - state.quietSince < QUIET_MS) {
    if (Date.now() > deadline) {
      const urls = [...state.requests].map((request) => request.url()).join(', ');
      throw new Error(`the network of ${page.url()} was not quiet within ${timeout} ms: ${urls}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Until the page has drawn: no request for a while, its heading or tabs in the main area, and no
 * list, chart or skeleton shown still loading. A kept-alive page of another tab stays mounted but
 * hidden (restored with its tab after a reload, it loads only when shown): what it holds is not
 * this page's.
 */
export async function settle(page: Page, timeout = 30_000) {
  await networkQuiet(page, timeout);
  await page.waitForFunction(
    () =>
      Array.from(document.querySelectorAll('main h1, main [role="tablist"]')).some((element) =>
        element.checkVisibility(),
      ) &&
      Array.from(
        document.querySelectorAll(
          'table[aria-busy="true"], [data-skeleton], [role="status"][aria-busy="true"]',
        ),
      ).every((element) => !element.checkVisibility()),
    undefined,
    { timeout },
  );
}

/**
 * Shows `address` in the console already open in `page` the way the menu does, by the router's own
 * navigation, and waits until it has drawn. A new load of the console for each page (`page.goto`)
 * cost Chromium about 1.4 core-seconds a page, this about a fifth of it, and the walks over every
 * page in every language pay it some 200 times. The page is shown once its tab is the active one
 * (the router may keep the last page on screen while the next one's code loads); the page that was
 * shown stays mounted but hidden if it is kept alive, as it does for a user.
 */
export async function showInConsole(page: Page, address: string, timeout = 30_000) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, address);
  // The page's requests start a few frames after the navigation: the quiet is counted from it.
  const state = underWay.get(page);
  if (state && state.requests.size === 0) state.quietSince = Date.now();
  await page
    .waitForFunction(
      (to) => {
        const active = document.querySelector('[data-testid="tab"] a[aria-current="page"]');
        return active !== null && new URL(active.getAttribute('href') ?? '', location.href).pathname === to;
      },
      address,
      { timeout },
    )
    .catch((error: Error) => {
      throw new Error(`${address} did not become the active tab (at ${page.url()}): ${error.message}`);
    });
  await settle(page, timeout);
}
