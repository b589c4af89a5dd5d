/** When a console page has drawn, for the tests and benches that look at every page. */
import type { Page } from 'playwright-core';

/**
 * Until the page has drawn: no request for a while, its heading or tabs in the main area, and no
 * list, chart or skeleton shown still loading. A kept-alive page of another tab stays mounted but
 * hidden (restored with its tab after a reload, it loads only when shown): what it holds is not
 * this page's.
 */
export async function settle(page: Page, timeout = 30_000) {
  await page.waitForLoadState('networkidle', { timeout });
  await page.waitForFunction(
    () =>
      document.querySelector('main h1, main [role="tablist"]') !== null &&
      Array.from(
        document.querySelectorAll(
          'table[aria-busy="true"], [data-skeleton], [role="status"][aria-busy="true"]',
        ),
      ).every((element) => !element.checkVisibility()),
    undefined,
    { timeout },
  );
}
