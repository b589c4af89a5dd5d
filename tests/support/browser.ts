/** The system Chromium driven by playwright-core (no browser download, ever). */
import { existsSync } from 'node:fs';
import { LANGUAGE_COOKIE, type Language } from '@vap/contracts';
import { LANGUAGE_STORAGE_KEY } from '@vap/kernel/host';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { apiToken, DEMO, type RunningServer, type StartOptions, startServer } from './server.js';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** `extraArgs`: switches of a test's own (fake media devices for a softphone, say). */
export async function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
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
      ...extraArgs,
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
  await chooseLanguageCookie(context, 'en');
  return context;
}

/**
 * The cookie the console keeps beside a language chosen once (the server's index.html then
 * preloads that language's strings): a test server listens on 127.0.0.1, whose cookies hold for
 * every port.
 */
export async function chooseLanguageCookie(context: BrowserContext, language: Language): Promise<void> {
  await context.addCookies([{ name: LANGUAGE_COOKIE, value: language, domain: '127.0.0.1', path: '/' }]);
}

/**
 * Signs the demo owner in through the console's form, in English, as a user does, and waits for
 * the dashboard's greeting.
 */
export async function signInAsDemoOwner(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/login`);
  await page.getByLabel('Phone or email').fill(DEMO.account);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: /Welcome back/ }).waitFor();
}

/**
 * A server of the build and the system Chromium, started side by side: neither waits on the other,
 * and a test file's setup takes the longer of the two, not their sum.
 */
export async function startServerAndBrowser(
  options: StartOptions = {},
): Promise<{ server: RunningServer; browser: Browser }> {
  const [server, browser] = await Promise.allSettled([startServer(options), launchChromium()]);
  if (server.status === 'fulfilled' && browser.status === 'fulfilled')
    return { server: server.value, browser: browser.value };
  // Whichever did start is stopped, so that a failed setup leaves no process behind.
  if (server.status === 'fulfilled') await server.value.stop();
  if (browser.status === 'fulfilled') await browser.value.close();
  throw server.status === 'rejected' ? server.reason : (browser as PromiseRejectedResult).reason;
}

/** A test file's server and Chromium: set before its first test, by `serverAndBrowserPerFile`. */
export interface ServerAndBrowser {
  readonly server: RunningServer;
  readonly browser: Browser;
}

/**
 * One server of the build and one Chromium for a test file: started side by side before its first
 * test, closed after its last, and the server must stop cleanly (exit code 0).
 */
export function serverAndBrowserPerFile(options: StartOptions = {}): ServerAndBrowser {
  const running: { server?: RunningServer; browser?: Browser } = {};
  beforeAll(async () => {
    Object.assign(running, await startServerAndBrowser(options));
  });
  afterAll(async () => {
    await running.browser?.close();
    if (running.server) expect(await running.server.stop()).toBe(0);
  });
  return running as ServerAndBrowser;
}

/** The demo owner of a test file: signed in through the console, and over the API for the test's reads. */
export interface DemoOwner {
  readonly context: BrowserContext;
  /** The console, signed in and showing the dashboard. */
  readonly page: Page;
  /** A bearer token of a session of its own, so that the test's reads leave the console's alone. */
  readonly token: string;
}

/**
 * The demo owner signed in once for a test file, in an English context made with `options`, once
 * `e2e` has started; the context is closed after the file's last test.
 */
export function demoOwnerPerFile(e2e: ServerAndBrowser, options: BrowserContextOptions = {}): DemoOwner {
  const owner: { -readonly [K in keyof DemoOwner]?: DemoOwner[K] } = {};
  beforeAll(async () => {
    owner.context = await englishContext(e2e.browser, options);
    owner.page = await owner.context.newPage();
    await signInAsDemoOwner(owner.page, e2e.server.url);
    owner.token = await apiToken(e2e.server.url);
  });
  afterAll(async () => {
    await owner.context?.close();
  });
  return owner as DemoOwner;
}
