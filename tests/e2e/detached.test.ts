/**
 * A user the owner removed is nobody's owner (issue 13 §4, spec §6 "Removing an account only
 * detaches it from the company"), in real Chromium against the real server: the owner adds
 * 13912345678 and deletes them; that person signs in and meets the company completion of /login —
 * never the shell, no owner entries, not even by address — can wait and check again, and creates a
 * company of their own, landing in the shell as its owner at the address they asked for.
 */
import { createHash } from 'node:crypto';
import { ACCESS_KEY_PATHS, type Role, SYSTEM_PATHS } from '@vap/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { englishContext, serverAndBrowserPerFile } from '../support/browser.js';
import { DEMO, webapiCall } from '../support/server.js';

const LEAVER = { phone: '13912345678', password: 'leaver-pass-1' };
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

const e2e = serverAndBrowserPerFile();

const call = (method: string, path: string, token: string | null, body?: object) =>
  webapiCall(e2e.server.url, method, path, token, body);

async function signInByApi(account: string, password: string): Promise<string> {
  const { status, body } = await call('POST', '/v0/pms/users/login_password', null, {
    account,
    password: md5(password),
  });
  expect(status).toBe(200);
  return body.token;
}

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });
const completion = (page: Page) => page.getByRole('heading', { name: 'Your account has no company yet' });

describe('a user detached from the company', () => {
  it('signs in to the company completion, never the shell, and becomes owner of a company they create', async () => {
    // The owner adds 13912345678 with a role of the company, then removes them.
    const owner = await signInByApi(DEMO.account, DEMO.password);
    const roles = await call('GET', SYSTEM_PATHS.roles, owner);
    const role = (roles.body.items as Role[])[0];
    if (!role) throw new Error('the demo company has no role');
    const added = await call('POST', SYSTEM_PATHS.users, owner, {
      phone: LEAVER.phone,
      password: md5(LEAVER.password),
      nickname: '离职员工',
      email: '',
      remark: '',
      role_id: role.id,
    });
    expect(added.status).toBe(200);
    expect((await call('DELETE', SYSTEM_PATHS.user(added.body.id), owner)).status).toBe(204);

    // The server: no role, no company, and the owner's calls refused.
    const leaver = await signInByApi(LEAVER.phone, LEAVER.password);
    expect((await call('GET', '/v1/pms/user', leaver)).body).toMatchObject({ role_id: null, company: null });
    expect((await call('GET', ACCESS_KEY_PATHS.keys, leaver)).status).toBe(403);

    // The console: sign-in leads to the company completion, not the shell.
    const context = await englishContext(e2e.browser, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 403) refused.push(response.url());
    });
    await page.goto(`${e2e.server.url}/login`);
    await page.getByLabel('Phone or email').fill(LEAVER.phone);
    await page.getByLabel('Password', { exact: true }).fill(LEAVER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await completion(page).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await expect(menu(page).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'User menu' }).count()).resolves.toBe(0);

    // An owner's address, typed in: still the completion, the address kept for afterwards.
    await page.goto(`${e2e.server.url}/accesskey`);
    await completion(page).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/accesskey');
    await expect(menu(page).count()).resolves.toBe(0);

    // Waiting for the owner: checking again says not yet.
    await page.getByRole('tab', { name: 'Wait to be added' }).click();
    await page.getByText(`add the account ${LEAVER.phone} under System › Users`).waitFor();
    await page.getByRole('button', { name: 'Check again' }).click();
    await page.getByText('Your account has not been added to a company yet.').waitFor();

    // Creating a company instead: the new owner lands in the shell, at the address asked for.
    await page.getByRole('tab', { name: 'Create a company' }).click();
    await page.getByLabel('Company name').fill('离职员工(上海)科技有限公司');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/accesskey');
    // Seen failing once in CI with no clue: a failure now says what the page showed instead.
    await menu(page)
      .waitFor()
      .catch(async (error: Error) => {
        const shown = await page
          .locator('body')
          .innerText()
          .catch(() => '(unreadable)');
        throw new Error(`${error.message}\nAt ${page.url()} the page showed:\n${shown.slice(0, 2000)}`);
      });
    expect(refused).toEqual([]);
    const token = await page.evaluate(() => localStorage.getItem('vap_web_token'));
    expect((await call('GET', '/v1/pms/user', token)).body).toMatchObject({
      role_id: 0,
      company: { name: '离职员工（上海）科技有限公司' },
    });
    await context.close();
  });
});
