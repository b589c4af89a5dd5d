/**
 * Accessibility of every page (issue 29): in real Chromium at 1280 × 800, the demo owner — whose
 * menu has every page — signs in, and axe-core checks the sign-in page and every page of the menu
 * as the server sends it to the console (each tab a page shows; of the pages still "coming soon",
 * the first, as the others draw the same result in the same shell but for its title), in zh-CN and en. Any violation of a WCAG 2.1 A or AA rule with an impact serious or
 * critical fails, naming the page, the rule and its nodes. The pages are read from the menu, never
 * listed here: a new page is checked the day the server puts it in the menu.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ACCOUNT_PATHS,
  CATALOGUE_PATH,
  type CatalogueMenus,
  pageAddresses,
  type UserMenus,
} from '@vap/contracts';
import { LANGUAGE_STORAGE_KEY } from '@vap/kernel/host';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AxeViolation, seriousViolations } from '../support/axe.js';
import { startServerAndBrowser } from '../support/browser.js';
import { settle as drawn, showInConsole } from '../support/drawn.js';
import { apiToken, DEMO, ROOT, type RunningServer } from '../support/server.js';

/**
 * The default language and the one whose words run longest. zh-TW shares zh-CN's layout and roles
 * and differs only in its characters; it is left out to keep the suite's time (about 50 s a
 * language) — the list-layout test covers it at every list page.
 */
const LANGUAGES = ['zh-CN', 'en'] as const;
type Language = (typeof LANGUAGES)[number];

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // Two simulated cameras on the server's own broker: online devices, connected clients, MQTT log
  // entries and live figures are drawn as a user sees them, not only empty lists.
  ({ server, browser } = await startServerAndBrowser({ env: { DEMO_DEVICES: '2' } }));
});

afterAll(async () => {
  await browser?.close();
  const code = await server?.stop();
  expect(code).toBe(0);
});

const localeFile = <T>(path: string, language: Language): T =>
  JSON.parse(readFileSync(join(ROOT, path, `${language}.json`), 'utf8')) as T;

/** The sign-in form's words in `language`, from the account plugin's own locale file. */
const loginWords = (language: Language) =>
  localeFile<{ login: { account: string; password: string; submit: string } }>(
    'plugins/account/src/locales',
    language,
  ).login;

/** The title of the result a page not built yet shows, from the console's locale file. */
const comingSoonTitle = (language: Language) =>
  localeFile<{ app: { comingSoon: string } }>('locales', language).app.comingSoon;

/**
 * Whether the page shows the "coming soon" result rather than a page of its own (the pages kept
 * alive behind it are mounted but hidden).
 */
const isComingSoon = (page: Page, title: string) =>
  page.evaluate(
    (text) =>
      Array.from(document.querySelectorAll('main h1')).some(
        (heading) => heading.checkVisibility() && heading.textContent?.trim() === text,
      ),
    title,
  );

/**
 * Until the page has drawn (support/drawn.ts) and stands still: no animation running (a fading
 * element has no contrast of its own yet).
 */
async function settle(page: Page) {
  await drawn(page);
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}

type Found = { where: string } & AxeViolation;

/**
 * Violations whose fix belongs to work in progress elsewhere, each saying whose and what it needs:
 * tolerated on any page, that rule on that node only, and the test fails once one no longer
 * occurs, so that its entry goes when the fix lands.
 */
const KNOWN: readonly { id: string; node: string; why: string }[] = [];

/** Leaves out the known violations' nodes; answers the rest and the known ones it met. */
function withoutKnown(found: readonly Found[]): { rest: Found[]; met: Set<string> } {
  const met = new Set<string>();
  const rest = found.flatMap((violation) => {
    const nodes = violation.nodes.filter((node) => {
      const known = KNOWN.find((each) => each.id === violation.id && each.node === node);
      if (known) met.add(`${known.id} ${known.node}`);
      return !known;
    });
    return nodes.length > 0 ? [{ ...violation, nodes }] : [];
  });
  return { rest, met };
}

/** The serious and critical violations of the page as it shows now, then of each of its tabs. */
async function checkPage(page: Page, where: string): Promise<Found[]> {
  await settle(page);
  const found: Found[] = (await seriousViolations(page)).map((violation) => ({ where, ...violation }));
  const tabs = page.locator('main [role="tablist"] [role="tab"]').filter({ visible: true });
  for (let index = 0; index < (await tabs.count()); index += 1) {
    const tab = tabs.nth(index);
    if ((await tab.getAttribute('aria-selected')) === 'true') continue;
    const label = (await tab.textContent())?.trim() ?? String(index);
    await tab.click();
    await settle(page);
    for (const violation of await seriousViolations(page)) {
      found.push({ where: `${where} (tab ${label})`, ...violation });
    }
  }
  return found;
}

const report = (found: readonly Found[]) =>
  found
    .map(
      (each) =>
        `${each.where}: ${each.id} (${each.impact}) ${each.help}\n${each.nodes.map((node) => `    ${node}`).join('\n')}`,
    )
    .join('\n');

describe('axe-core on every page of the menu at 1280 × 800', () => {
  it.each(LANGUAGES)(
    'in %s: no serious or critical WCAG 2.1 A/AA violation',
    async (language) => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
      await context.addInitScript(
        ([key, value]) => {
          if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
        },
        [LANGUAGE_STORAGE_KEY, language] as const,
      );
      const page = await context.newPage();
      const words = loginWords(language);
      const found: Found[] = [];

      await page.goto(`${server.url}/login`);
      await page.getByRole('form', { name: words.submit }).waitFor();
      found.push(...(await checkPage(page, `${language} /login`)));

      // Signed in through the form (the password tab, which the checks above left), the menu is the
      // one the server sends the console with user info.
      await page.goto(`${server.url}/login`);
      await page.getByLabel(words.account).fill(DEMO.account);
      await page.getByLabel(words.password, { exact: true }).fill(DEMO.password);
      const [userInfo] = await Promise.all([
        page.waitForResponse(
          (response) =>
            new URL(response.url()).pathname === `/webapi${ACCOUNT_PATHS.user}` &&
            response.request().method() === 'GET' &&
            response.ok(),
        ),
        page.getByRole('button', { name: words.submit }).click(),
      ]);
      const { menus } = (await userInfo.json()) as { menus: UserMenus };
      const pages = pageAddresses(Array.isArray(menus) ? menus : []);
      // The owner's menu has every page of the catalogue.
      const catalogue = await fetch(`${server.url}/webapi${CATALOGUE_PATH}`, {
        headers: { authorization: `Bearer ${await apiToken(server.url)}` },
      });
      const names = (list: readonly { name: string }[]) => list.map((each) => each.name).sort();
      expect(names(pages)).toEqual(names(((await catalogue.json()) as CatalogueMenus).pages));

      const comingSoon = comingSoonTitle(language);
      let comingSoonChecked = false;
      // Each page opened as from the menu, in the console signed in above.
      for (const { name, path: address } of pages) {
        await showInConsole(page, address);
        await settle(page);
        // The page itself was reached, not a page it sent the owner to.
        expect(new URL(page.url()).pathname, name).toBe(address);
        if (await isComingSoon(page, comingSoon)) {
          if (comingSoonChecked) continue;
          comingSoonChecked = true;
        }
        found.push(...(await checkPage(page, `${language} ${name} ${address}`)));
      }
      await context.close();
      const { rest, met } = withoutKnown(found);
      expect(rest, report(rest)).toEqual([]);
      const stale = KNOWN.map((each) => `${each.id} ${each.node}`).filter((each) => !met.has(each));
      expect(stale, 'known violations that no longer occur: delete them from KNOWN').toEqual([]);
    },
    900_000,
  );
});
