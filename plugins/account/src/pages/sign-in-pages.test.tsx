import '../sign-in/test-support.js';
import { createHash } from 'node:crypto';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_PATHS, SCAN_POLL_INTERVAL_MS, TOKEN_STORAGE_KEY } from '@vap/contracts';
import type { Answers } from '@vap/kernel/testing';
import { refusal, renderWithKernel, testToken } from '@vap/kernel/testing';
import { Toaster } from '@vap/ui';
import { describe, expect, it, vi } from 'vitest';
import accountPlugin from '../index.js';
import en from '../locales/en.json';
import zhTW from '../locales/zh-TW.json';
import { testUser } from '../own-account/test-kit.js';
import { consoleMessages, fakePuzzle } from '../sign-in/test-support.js';
import ForgetPwdPage from './forget-pwd.js';
import LoginPage from './login.js';
import RegisterPage from './register.js';

/** A member of a company. */
const user = testUser({ id: 7, phone: '13912345678', email: '', nickname: '', role_id: 4 });
/** A new account: no company, so no role and no menu. */
const newcomer = testUser({
  id: 8,
  phone: '13912345678',
  email: '',
  nickname: '',
  role_id: null,
  company: null,
  menus: {},
});

/** What the console loads after a sign-in. */
const session: Answers = {
  '/v1/pms/user': { body: user },
  '/api.json': { body: { openapi: '3.0.3' } },
  '/v1/mtx/company/version': {
    body: { main_version: '', api_version: '', metrics_api_version: '', unix_milli: 0 },
  },
};

const puzzle: Answers = { [`POST ${AUTH_PATHS.puzzleCaptcha}`]: () => ({ body: fakePuzzle() }) };

/** Opens the captcha with "Get code", moves the piece by `steps` with the keyboard and answers. */
async function solveCaptcha(steps = 3) {
  await userEvent.click(screen.getByRole('button', { name: en.sms.send }));
  const dialog = await screen.findByRole('dialog', { name: en.captcha.title });
  const slider = within(dialog).getByRole('slider');
  await waitFor(() => expect(slider.getAttribute('aria-disabled')).toBe('false'));
  slider.focus();
  await userEvent.keyboard(`${'{ArrowRight}'.repeat(steps)}{Enter}`);
  return dialog;
}

describe('/login: SMS code method', () => {
  async function renderSms(answers: Answers) {
    const view = await renderWithKernel(<LoginPage />, {
      plugins: [accountPlugin],
      messages: consoleMessages,
      path: '/login?redirect=%2Fsystem%2Fuser',
      answers: { ...puzzle, ...session, ...answers },
    });
    await userEvent.click(await screen.findByRole('tab', { name: en.login.methodSms }));
    await screen.findByRole('form', { name: en.sms.formName });
    return view;
  }

  it('checks the phone before showing the captcha', async () => {
    const { api } = await renderSms({});
    await userEvent.type(screen.getByLabelText(en.sms.phone), '1234');
    await userEvent.click(screen.getByRole('button', { name: en.sms.send }));
    expect(await screen.findByText('Enter a valid mainland phone number')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls).toEqual([]);
  });

  it('sends the code once the captcha is solved, counts 60 s down, then signs in and returns', async () => {
    const { api } = await renderSms({
      [`POST ${AUTH_PATHS.smsCode}`]: { status: 204 },
      [`POST ${AUTH_PATHS.loginSmsCode}`]: { body: { token: testToken() } },
    });
    await userEvent.type(screen.getByLabelText(en.sms.phone), '13912345678');
    const dialog = await solveCaptcha(3);
    expect(await within(dialog).findByText(en.captcha.solved)).toBeTruthy();
    const sms = api.calls.find((call) => call.path === AUTH_PATHS.smsCode);
    expect(sms?.body).toEqual({
      phone: '13912345678',
      purpose: 'login',
      captcha_id: expect.any(String),
      captcha_x: 3,
    });
    expect(sms?.headers.has('authorization')).toBe(false);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const resend = screen.getByRole('button', { name: /Resend in \d+ s/ });
    expect(resend.textContent).toMatch(/Resend in (60|59) s/);
    expect((resend as HTMLButtonElement).disabled).toBe(true);

    await userEvent.type(screen.getByLabelText(en.sms.code), '123456');
    await userEvent.click(screen.getByRole('button', { name: en.login.submit }));
    expect((await screen.findByTestId('location')).textContent).toBe('at /system/user');
    expect(api.calls.find((call) => call.path === AUTH_PATHS.loginSmsCode)?.body).toEqual({
      phone: '13912345678',
      sms_code: '123456',
    });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).not.toBeNull();
  });

  it('a wrong puzzle answer brings a new puzzle; a refused code closes the captcha and shows why', async () => {
    let answers = 0;
    const { api } = await renderSms({
      [`POST ${AUTH_PATHS.smsCode}`]: () =>
        ++answers === 1
          ? refusal(400, { code: 'captcha_failed', message: 'Captcha verification failed' })
          : refusal(429, { code: 'too_many_requests', message: 'Please wait 60 seconds' }),
    });
    await userEvent.type(screen.getByLabelText(en.sms.phone), '13912345678');
    const dialog = await solveCaptcha(5);
    expect(await within(dialog).findByText(en.captcha.wrong)).toBeTruthy();
    await waitFor(() =>
      expect(api.calls.filter((call) => call.path === AUTH_PATHS.puzzleCaptcha)).toHaveLength(2),
    );
    const slider = within(dialog).getByRole('slider');
    await waitFor(() => expect(slider.getAttribute('aria-disabled')).toBe('false'));
    slider.focus();
    await userEvent.keyboard('{ArrowRight}{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Please wait 60 seconds');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: en.sms.send })).toBeTruthy();
  });

  it('shows the server message of a wrong code', async () => {
    await renderSms({
      [`POST ${AUTH_PATHS.loginSmsCode}`]: refusal(400, {
        code: 'invalid_sms_code',
        message: 'The verification code is wrong or has expired',
      }),
    });
    await userEvent.type(screen.getByLabelText(en.sms.phone), '13912345678');
    await userEvent.type(screen.getByLabelText(en.sms.code), '654321');
    await userEvent.click(screen.getByRole('button', { name: en.login.submit }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The verification code is wrong or has expired',
    );
  });

  it('asks for a 6-digit code', async () => {
    const { api } = await renderSms({});
    await userEvent.type(screen.getByLabelText(en.sms.phone), '13912345678');
    await userEvent.type(screen.getByLabelText(en.sms.code), '12a');
    await userEvent.click(screen.getByRole('button', { name: en.login.submit }));
    expect(await screen.findByText('The code is 6 digits')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });
});

describe('/login: QR scan method', () => {
  // Polling runs on fake time (each test starts it, src/test-setup.ts ends it): the clock is moved a
  // poll interval at a time.

  /** The login page at `path`, answering `answers`, on its QR-scan tab. */
  async function renderScan(answers: Answers, path = '/login') {
    const view = await renderWithKernel(<LoginPage />, {
      plugins: [accountPlugin],
      messages: consoleMessages,
      path,
      answers,
    });
    await userEvent.click(await screen.findByRole('tab', { name: en.login.methodScan }));
    return view;
  }

  it('shows the QR code, polls until confirmed, then signs in and returns', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let polls = 0;
    const { api } = await renderScan(
      {
        ...session,
        [`POST ${AUTH_PATHS.scanQrcode}`]: {
          body: {
            id: '00000000-0000-4000-8000-00000000000a',
            url: 'vap-dev-scan:login?id=a',
            expires_in: 120,
          },
        },
        [`POST ${AUTH_PATHS.scanLogin}`]: () =>
          ++polls === 1 ? { status: 202, body: { state: 'pending' } } : { body: { token: testToken() } },
      },
      '/login?redirect=%2Fsystem%2Fuser',
    );
    const image = (await screen.findByRole('img', { name: en.scan.qrAlt })) as HTMLImageElement;
    expect(image.src).toMatch(/^data:image\/svg\+xml/);
    expect(polls).toBe(0);
    await vi.advanceTimersByTimeAsync(SCAN_POLL_INTERVAL_MS);
    await waitFor(() => expect(polls).toBe(1));
    await vi.advanceTimersByTimeAsync(SCAN_POLL_INTERVAL_MS);
    expect((await screen.findByTestId('location')).textContent).toBe('at /system/user');
    expect(polls).toBe(2);
    expect(api.calls.find((call) => call.path === AUTH_PATHS.scanLogin)?.body).toEqual({
      id: '00000000-0000-4000-8000-00000000000a',
    });
  });

  it('offers a new QR code once the old one expired', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let created = 0;
    await renderScan({
      [`POST ${AUTH_PATHS.scanQrcode}`]: () => ({
        body: { id: `00000000-0000-4000-8000-00000000000${++created}`, url: 'x', expires_in: 120 },
      }),
      [`POST ${AUTH_PATHS.scanLogin}`]: refusal(410, {
        code: 'scan_expired',
        message: 'The QR code has expired',
      }),
    });
    await screen.findByRole('img', { name: en.scan.qrAlt });
    await vi.advanceTimersByTimeAsync(SCAN_POLL_INTERVAL_MS);
    expect(await screen.findByText(en.scan.expired)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: en.scan.refresh }));
    expect(await screen.findByRole('img', { name: en.scan.qrAlt })).toBeTruthy();
    expect(created).toBe(2);
  });

  it("opens the messaging app's own QR page in a window, and signs in when this tab's poll is confirmed", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let polls = 0;
    const opened: unknown[][] = [];
    const open = vi.spyOn(window, 'open').mockImplementation((...args) => {
      opened.push(args);
      return null;
    });
    try {
      const page = 'https://open.weixin.qq.com/connect/qrconnect?appid=wx1&state=b#wechat_redirect';
      await renderScan(
        {
          ...session,
          [`POST ${AUTH_PATHS.scanQrcode}`]: {
            body: { id: '00000000-0000-4000-8000-00000000000b', url: page, expires_in: 120 },
          },
          [`POST ${AUTH_PATHS.scanLogin}`]: () =>
            ++polls === 1 ? { status: 202, body: { state: 'pending' } } : { body: { token: testToken() } },
        },
        '/login?redirect=%2Fsystem%2Fuser',
      );
      await userEvent.click(await screen.findByRole('button', { name: en.scan.openPage }));
      expect(screen.queryByRole('img', { name: en.scan.qrAlt })).toBeNull();
      expect(opened[0]?.[0]).toBe(page);
      await vi.advanceTimersByTimeAsync(SCAN_POLL_INTERVAL_MS);
      await waitFor(() => expect(polls).toBe(1));
      await vi.advanceTimersByTimeAsync(SCAN_POLL_INTERVAL_MS);
      expect((await screen.findByTestId('location')).textContent).toBe('at /system/user');
    } finally {
      open.mockRestore();
    }
  });

  it('shows why a scan was refused (the app account is bound to no one) and stops polling', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let polls = 0;
    await renderScan({
      [`POST ${AUTH_PATHS.scanQrcode}`]: {
        body: { id: '00000000-0000-4000-8000-00000000000c', url: 'x', expires_in: 120 },
      },
      [`POST ${AUTH_PATHS.scanLogin}`]: () => {
        polls++;
        return refusal(403, { code: 'scan_not_bound', message: 'This WeChat account is not bound' });
      },
    });
    await screen.findByRole('img', { name: en.scan.qrAlt });
    await vi.advanceTimersByTimeAsync(SCAN_POLL_INTERVAL_MS);
    expect(await screen.findByText('This WeChat account is not bound')).toBeTruthy();
    expect(screen.getByRole('button', { name: en.scan.refresh })).toBeTruthy();
    // Three more intervals: no poll follows the refusal.
    await vi.advanceTimersByTimeAsync(SCAN_POLL_INTERVAL_MS * 3);
    expect(polls).toBe(1);
  });
});

describe('/register', () => {
  async function renderRegister(answers: Answers = {}, language: 'en' | 'zh-TW' = 'en') {
    const view = await renderWithKernel(<RegisterPage />, {
      plugins: [accountPlugin],
      messages: consoleMessages,
      path: '/register',
      language,
      answers: { ...puzzle, ...session, ...answers },
    });
    await screen.findByRole('form', { name: language === 'en' ? en.register.title : zhTW.register.title });
    return view;
  }
  const fill = async (values: Record<string, string>) => {
    for (const [label, value] of Object.entries(values)) {
      await userEvent.type(screen.getByLabelText(label, { selector: 'input' }), value);
    }
  };

  it('links the service agreement (/protocol) and the camera quick-start guide (/ipcfile)', async () => {
    await renderRegister();
    expect(screen.getByRole('link', { name: en.register.protocol }).getAttribute('href')).toBe('/protocol');
    expect(screen.getByRole('link', { name: en.register.ipcfile }).getAttribute('href')).toBe('/ipcfile');
  });

  it.each([
    [
      'checks every field with the rules of spec §5.2 before calling the server',
      {
        [en.sms.phone]: '23912345678',
        [en.sms.code]: '12',
        [en.register.password]: '12345',
        [en.register.confirmPassword]: '123456',
        [en.register.nickname]: 'Bob',
      },
      [
        'Enter a valid mainland phone number',
        'The code is 6 digits',
        'The password must be at least 6 characters',
        'The nickname is 2 to 10 Chinese characters',
      ],
    ],
    [
      "says 'passwords differ' when the confirmation does not match",
      {
        [en.sms.phone]: '13912345678',
        [en.sms.code]: '123456',
        [en.register.password]: 'secret-1',
        [en.register.confirmPassword]: 'secret-2',
      },
      ['The two passwords differ'],
    ],
  ])('%s', async (_rule, values, messages) => {
    const { api } = await renderRegister();
    await fill(values);
    await userEvent.click(screen.getByRole('button', { name: en.register.submit }));
    for (const text of messages) expect(await screen.findByText(text)).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('sends a sign-up code, signs up with the md5 of the password and lands signed in at the company completion', async () => {
    const { api, kernel } = await renderRegister({
      [`POST ${AUTH_PATHS.smsCode}`]: { status: 204 },
      [`POST ${AUTH_PATHS.signup}`]: { body: { token: testToken() } },
      '/v1/pms/user': { body: newcomer },
    });
    await fill({ [en.sms.phone]: '13912345678' });
    await solveCaptcha(2);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await fill({
      [en.sms.code]: '123456',
      [en.register.password]: '123456',
      [en.register.confirmPassword]: '123456',
    });
    await userEvent.click(screen.getByRole('button', { name: en.register.submit }));
    expect((await screen.findByTestId('location')).textContent).toBe('at /login');
    expect(kernel.session.state.status).toBe('no-company');
    expect(api.calls.find((call) => call.path === AUTH_PATHS.smsCode)?.body).toMatchObject({
      purpose: 'signup',
    });
    expect(api.calls.find((call) => call.path === AUTH_PATHS.signup)?.body).toEqual({
      phone: '13912345678',
      sms_code: '123456',
      password: 'e10adc3949ba59abbe56e057f20f883e',
    });
  });

  it('sends the nickname when given and shows the server message of a refusal', async () => {
    const { api } = await renderRegister({
      [`POST ${AUTH_PATHS.signup}`]: refusal(409, {
        code: 'phone_registered',
        message: 'This phone number is already registered',
      }),
    });
    await fill({
      [en.sms.phone]: '13912345678',
      [en.sms.code]: '123456',
      [en.register.password]: '123456',
      [en.register.confirmPassword]: '123456',
      [en.register.nickname]: '小王',
    });
    await userEvent.click(screen.getByRole('button', { name: en.register.submit }));
    expect((await screen.findByRole('alert')).textContent).toBe('This phone number is already registered');
    expect(api.calls.find((call) => call.path === AUTH_PATHS.signup)?.body).toMatchObject({
      nickname: '小王',
    });
  });

  it('speaks Traditional Chinese', async () => {
    await renderRegister({}, 'zh-TW');
    expect(screen.getByRole('button', { name: zhTW.register.submit })).toBeTruthy();
    expect(screen.getByRole('button', { name: zhTW.sms.send })).toBeTruthy();
  });
});

describe('/forgetPwd', () => {
  /** Types the code and the new password, then `confirm` as its repetition, and sends the form. */
  async function submitReset(code: string, password: string, confirm = password) {
    await userEvent.type(screen.getByLabelText(en.sms.code), code);
    await userEvent.type(screen.getByLabelText(en.reset.password, { selector: 'input' }), password);
    await userEvent.type(screen.getByLabelText(en.register.confirmPassword, { selector: 'input' }), confirm);
    await userEvent.click(screen.getByRole('button', { name: en.reset.submit }));
  }

  it('resets the password with a reset code, says so and goes to /login', async () => {
    // The console mounts one Toaster at its root, outside the routes.
    render(<Toaster />);
    const { api } = await renderWithKernel(<ForgetPwdPage />, {
      plugins: [accountPlugin],
      messages: consoleMessages,
      path: '/forgetPwd',
      answers: {
        ...puzzle,
        [`POST ${AUTH_PATHS.smsCode}`]: { status: 204 },
        [`POST ${AUTH_PATHS.resetPassword}`]: { status: 204 },
      },
    });
    await screen.findByRole('form', { name: en.reset.title });
    await userEvent.type(screen.getByLabelText(en.sms.phone), '13912345678');
    await solveCaptcha(4);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await submitReset('654321', 'new-pass');
    expect((await screen.findByTestId('location')).textContent).toBe('at /login');
    expect(await screen.findByText(en.reset.success)).toBeTruthy();
    expect(api.calls.find((call) => call.path === AUTH_PATHS.smsCode)?.body).toMatchObject({
      purpose: 'reset',
    });
    expect(api.calls.find((call) => call.path === AUTH_PATHS.resetPassword)?.body).toEqual({
      phone: '13912345678',
      sms_code: '654321',
      password: createHash('md5').update('new-pass').digest('hex'),
    });
  });

  it("says 'passwords differ' and keeps the user on the page", async () => {
    const { api } = await renderWithKernel(<ForgetPwdPage />, {
      plugins: [accountPlugin],
      messages: consoleMessages,
      path: '/forgetPwd',
    });
    await screen.findByRole('form', { name: en.reset.title });
    await userEvent.type(screen.getByLabelText(en.sms.phone), '13912345678');
    await submitReset('654321', 'new-pass', 'new-pazz');
    expect(await screen.findByText('The two passwords differ')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });
});
