/**
 * Sign-up, SMS sign-in and password reset in real Chromium against the real server (spec §2.1,
 * §5.2, §7.1). SMS codes come from the development outbox (GET /webapi/dev/outbox), as a person
 * would read them on their phone. The slider captcha is solved by dragging it with the mouse; the
 * test learns how far from the outbox, which records puzzle answers only when DEV_OUTBOX is on.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { englishContext, serverAndBrowserPerFile } from '../support/browser.js';
import { captchaAnswer, smsCode } from '../support/outbox.js';
import { DEMO, DEMO_OPERATOR } from '../support/server.js';

const e2e = serverAndBrowserPerFile();

async function newPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await englishContext(e2e.browser, { viewport: { width: 1280, height: 800 } });
  return { context, page: await context.newPage() };
}

/**
 * "Get code", then drag the puzzle piece into its gap with the mouse; resolves with the time the
 * code was asked for, to find it in the outbox.
 */
async function getCodeThroughCaptcha(page: Page): Promise<string> {
  const since = new Date(Date.now() - 1000).toISOString();
  const puzzle = page.waitForResponse((response) => response.url().endsWith('/webapi/v0/pms/puzzle_captcha'));
  await page.getByRole('button', { name: 'Get code' }).click();
  const { id } = (await (await puzzle).json()) as { id: string };
  const x = await captchaAnswer(e2e.server.url, id);
  const dialog = page.getByRole('dialog', { name: 'Security check' });
  const handle = dialog.getByRole('slider');
  await expect.poll(() => handle.getAttribute('aria-disabled')).toBe('false');
  const box = await handle.boundingBox();
  if (!box) throw new Error('the slider handle is not visible');
  const startX = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(startX, y);
  await page.mouse.down();
  await page.mouse.move(startX + x / 2, y, { steps: 5 });
  await page.mouse.move(startX + x, y, { steps: 5 });
  await page.mouse.up();
  await dialog.getByText('Verified: the code is on its way').waitFor();
  await dialog.waitFor({ state: 'detached' });
  await expect(page.getByRole('button', { name: /Resend in \d+ s/ }).isDisabled()).resolves.toBe(true);
  return since;
}

const token = (page: Page) => page.evaluate(() => localStorage.getItem('vap_web_token'));

describe('sign-up, SMS sign-in and password reset', () => {
  it('signs up with an SMS code, completes a company and lands signed in as its owner', async () => {
    const { context, page } = await newPage();
    const phone = '13712345678';
    await page.goto(`${e2e.server.url}/login`);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL(/\/register$/);
    await page.getByLabel('Phone number').fill(phone);
    const since = await getCodeThroughCaptcha(page);
    await page.getByLabel('Verification code').fill(await smsCode(e2e.server.url, phone, since));
    await page.getByLabel('Password', { exact: true }).fill('signup-pass-1');
    await page.getByLabel('Confirm password').fill('signup-pass-2');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText('The two passwords differ').waitFor();
    await page.getByLabel('Confirm password').fill('signup-pass-1');
    await page.getByLabel('Nickname').fill('新同事');
    await page.getByRole('button', { name: 'Sign up' }).click();
    // A new account has no company and no role: the company completion of /login, not the shell.
    await page.getByRole('heading', { name: 'Your account has no company yet' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await token(page)).toBeTruthy();
    const info = async () =>
      (
        await fetch(`${e2e.server.url}/webapi/v1/pms/user`, {
          headers: { authorization: `Bearer ${await token(page)}` },
        })
      ).json();
    expect(await info()).toMatchObject({
      phone,
      nickname: '新同事',
      is_password_empty: false,
      role_id: null,
      company: null,
    });
    await page.getByLabel('Company name').fill('新同事科技有限公司');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('heading', { name: /Welcome back/ }).waitFor();
    expect(await info()).toMatchObject({ role_id: 0, company: { name: '新同事科技有限公司' } });
    await context.close();
  });

  it('signs in with the phone and an SMS code and returns to the page asked for', async () => {
    const { context, page } = await newPage();
    await page.goto(`${e2e.server.url}/login?redirect=%2Fdashboard`);
    await page.getByRole('tab', { name: 'SMS code' }).click();
    await page.getByLabel('Phone number').fill(DEMO.account);
    const since = await getCodeThroughCaptcha(page);
    await page.getByLabel('Verification code').fill('000000');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('The verification code is wrong or has expired').waitFor();
    await page.getByLabel('Verification code').fill(await smsCode(e2e.server.url, DEMO.account, since));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('heading', { name: /Welcome back/ }).waitFor();
    await context.close();
  });

  it('resets a forgotten password, then signs in with the new one', async () => {
    const { context, page } = await newPage();
    await page.goto(`${e2e.server.url}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(/\/forgetPwd$/);
    await page.getByLabel('Phone number').fill(DEMO_OPERATOR.phone);
    const since = await getCodeThroughCaptcha(page);
    await page
      .getByLabel('Verification code')
      .fill(await smsCode(e2e.server.url, DEMO_OPERATOR.phone, since));
    await page.getByLabel('New password').fill('reset-pass-9');
    await page.getByLabel('Confirm password').fill('reset-pass-9');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL(/\/login$/);
    await page.getByText('Password reset: sign in with the new password').waitFor();

    await page.getByLabel('Phone or email').fill(DEMO_OPERATOR.phone);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').first().textContent()).resolves.toBe('Wrong account or password');
    await page.getByLabel('Password', { exact: true }).fill('reset-pass-9');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    expect(await token(page)).toBeTruthy();
    await context.close();
  });
});
