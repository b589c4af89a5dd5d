/**
 * Roles and permissions end to end (spec §6, issue "System users, roles and access keys"): the
 * owner creates a role with two pages and one button and a user holding it; that user sees only
 * those pages, not the missing button, gets "not permitted" for another page by address and 403
 * for a forged call; the owner narrows the role and the user's next request sees the smaller menu.
 */
import { TOKEN_STORAGE_KEY } from '@vap/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { englishContext, serverAndBrowserPerFile } from '../support/browser.js';
import { DEMO } from '../support/server.js';

const HELPDESK = { phone: '13900139001', password: 'helpdesk1', nickname: '客服', role: 'E2E Helpdesk' };

let owner: { context: BrowserContext; page: Page };
let helpdesk: { context: BrowserContext; page: Page };

const e2e = serverAndBrowserPerFile();

async function signIn(account: string, password: string) {
  const context = await englishContext(e2e.browser, { viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${e2e.server.url}/login`);
  await page.getByLabel('Phone or email').fill(account);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: /Welcome back/ }).waitFor();
  return { context, page };
}

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

async function open(page: Page, dir: string, entry: string) {
  const dirButton = menu(page).getByRole('button', { name: dir });
  if ((await dirButton.getAttribute('aria-expanded')) !== 'true') await dirButton.click();
  await menu(page).getByRole('link', { name: entry }).click();
}

/** Ticks a node of the permission tree by its title; `within` names the parent when titles repeat. */
async function tick(dialog: ReturnType<Page['getByRole']>, title: string, within?: string) {
  const scope = within ? dialog.getByRole('treeitem', { name: within, exact: true }) : dialog;
  await scope.getByRole('treeitem', { name: title, exact: true }).first().locator('> div').first().click();
}

/** The top-level entries of the sidebar menu, and the entries inside its open dirs. */
async function menuEntries(page: Page): Promise<string[]> {
  return (await menu(page).locator('a, button').allTextContents()).map((text) => text.trim()).filter(Boolean);
}

describe('a role with two pages and one button', () => {
  it('the owner creates the role and a user holding it', async () => {
    owner = await signIn(DEMO.account, DEMO.password);
    const { page } = owner;
    await open(page, 'System', 'Roles');
    await page.getByRole('button', { name: 'Add role' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a role' });
    await dialog.getByLabel('Role name').fill(HELPDESK.role);
    await tick(dialog, 'Assign role', 'Users');
    await tick(dialog, 'Consumption records');
    // The device groups are picked by name from the company's groups (the demo's 一号楼).
    await dialog
      .getByRole('group', { name: 'Groups the role sees' })
      .getByRole('checkbox', { name: '一号楼' })
      .click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`Role ${HELPDESK.role} created`).waitFor();
    await page.getByRole('table', { name: 'Roles' }).getByText(HELPDESK.role).waitFor();
    await page
      .getByRole('row')
      .filter({ hasText: HELPDESK.role })
      .getByText('一号楼', { exact: true })
      .waitFor();

    await open(page, 'System', 'Users');
    await page.getByRole('button', { name: 'Add user' }).click();
    const form = page.getByRole('dialog', { name: 'Add a user' });
    await form.getByLabel('Phone').fill(HELPDESK.phone);
    await form.getByLabel('Password', { exact: true }).fill(HELPDESK.password);
    await form.getByLabel('Nickname').fill(HELPDESK.nickname);
    await form.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: HELPDESK.role }).click();
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('User added').waitFor();
    await page.getByRole('table', { name: 'Users' }).getByText(HELPDESK.phone).waitFor();
  });

  it('the user sees only those pages, and not the button the role lacks', async () => {
    helpdesk = await signIn(HELPDESK.phone, HELPDESK.password);
    const { page } = helpdesk;
    await menu(page).getByRole('button', { name: 'System' }).click();
    await menu(page).getByRole('button', { name: 'Billing' }).click();
    const entries = await menuEntries(page);
    expect(entries).toEqual(expect.arrayContaining(['System', 'Users', 'Billing', 'Consumption records']));
    for (const absent of ['Roles', 'Recharge', 'Devices', 'Open platform'])
      expect(entries).not.toContain(absent);

    await menu(page).getByRole('link', { name: 'Users' }).click();
    await page.getByRole('table', { name: 'Users' }).getByText(HELPDESK.phone).waitFor();
    expect(await page.getByRole('button', { name: 'Add user' }).count()).toBe(0);
  });

  it('another page by address is not permitted, and a forged call is refused with 403', async () => {
    const { page } = helpdesk;
    await page.goto(`${e2e.server.url}/system/role`);
    await page.getByText('You are not permitted to open this page').waitFor();

    const answer = await page.evaluate(async (key) => {
      const response = await fetch('/webapi/v1/pms/company/roles', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem(key)}` },
        body: JSON.stringify({ name: 'Forged', menus: { system_role: ['add'] } }),
      });
      return { status: response.status, body: await response.json() };
    }, TOKEN_STORAGE_KEY);
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ code: 'forbidden' });
  });

  it("the owner narrows the role, confirming for one user; the user's next request sees the smaller menu", async () => {
    const { page } = owner;
    await open(page, 'System', 'Roles');
    const row = page.getByRole('row').filter({ hasText: HELPDESK.role });
    await row.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: `Edit the role ${HELPDESK.role}` });
    await tick(dialog, 'Consumption records');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const question = page.getByRole('alertdialog', { name: "Reduce this role's rights?" });
    await question.getByText('This removes rights from 1 user.', { exact: false }).waitFor();
    await question.getByRole('button', { name: 'Reduce' }).click();
    await page.getByText(`Role ${HELPDESK.role} saved`).waitFor();

    const user = helpdesk.page;
    await user.goto(`${e2e.server.url}/system/user`);
    await user.getByRole('table', { name: 'Users' }).waitFor();
    expect(await menu(user).getByRole('button', { name: 'Billing' }).count()).toBe(0);
    expect(await menu(user).getByRole('button', { name: 'System' }).count()).toBe(1);
    await owner.context.close();
    await helpdesk.context.close();
  });
});
