/**
 * Lists a person can read (issue 29): in real Chromium, every list page of the console at 1280 px
 * in zh-CN, en and zh-TW — and the device, task, MQTT client, voucher and invoice lists at 1440 px
 * too — scrolls sideways only inside its table's card (the page itself, and the shell's scrolling
 * main area, are never wider than the window), no header wraps, and no cell of an id, a date, a
 * state or a number breaks onto a second line. The MQTT dashboard's charts, whose numbers sit in
 * visually hidden tables, take no width either, and each draws its lines. On the device list the
 * selection column and the row actions stay in view when the table is scrolled to either end, and
 * the actions beyond two are in a "more" menu that opens from the keyboard. jsdom has no layout:
 * only a browser can say this.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ACCOUNT_PATHS,
  ALGMALL_PATHS,
  CAMPAIGN_PATHS,
  type Campaign,
  DEV_PAYMENT_PAGE_QUERY,
  DEV_PAYMENT_PATHS,
  DEVICE_PATHS,
  type Device,
  FINANCE_PATHS,
  joinMenuPath,
  type ListPage,
  type MenuItem,
  type Product,
  type RechargeOrder,
  TASK_PATHS,
  TOKEN_STORAGE_KEY,
  type TradeInModel,
} from '@vap/contracts';
import { LANGUAGE_STORAGE_KEY } from '@vap/kernel/host';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser.js';
import { settle, showInConsole } from '../support/drawn.js';
import { apiToken, ROOT, type RunningServer, startServer } from '../support/server.js';

const LANGUAGES = ['zh-CN', 'en', 'zh-TW'] as const;
type Language = (typeof LANGUAGES)[number];

/** Every page of the console that shows a list, by its menu name (the always-routed by address). */
const LIST_PAGES = [
  'device_maintenance',
  'device_bind_record',
  'recharge',
  'consume_record',
  'coupon',
  'invoice_record',
  'invoice_payment',
  'mqtt_device_client',
  'mqtt_user_client',
  'mqtt_user_subs',
  'mqtt_log',
  'system_user',
  'system_role',
  'system_audit',
  'cbs_dashboard',
  'algmall_order',
  'algmall_onauth',
  'algmall_offauth',
  'algmall_consume',
  'trade_in',
  'video_detail',
  'resource_download',
  'resource_management',
  'hologram_parking',
  'adpkg_management',
  'voip_device_phone',
  'voip_agent_phone',
  'voip_call_center',
  'voip_dial_record',
] as const;
const ALWAYS_PAGES = ['/notices', '/messages', '/accesskey'] as const;
/** The lists a vendor's staff live in, also checked at 1440 px. */
const MAIN_LISTS = [
  'device_maintenance',
  'mqtt_device_client',
  'coupon',
  'invoice_record',
  'invoice_payment',
];

let server: RunningServer;
let browser: Browser;
let token: string;
const paths = new Map<string, string>();

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}/webapi${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.status, `${method} ${path}: ${text}\n${server.output().slice(-3000)}`).toBeLessThan(300);
  return (text ? JSON.parse(text) : undefined) as T;
}

function collectPaths(items: readonly MenuItem[], parent: string) {
  for (const item of items) {
    const path = joinMenuPath(parent, item.path);
    if (item.type === 'page') paths.set(item.name, path);
    collectPaths(item.children, path);
  }
}

beforeAll(async () => {
  // Two simulated cameras on the server's own broker: the device clients' list has rows.
  server = await startServer({ env: { DEMO_DEVICES: '2' } });
  token = await apiToken(server.url);
  const info = await api<{ menus: MenuItem[] | Record<string, never> }>('GET', ACCOUNT_PATHS.user);
  collectPaths(Array.isArray(info.menus) ? info.menus : [], '');

  // A task, for the tasks list and its drawer's jobs: a white list pushed to three demo devices.
  const devices = await api<ListPage<Device>>('GET', `${DEVICE_PATHS.devices}?page=1&size=20`);
  const own = devices.items.filter((device) => !device.read_only).slice(0, 3);
  await api('POST', TASK_PATHS.whitelist, {
    list: 'card',
    name: 'E2E layout',
    entries: ['A1B2C3D4'],
    target: { device_ids: own.map((device) => device.id) },
  });
  // A paid order and an invoice asked for it, for the invoice lists.
  const order = await api<RechargeOrder>('POST', FINANCE_PATHS.recharges, { amount: 32_345 });
  const payment = new URL(order.pay_url, server.url).searchParams.get(DEV_PAYMENT_PAGE_QUERY) ?? '';
  await api('POST', DEV_PAYMENT_PATHS.payment(payment), { action: 'confirm' });
  await api('PUT', FINANCE_PATHS.invoiceDetails, {
    invoice: {
      tax_id: '91440300MA5F000000',
      bank_name: '招商银行深圳分行',
      bank_number: '7559 1234 5678 9012',
      address: '深圳市南山区科技园 0755-12345678',
      email: 'finance@example.com',
    },
  });
  await api('POST', FINANCE_PATHS.invoices, { order_ids: [order.id] });
  // An algorithm order and an authorisation of it, for the mall's orders and online authorisation.
  const products = await api<ListPage<Product>>('GET', `${ALGMALL_PATHS.products}?page=1&size=20`);
  const cheapest = [...products.items].sort((a, b) => a.price_fen - b.price_fen)[0];
  if (!cheapest) throw new Error('the demo mall has no products');
  await api('POST', ALGMALL_PATHS.orders, { product_id: cheapest.id, quantity: 1, request_id: randomUUID() });
  await api('POST', ALGMALL_PATHS.authorisations, { product_id: cheapest.id, device_ids: [own[0]?.id] });
  // A trade-in application to the demo's open campaign, for the trade-in records.
  const campaigns = await api<{ items: Campaign[] }>('GET', CAMPAIGN_PATHS.campaigns);
  const open = campaigns.items.find((campaign) => campaign.kind === 'trade_in' && campaign.state === 'open');
  const models = await api<{ items: TradeInModel[] }>('GET', CAMPAIGN_PATHS.tradeInModels);
  await api('POST', CAMPAIGN_PATHS.tradeInApplications, {
    campaign_id: open?.id,
    tracking_number: 'SF1234567890123',
    lines: models.items.slice(0, 2).map((model) => ({ model_id: model.id, quantity: 2 })),
  });
  // A balance exchange and a transfer of its vouchers to the demo's first-level customer, for the
  // trade-in screen's voucher transfers.
  const exchange = campaigns.items.find(
    (campaign) => campaign.kind === 'balance_exchange' && campaign.state === 'open',
  );
  await api('POST', CAMPAIGN_PATHS.balanceExchange(exchange?.id ?? 0), { quantity: 2 });
  const targets = await api<{ items: Array<{ id: number }> }>('GET', CAMPAIGN_PATHS.voucherTargets);
  await api('POST', CAMPAIGN_PATHS.voucherTransfers, { company_id: targets.items[0]?.id, quantity: 2 });

  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  const code = await server?.stop();
  expect(code).toBe(0);
});

/** A signed-in tab of `width` px in `language`, the token handed over as the console keeps it. */
async function signedIn(language: Language, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-US' });
  await context.addInitScript(
    ([tokenKey, languageKey, value, lang]) => {
      localStorage.setItem(tokenKey, value);
      localStorage.setItem(languageKey, lang);
    },
    [TOKEN_STORAGE_KEY, LANGUAGE_STORAGE_KEY, token, language] as const,
  );
  return context.newPage();
}

interface LayoutReport {
  /** Scrolling boxes of the page wider than their window: "what: scroll width > width". */
  overflow: string[];
  /** Header cells, and cells of an id, date, state or number, drawn on more than one line. */
  wrapped: string[];
  /** Cells checked, by kind. */
  kinds: Record<string, number>;
  /**
   * Visually hidden tables (a chart's numbers) whose hiding box is wider than 1 px: "caption:
   * width". A table is never narrower than its cells, whatever width it is given.
   */
  hidden: string[];
  /** Visually hidden tables found. */
  hiddenTables: number;
}

/**
 * What the page shows, measured in the page (a script of its own: nothing of the test's module is
 * there). A cell's lines are its text's line boxes: rectangles of its text that do not overlap
 * vertically are on different lines.
 */
const LAYOUT_PROBE = `(() => {
  const linesOf = (cell) => {
    const rects = [];
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) if (rect.width > 0 && rect.height > 0) rects.push(rect);
    }
    rects.sort((a, b) => a.top - b.top);
    let lines = 0;
    let bottom = -Infinity;
    for (const rect of rects) {
      if (rect.top >= bottom - 1) {
        lines += 1;
        bottom = rect.bottom;
      } else bottom = Math.max(bottom, rect.bottom);
    }
    return lines;
  };
  const overflow = [];
  const main = document.querySelector('[data-testid="shell-main"]');
  for (const [what, box] of [['document', document.documentElement], ['shell main', main]]) {
    if (box && box.scrollWidth > box.clientWidth + 1) overflow.push(what + ': ' + box.scrollWidth + ' > ' + box.clientWidth);
  }
  const wrapped = [];
  const kinds = {};
  for (const table of document.querySelectorAll('table[aria-busy]')) {
    if (!table.checkVisibility()) continue;
    for (const th of table.querySelectorAll('thead th')) {
      if (linesOf(th) > 1) wrapped.push('header "' + th.textContent + '"');
    }
    for (const td of table.querySelectorAll('td[data-kind]')) {
      const kind = td.getAttribute('data-kind');
      if (!['id', 'date', 'state', 'number'].includes(kind)) continue;
      kinds[kind] = (kinds[kind] ?? 0) + 1;
      if (linesOf(td) > 1) wrapped.push(kind + ' "' + td.textContent + '"');
    }
  }
  const hidden = [];
  let hiddenTables = 0;
  for (const table of document.querySelectorAll('main table:not([aria-busy])')) {
    const box = table.closest('.sr-only');
    if (!box) continue;
    hiddenTables += 1;
    const width = box.getBoundingClientRect().width;
    if (width > 1) hidden.push((table.caption ? table.caption.textContent : '') + ': ' + Math.round(width));
  }
  return { overflow, wrapped, kinds, hidden, hiddenTables };
})()`;

const layout = (page: Page) => page.evaluate(LAYOUT_PROBE) as Promise<LayoutReport>;

/**
 * Shows `address` in the tab: the first page loads the console, the next ones are opened in it as
 * from the menu.
 */
async function show(page: Page, address: string) {
  if (page.url() === 'about:blank') {
    await page.goto(`${server.url}${address}`);
    await settle(page);
  } else await showInConsole(page, address);
}

/** Checks the page as it shows now, and then each of its tabs. */
async function checkPage(page: Page, where: string): Promise<LayoutReport[]> {
  await settle(page);
  const reports = [await layout(page)];
  const tabs = page.locator('main [role="tablist"] [role="tab"]').filter({ visible: true });
  for (let index = 0; index < (await tabs.count()); index += 1) {
    const tab = tabs.nth(index);
    if ((await tab.getAttribute('aria-selected')) === 'true') continue;
    await tab.click();
    await settle(page);
    reports.push(await layout(page));
  }
  for (const report of reports) {
    expect(report.overflow, `${where}: the page is wider than the window`).toEqual([]);
    expect(report.wrapped, `${where}: wrapped cells`).toEqual([]);
    expect(report.hidden, `${where}: hidden tables taking width`).toEqual([]);
  }
  return reports;
}

const strings = (language: Language) =>
  JSON.parse(readFileSync(join(ROOT, `plugins/devices/src/locales/${language}.json`), 'utf8')) as {
    tasks: { details: string };
  };

/** The tasks view's first task, opened: its drawer's jobs are a table of their own. */
async function checkTaskDrawer(page: Page, language: Language, where: string) {
  await page.goto(`${server.url}${paths.get('device_maintenance')}`);
  await settle(page);
  await page.locator('main [role="tablist"] [role="tab"]').filter({ visible: true }).nth(1).click();
  await settle(page);
  await page
    .getByRole('button', { name: strings(language).tasks.details, exact: true })
    .first()
    .click();
  const drawer = page.getByRole('dialog');
  await drawer.locator('table[aria-busy="false"] tbody td[data-kind]').first().waitFor();
  await settle(page);
  const report = await layout(page);
  expect(report.wrapped, `${where}, task drawer: wrapped cells`).toEqual([]);
  expect(report.kinds.state, `${where}, task drawer: job states`).toBeGreaterThan(0);
}

describe('every list page at 1280 px', () => {
  it('knows where each list page is', () => {
    for (const name of LIST_PAGES) expect(paths.get(name), name).toMatch(/^\//);
    expect(paths.get('mqtt_dashboard')).toMatch(/^\//);
  });

  // One tab per language, and one test per page: a page's own check stays well within a test's time
  // on a busy machine, and a failure names its page.
  describe.each(LANGUAGES)('in %s', (language) => {
    let page: Page;
    beforeAll(async () => {
      page = await signedIn(language, 1280);
    });
    afterAll(() => page?.context().close());

    it.each([...LIST_PAGES, ...ALWAYS_PAGES])(
      '%s: no page wider than the window, no header, id, date, state or number wraps',
      async (name) => {
        const address = name.startsWith('/') ? name : (paths.get(name) ?? '');
        await show(page, address);
        const reports = await checkPage(page, `${language} ${address}`);
        if (MAIN_LISTS.includes(name)) {
          const kinds = reports.map((report) => report.kinds);
          expect(
            kinds.some((each) => (each.date ?? 0) > 0 && (each.state ?? 0) > 0),
            `${language} ${address}: dates and states were checked`,
          ).toBe(true);
        }
      },
    );

    it("the tasks view's drawer: no job's state or date wraps", () =>
      checkTaskDrawer(page, language, language));
  });

  it.each(LANGUAGES)('in %s: the MQTT dashboard and its charts fit the window', async (language) => {
    const page = await signedIn(language, 1280);
    await page.goto(`${server.url}${paths.get('mqtt_dashboard')}`);
    await settle(page);
    await expect.poll(async () => (await layout(page)).hiddenTables).toBeGreaterThanOrEqual(4);
    const report = await layout(page);
    expect(report.overflow, `${language} MQTT dashboard`).toEqual([]);
    expect(report.hidden, `${language} MQTT dashboard: the charts' hidden tables take width`).toEqual([]);
    // Each chart with numbers draws them: a line per series, a path of points, in the card's width.
    const drawings = await page.$$eval('main [role="img"] svg', (svgs) =>
      svgs.map((svg) => ({
        width: svg.getBoundingClientRect().width,
        lines: Array.from(svg.querySelectorAll('[data-series] path')).filter((path) =>
          /^M[\d.-]+,[\d.-]+[CL]/.test(path.getAttribute('d') ?? ''),
        ).length,
      })),
    );
    expect(drawings.length, `${language} MQTT dashboard charts`).toBeGreaterThanOrEqual(4);
    for (const drawing of drawings) {
      expect(drawing.lines).toBeGreaterThan(0);
      expect(drawing.width).toBeGreaterThan(100);
    }
    await page.context().close();
  });
});

describe.each(LANGUAGES)('the main lists at 1440 px in %s', (language) => {
  let page: Page;
  beforeAll(async () => {
    page = await signedIn(language, 1440);
  });
  afterAll(() => page?.context().close());

  it.each(MAIN_LISTS)('%s: no date or state wraps', async (name) => {
    await show(page, paths.get(name) ?? '');
    await checkPage(page, `${language} 1440 ${name}`);
  });

  it("the tasks view's drawer: no job's state or date wraps", () =>
    checkTaskDrawer(page, language, `${language} 1440`));
});

describe('the device list scrolled sideways at 1280 px', () => {
  const cellOf = (row: Locator, kind: string) => row.locator(`td[data-kind="${kind}"]`);

  it('keeps the selection column and the row actions in view, and folds the actions beyond two into a menu', async () => {
    const page = await signedIn('en', 1280);
    await page.goto(`${server.url}${paths.get('device_maintenance')}`);
    await settle(page);
    const table = page.getByRole('table', { name: 'Device maintenance' });
    const scroller = table.locator('xpath=..');
    const box = await scroller.boundingBox();
    expect(box).not.toBeNull();
    const width = await scroller.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(width, 'the table scrolls sideways inside its card').toBeGreaterThan(0);
    // The first row the demo owner may act on (a downstream company's device offers nothing).
    const row = table.locator('tbody tr', { has: page.locator('td[data-kind="actions"] button') }).first();

    for (const left of [0, width]) {
      await scroller.evaluate((element, to) => element.scrollTo({ left: to }), left);
      await expect.poll(() => scroller.evaluate((element) => element.scrollLeft)).toBeCloseTo(left, 0);
      const select = await cellOf(row, 'select').boundingBox();
      const actions = await cellOf(row, 'actions').boundingBox();
      expect(select?.x, `scrolled to ${left}: selection at the left edge`).toBeCloseTo(box?.x ?? 0, -1);
      expect(
        (actions?.x ?? 0) + (actions?.width ?? 0),
        `scrolled to ${left}: actions at the right edge`,
      ).toBeCloseTo((box?.x ?? 0) + (box?.width ?? 0), -1);
    }

    const actions = cellOf(row, 'actions');
    expect(await actions.getByRole('button').allTextContents()).toEqual(['Rename', 'Move', 'More']);
    await actions.getByRole('button', { name: 'More' }).focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    // An online camera also offers its remote terminal.
    expect(
      (await menu.getByRole('menuitem').allTextContents()).filter((label) => label !== 'Remote terminal'),
    ).toEqual(['Upgrade firmware', 'Configure', 'White list', 'Unbind']);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await page.context().close();
  });
});
