/** The system Chromium driven by playwright-core (no browser download, ever). */
import { existsSync } from 'node:fs';
import { LANGUAGE_STORAGE_KEY } from '@vap/kernel/host';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM_PATH} (apt-get install -y chromium, or set CHROMIUM_PATH)`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
    ],
  });
}

/**
 * A browser context in which the console speaks English, as for a user who chose it once: a first
 * visit is in zh-CN whatever the browser's language (spec §1), and the tests read the English
 * strings. The choice is stored before any page runs, unless the page has stored one of its own
 * (the language select), which then survives reloads as it does for a user.
 */
export async function englishContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: 'en-US', ...options });
  await context.addInitScript((key) => {
    if (localStorage.getItem(key) === null) localStorage.setItem(key, 'en');
  }, LANGUAGE_STORAGE_KEY);
  return context;
}
