/**
 * `npm run bench`: the first load of every page of the console (issue 30 §5). The demo owner, whose
 * menu holds every page, signs in; then each real page of that menu (one a plugin built into the
 * console declares, not a "coming soon" one) is opened directly by its address in a fresh browser
 * context holding only the session, as a bookmark or a reload would, in the default language
 * (zh-CN, a first visit's) and in English.
 * Counted, as Chromium received them: the JS and CSS bytes on the wire (compressed, headers
 * included) and the script requests until the page is interactive — its heading or tabs drawn, no
 * list, chart or skeleton still loading, and the network idle, so that what a page fetches for its
 * first paint (cards, charts, messages) counts. Budgets: every page ≤ 300 KB and ≤ 30 scripts, the
 * dashboard ≤ 270 KB with its cards; and no page loads the spreadsheet or CSV writer before a user
 * exports, nor the calendar before a date picker opens (read from the build's source maps). The
 * table is printed before the run fails on any page over.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ACCOUNT_PATHS,
  DEFAULT_LANGUAGE,
  type Language,
  type PluginManifest,
  pageAddresses,
  TOKEN_STORAGE_KEY,
  type UserMenus,
} from '@vap/contracts';
import { LANGUAGE_STORAGE_KEY } from '@vap/kernel/host';
import { expect, it } from 'vitest';
import { chooseLanguageCookie, serverAndBrowserPerFile } from '../support/browser.js';
import { settle } from '../support/drawn.js';
import { apiToken } from '../support/server.js';
import { DIST, packagesOf } from './chunk-sources.js';
import { isCode, kb, onWire, pad, recordWire, requestLines, scriptCount, type WireRequest } from './wire.js';

const PAGE_BYTES = 300 * 1024;
const PAGE_SCRIPTS = 30;
/** Pages with a tighter byte budget than PAGE_BYTES. */
const PAGE_BYTES_OF: Readonly<Record<string, number>> = { dashboard: 270 * 1024 };
const MANIFESTS = join(DIST, 'plugin-manifests.json');
/**
 * Libraries no page needs to draw: the spreadsheet writer and the CSV writer load with an export,
 * when a user asks for one, and the calendar when a date picker opens.
 */
const NEVER_ON_FIRST_LOAD = ['exceljs', 'csv-stringify', 'react-day-picker', 'sip.js'];

const e2e = serverAndBrowserPerFile();

/** `BENCH_PAGES=mqtt_log,recharge` measures those pages only and lists every request of each. */
const ONLY = process.env.BENCH_PAGES?.split(',').filter(Boolean);

/** The pages that the plugins built into the console declare (the rest show "coming soon"). */
function realPageNames(): Set<string> {
  const manifests = JSON.parse(readFileSync(MANIFESTS, 'utf8')) as PluginManifest[];
  return new Set(manifests.flatMap((manifest) => manifest.pages.map((page) => page.name)));
}

/** The owner's pages in the menu the server sends with user info. */
async function ownerPages(token: string) {
  const response = await fetch(`${e2e.server.url}/webapi${ACCOUNT_PATHS.user}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`user info: ${response.status}`);
  const { menus } = (await response.json()) as { menus: UserMenus };
  return pageAddresses(Array.isArray(menus) ? menus : []);
}

/**
 * A browser context holding the owner's session as the console stores it after signing in, and the
 * language chosen (none: a first visit, in the default language).
 */
async function signedInContext(token: string, language: Language) {
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  await context.addInitScript(
    ([tokenKey, tokenValue, languageKey, chosen]) => {
      localStorage.setItem(tokenKey, tokenValue);
      if (chosen) localStorage.setItem(languageKey, chosen);
    },
    [TOKEN_STORAGE_KEY, token, LANGUAGE_STORAGE_KEY, language === DEFAULT_LANGUAGE ? '' : language] as const,
  );
  if (language !== DEFAULT_LANGUAGE) await chooseLanguageCookie(context, language);
  return context;
}

/** The default language, which a first visit shows, and English, a language chosen once. */
const MEASURED_LANGUAGES: readonly Language[] = [DEFAULT_LANGUAGE, 'en'];

interface Measured {
  name: string;
  address: string;
  language: Language;
  bytes: number;
  scripts: number;
  budget: number;
  code: WireRequest[];
  /** The libraries of NEVER_ON_FIRST_LOAD that the page loaded. */
  unwanted: string[];
}

it('opens every page of the owner menu within its first-load budget', async () => {
  const token = await apiToken(e2e.server.url);
  const pages = await ownerPages(token);
  const real = realPageNames();
  const measured: Measured[] = [];
  for (const language of MEASURED_LANGUAGES) {
    for (const { name, path: address } of pages.filter(
      (each) => real.has(each.name) && (!ONLY || ONLY.includes(each.name)),
    )) {
      const context = await signedInContext(token, language);
      const page = await context.newPage();
      const wire = await recordWire(page);
      await page.goto(`${e2e.server.url}${address}`);
      await settle(page, 60_000);
      await wire.settled();
      // The page itself was measured, not one it sent the owner to.
      expect(new URL(page.url()).pathname, name).toBe(address);
      const code = wire.requests().filter(isCode);
      measured.push({
        name,
        address,
        language,
        bytes: onWire(code),
        scripts: scriptCount(code),
        budget: PAGE_BYTES_OF[name] ?? PAGE_BYTES,
        code,
        unwanted: NEVER_ON_FIRST_LOAD.filter((library) =>
          code.some((request) => packagesOf(new URL(request.url).pathname).includes(library)),
        ),
      });
      await context.close();
    }
  }

  const over = measured.filter((each) => each.bytes > each.budget || each.scripts > PAGE_SCRIPTS);
  const row = (each: Measured) =>
    `  ${pad(each.name, 22)} ${pad(each.address, 28)} ${pad(each.language, 6)} ${kb(each.bytes).padStart(9)} / ${kb(each.budget).padStart(8)}   ${String(each.scripts).padStart(3)} / ${PAGE_SCRIPTS}   ${over.includes(each) ? 'OVER' : 'within'}`;
  console.log(
    [
      `Every page's signed-in first load (headless Chromium, real server; ${measured.length / MEASURED_LANGUAGES.length} real pages of ${pages.length} in the owner's menu, opened by address)`,
      `  ${pad('page', 22)} ${pad('address', 28)} ${pad('lang', 6)} ${pad('JS+CSS on the wire / budget', 29)} scripts / budget`,
      ...[...measured].sort((a, b) => b.bytes - a.bytes).map(row),
      `  on no page's first load (${NEVER_ON_FIRST_LOAD.join(', ')}): ${
        measured
          .filter((each) => each.unwanted.length > 0)
          .map((each) => `${each.name} (${each.language}) loads ${each.unwanted.join(', ')}`)
          .join('; ') || 'none loaded'
      }`,
      ...(ONLY ? measured : over).flatMap((each) => [
        `  ${each.name} (${each.language}), the heaviest of its requests:`,
        ...requestLines(each.code).slice(0, ONLY ? undefined : 10),
      ]),
    ].join('\n'),
  );
  expect(measured.length).toBeGreaterThan(0);
  for (const each of measured) {
    const what = `${each.name} (${each.language})`;
    expect.soft(each.bytes, `${what} JS+CSS on the wire`).toBeLessThanOrEqual(each.budget);
    expect.soft(each.scripts, `${what} script requests`).toBeLessThanOrEqual(PAGE_SCRIPTS);
    expect.soft(each.unwanted, `${what} loads no export library`).toEqual([]);
  }
});
