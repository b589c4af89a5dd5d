import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_PATHS, TOKEN_STORAGE_KEY } from '@vap/contracts';
import { refusal, renderWithKernel, testMenuItem, testToken, testUser } from '@vap/kernel/testing';
import { describe, expect, it } from 'vitest';
import accountPlugin from '../index.js';
import { consoleMessages } from '../sign-in/test-support.js';
import LoginPage from './login.js';

const owner = testUser({ menus: [testMenuItem({ id: 1, name: 'dashboard', type: 'page' })] });

async function renderLogin(answers = {}) {
  const view = await renderWithKernel(<LoginPage />, {
    plugins: [accountPlugin],
    messages: consoleMessages,
    path: '/login?redirect=%2Fsystem%2Fuser',
    answers,
  });
  await screen.findByRole('form', { name: 'Sign in' });
  return view;
}

describe('password sign-in (spec §2.1, §7.1)', () => {
  it('checks the account format before calling the server', async () => {
    const { api } = await renderLogin();
    await userEvent.type(screen.getByLabelText(/Phone or email/), 'not-an-account');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid mainland phone number or email')).toBeTruthy();
    expect(screen.getByText('This field is required')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('sends the password as its md5 digest, without a bearer token, and shows the server message', async () => {
    const { api } = await renderLogin({
      [AUTH_PATHS.loginPassword]: refusal(401, {
        code: 'invalid_credentials',
        message: 'Wrong account or password',
      }),
    });
    await userEvent.type(screen.getByLabelText(/Phone or email/), '13800138000');
    await userEvent.type(screen.getByLabelText(/^\*?Password/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong account or password');
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]?.body).toEqual({
      account: '13800138000',
      password: 'e10adc3949ba59abbe56e057f20f883e',
    });
    expect(api.calls[0]?.headers.has('authorization')).toBe(false);
  });

  it('stores the token, loads the session and returns to the page the user wanted', async () => {
    const token = testToken();
    const { kernel, api } = await renderLogin({
      [AUTH_PATHS.loginPassword]: { body: { token } },
      '/v1/pms/user': { body: owner },
      '/api.json': { body: { openapi: '3.0.3' } },
      '/v1/mtx/company/version': {
        body: { main_version: '', api_version: '', metrics_api_version: '', unix_milli: 0 },
      },
    });
    await userEvent.type(screen.getByLabelText(/Phone or email/), 'owner@vap-demo.com');
    await userEvent.type(screen.getByLabelText(/^\*?Password/), 'vap123456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByTestId('location')).textContent).toBe('at /system/user');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
    expect(kernel.session.state.status).toBe('ready');
    expect(api.calls.find((call) => call.path === '/v1/pms/user')?.headers.get('authorization')).toBe(
      `Bearer ${token}`,
    );
  });

  it('a role without any menu gets the no-access warning and stays signed out', async () => {
    await renderLogin({
      [AUTH_PATHS.loginPassword]: { body: { token: testToken() } },
      '/v1/pms/user': { body: { ...owner, menus: {} } },
    });
    await userEvent.type(screen.getByLabelText(/Phone or email/), '13800138000');
    await userEvent.type(screen.getByLabelText(/^\*?Password/), 'vap123456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This account has no menu access. Please contact your administrator.',
    );
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});
