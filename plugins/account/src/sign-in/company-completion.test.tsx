import './test-support.js';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_PATHS, TOKEN_STORAGE_KEY, type UserInfo } from '@vap/contracts';
import { type Answers, refusal, renderWithKernel, testMenuItem, testUser } from '@vap/kernel/testing';
import { describe, expect, it } from 'vitest';
import accountPlugin from '../index.js';
import en from '../locales/en.json';
import zhCN from '../locales/zh-CN.json';
import zhTW from '../locales/zh-TW.json';
import LoginPage from '../pages/login.js';
import { consoleMessages } from './test-support.js';

/** An account its company removed (or a new sign-up): no company, no role, no menu. */
const detached = testUser({ id: 7, phone: '13912345678', role_id: null, company: null, menus: {} });
const dashboard = testMenuItem({ id: 1, name: 'dashboard', type: 'page' });
/** The same account once it owns a company, or once an owner has added it. */
const withCompany = testUser({ id: 7, phone: '13912345678', menus: [dashboard] });

/** Renders /login for the signed-in `detached` user; `current.user` is what user info answers next. */
async function renderCompletion(answers: Answers = {}, language: 'en' | 'zh-CN' | 'zh-TW' = 'en') {
  const current: { user: UserInfo } = { user: detached };
  const view = await renderWithKernel(<LoginPage />, {
    plugins: [accountPlugin],
    messages: consoleMessages,
    path: '/login?redirect=%2Fsystem%2Fuser',
    language,
    user: detached,
    answers: {
      'POST /v1/pms/user/logout': { status: 204 },
      '/api.json': { body: { openapi: '3.0.3' } },
      '/v1/mtx/company/version': {
        body: { main_version: '', api_version: '', metrics_api_version: '', unix_milli: 0 },
      },
      ...answers,
    },
  });
  view.api.answers['GET /v1/pms/user'] = () => ({ body: current.user });
  const heading = await screen.findByRole('heading', {
    name: { en, 'zh-CN': zhCN, 'zh-TW': zhTW }[language].completion.title,
  });
  return { ...view, current, heading };
}

describe('/login: company completion of a user without a company (spec §2.1, §6)', () => {
  it('shows the completion instead of the sign-in form, read from its heading, the session kept', async () => {
    const { kernel, heading } = await renderCompletion();
    expect(kernel.session.state.status).toBe('no-company');
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText(/13912345678 is signed in but does not belong to a company/)).toBeTruthy();
    expect(screen.queryByRole('form', { name: en.login.title })).toBeNull();
    expect(screen.getByRole('tab', { name: en.completion.create, selected: true })).toBeTruthy();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).not.toBeNull();
  });

  it('creates a company (full-width parentheses), reloads user info and returns to the wanted page as owner', async () => {
    const { kernel, api, current } = await renderCompletion({
      [`POST ${ACCOUNT_PATHS.companies}`]: () => {
        current.user = withCompany;
        return { status: 201, body: { id: 9 } };
      },
    });
    const name = screen.getByLabelText(en.completion.name, { selector: 'input' });
    await userEvent.type(name, '新建(上海)科技有限公司');
    expect((name as HTMLInputElement).value).toBe('新建（上海）科技有限公司');
    await userEvent.click(screen.getByRole('button', { name: en.completion.submit }));
    expect((await screen.findByTestId('location')).textContent).toBe('at /system/user');
    expect(api.calls.find((call) => call.path === ACCOUNT_PATHS.companies)?.body).toEqual({
      name: '新建（上海）科技有限公司',
      title: '',
    });
    expect(kernel.session.state).toMatchObject({ status: 'ready', user: { role_id: 0 } });
  });

  it('checks the company name before calling the server, and shows a refusal of the server', async () => {
    const { api } = await renderCompletion({
      [`POST ${ACCOUNT_PATHS.companies}`]: refusal(409, {
        code: 'company_exists',
        message: 'Already in a company',
      }),
    });
    const name = screen.getByLabelText(en.completion.name, { selector: 'input' });
    await userEvent.type(name, 'Acme');
    await userEvent.click(screen.getByRole('button', { name: en.completion.submit }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(api.calls.filter((call) => call.path === ACCOUNT_PATHS.companies)).toHaveLength(0);
    await userEvent.clear(name);
    await userEvent.type(name, '新建科技有限公司');
    await userEvent.click(screen.getByRole('button', { name: en.completion.submit }));
    expect(await screen.findByText('Failed to create the company: Already in a company')).toBeTruthy();
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('waiting to be added: "check again" says not yet, then returns once the owner has added them', async () => {
    const { current } = await renderCompletion();
    await userEvent.click(screen.getByRole('tab', { name: en.completion.wait }));
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByText(/add the account 13912345678 under System › Users/)).toBeTruthy();
    await userEvent.click(within(panel).getByRole('button', { name: en.completion.checkAgain }));
    expect((await within(panel).findByRole('status')).textContent).toBe(en.completion.notYet);
    current.user = testUser({ id: 7, phone: '13912345678', role_id: 4, menus: [dashboard] });
    await userEvent.click(within(panel).getByRole('button', { name: en.completion.checkAgain }));
    expect((await screen.findByTestId('location')).textContent).toBe('at /system/user');
  });

  it('can be left by the keyboard: sign out ends the session and shows the sign-in form', async () => {
    const { api } = await renderCompletion();
    const signOut = screen.getByRole('button', { name: en.completion.signOut });
    signOut.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('form', { name: en.login.title })).toBeTruthy();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(api.calls.some((call) => call.method === 'POST' && call.path === '/v1/pms/user/logout')).toBe(
      true,
    );
  });

  it('speaks Simplified and Traditional Chinese', async () => {
    await renderCompletion({}, 'zh-CN');
    expect(screen.getByRole('tab', { name: zhCN.completion.wait })).toBeTruthy();
    cleanup();
    await renderCompletion({}, 'zh-TW');
    expect(screen.getByRole('button', { name: zhTW.completion.signOut })).toBeTruthy();
  });
});
