/** When a console page has drawn, for the tests and benches that look at every page. */
import type { Page } from 'playwright-core';

/**
 * Until the page has drawn: no request for a while, its heading or tabs in the main area, and no
 * list, chart or skeleton still loading.
 */
export async function settle(page: Page, timeout = 30_000) {
  await page.waitForLoadState('networkidle', { timeout });
  await page.waitForFunction(
    () =>
      document.querySelector('main h1, main [role="tablist"]') !== null &&
      document.querySelector(
        'table[aria-busy="true"], [data-skeleton], [role="status"][aria-busy="true"]',
      ) === null,
    undefined,
    { timeout },
  );
}
