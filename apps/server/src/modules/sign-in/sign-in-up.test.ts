import type { SmsPurpose } from '@vap/contracts';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { users } from '../../core/db/schema.js';
import { md5Hex } from '../../seed.js';
import { bearer, ENGINES, TEST_DEMO, type TestApp } from '../../testing/harness.js';
import { advance, nextIp, nextPhone, requestCode, sendCode, useClock } from '../../testing/sign-in.js';
import { blockApp } from '../../testing/suite-app.js';
import { LIMITS, SMS_CODE_MAX_ATTEMPTS } from './limits.js';

const LOGIN_SMS = '/webapi/v0/pms/users/login_sms_code';
const LOGIN_OR_SIGNUP = '/webapi/v0/pms/users/login_or_signup_sms_code';
const SIGNUP = '/webapi/v0/pms/users/signup';
const RESET = '/webapi/v0/pms/users/reset_password';
const LOGIN_PASSWORD = '/webapi/v0/pms/users/login_password';
const USER = '/webapi/v1/pms/user';

/** Another code than `code`, of six digits. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe.each(ENGINES)('SMS sign-in, sign-up and password reset on %s', (engine) => {
  let t: TestApp;
  blockApp(engine, (app) => (t = app));
  afterEach(() => {
    vi.useRealTimers();
  });

  const post = (url: string, payload: object, headers: Record<string, string> = {}, ip = nextIp()) =>
    t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: ip });
  const userInfo = (token: string) => t.app.inject({ method: 'GET', url: USER, headers: bearer(token) });
  /** A code sent to the demo owner's phone for `purpose`. */
  const demoCode = (purpose: SmsPurpose) => sendCode(t.app, TEST_DEMO.account, purpose, nextIp());
  /** The demo owner's SMS sign-in with `code`. */
  const signInWith = (code: string, headers?: Record<string, string>) =>
    post(LOGIN_SMS, { phone: TEST_DEMO.account, sms_code: code }, headers);

  describe('POST /v0/pms/users/login_sms_code', () => {
    it('signs in with the code sent for login and answers a working token', async () => {
      useClock();
      const code = await demoCode('login');
      const response = await signInWith(code);
      expect(response.statusCode).toBe(200);
      const info = await userInfo(response.json().token);
      expect(info.json().phone).toBe(TEST_DEMO.account);
    });

    it('uses a code once: the second sign-in with it is refused', async () => {
      useClock();
      const code = await demoCode('login');
      expect((await signInWith(code)).statusCode).toBe(200);
      const again = await signInWith(code, { 'accept-language': 'en' });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({
        code: 'invalid_sms_code',
        message: 'The verification code is wrong or has expired',
      });
    });

    it('refuses a code after 10 minutes', async () => {
      useClock();
      const code = await demoCode('login');
      advance(10 * 60_000 + 1);
      const response = await signInWith(code);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('invalid_sms_code');
    });

    it(`kills a code after ${SMS_CODE_MAX_ATTEMPTS} wrong tries: the right one no longer works`, async () => {
      useClock();
      const code = await demoCode('login');
      for (let i = 0; i < SMS_CODE_MAX_ATTEMPTS; i++) {
        const response = await signInWith(wrong(code));
        expect(response.json().code).toBe('invalid_sms_code');
      }
      const right = await signInWith(code, { 'accept-language': 'en' });
      expect(right.statusCode).toBe(400);
      expect(right.json()).toEqual({
        code: 'invalid_sms_code',
        message: 'Too many wrong codes: request a new code',
      });
    });

    it('accepts the right code after fewer than 5 wrong tries', async () => {
      useClock();
      const code = await demoCode('login');
      for (let i = 0; i < SMS_CODE_MAX_ATTEMPTS - 1; i++) {
        await signInWith(wrong(code));
      }
      expect((await signInWith(code)).statusCode).toBe(200);
    });

    it('does not take a code sent for another purpose, nor an older code once a new one was sent', async () => {
      useClock();
      const reset = await demoCode('reset');
      expect((await signInWith(reset)).statusCode).toBe(400);
      advance(61_000);
      const first = await demoCode('login');
      advance(61_000);
      const second = await demoCode('login');
      if (first !== second) {
        expect((await signInWith(first)).statusCode).toBe(400);
      }
      expect((await signInWith(second)).statusCode).toBe(200);
    });

    it('answers a phone without a code, and bad input, with 400', async () => {
      const none = await post(LOGIN_SMS, { phone: nextPhone(), sms_code: '123456' });
      expect(none.json().code).toBe('invalid_sms_code');
      const bad = await post(
        LOGIN_SMS,
        { phone: '2380013800', sms_code: '12345' },
        { 'accept-language': 'en' },
      );
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toEqual({
        phone: 'Enter a valid mainland phone number',
        sms_code: 'The code is 6 digits',
      });
    });
  });

  describe('POST /v0/pms/users/login_or_signup_sms_code', () => {
    it('creates a new phone as a user without password and without company, then signs the same user in', async () => {
      useClock();
      const phone = nextPhone();
      const code = await sendCode(t.app, phone, 'login_or_signup', nextIp());
      const response = await post(LOGIN_OR_SIGNUP, { phone, sms_code: code });
      expect(response.statusCode).toBe(200);
      const info = (await userInfo(response.json().token)).json();
      expect(info).toMatchObject({ phone, is_password_empty: true, company: null, menus: {} });
      advance(61_000);
      const again = await post(LOGIN_OR_SIGNUP, {
        phone,
        sms_code: await sendCode(t.app, phone, 'login_or_signup', nextIp()),
      });
      expect((await userInfo(again.json().token)).json().id).toBe(info.id);
      expect(await t.database.db.select().from(users).where(eq(users.phone, phone))).toHaveLength(1);
    });

    it('signs an existing user in', async () => {
      useClock();
      const code = await demoCode('login_or_signup');
      const response = await post(LOGIN_OR_SIGNUP, { phone: TEST_DEMO.account, sms_code: code });
      expect((await userInfo(response.json().token)).json().is_password_empty).toBe(false);
    });
  });

  describe('POST /v0/pms/users/signup', () => {
    it('creates the user with the password and nickname; the password then signs in', async () => {
      const phone = nextPhone();
      const code = await sendCode(t.app, phone, 'signup', nextIp());
      const response = await post(SIGNUP, {
        phone,
        sms_code: code,
        password: md5Hex('new-pass-1'),
        nickname: '新用户',
      });
      expect(response.statusCode).toBe(200);
      const info = (await userInfo(response.json().token)).json();
      expect(info).toMatchObject({ phone, nickname: '新用户', is_password_empty: false, company: null });
      const [row] = await t.database.db.select().from(users).where(eq(users.phone, phone));
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(
        (await post(LOGIN_PASSWORD, { account: phone, password: md5Hex('new-pass-1') })).statusCode,
      ).toBe(200);
    });

    it('refuses a phone registered meanwhile with 409 phone_registered', async () => {
      useClock();
      const phone = nextPhone();
      const code = await sendCode(t.app, phone, 'signup', nextIp());
      advance(61_000);
      const other = await sendCode(t.app, phone, 'login_or_signup', nextIp());
      expect((await post(LOGIN_OR_SIGNUP, { phone, sms_code: other })).statusCode).toBe(200);
      const response = await post(
        SIGNUP,
        { phone, sms_code: code, password: md5Hex('x-pass-1') },
        { 'accept-language': 'en' },
      );
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        code: 'phone_registered',
        message: 'This phone number is already registered',
      });
    });

    it('refuses a plain password and a nickname that is not 2-10 Chinese characters, keeping the code', async () => {
      const phone = nextPhone();
      const code = await sendCode(t.app, phone, 'signup', nextIp());
      const response = await post(
        SIGNUP,
        { phone, sms_code: code, password: 'secret', nickname: 'Bob' },
        { 'accept-language': 'en' },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({
        password: 'The password must be an md5 hex digest',
        nickname: 'The nickname is 2 to 10 Chinese characters',
      });
      expect((await post(SIGNUP, { phone, sms_code: code, password: md5Hex('ok-pass-1') })).statusCode).toBe(
        200,
      );
    });

    it('refuses a wrong code and a code sent for sign-in', async () => {
      const phone = nextPhone();
      const code = await sendCode(t.app, phone, 'login_or_signup', nextIp());
      const response = await post(SIGNUP, { phone, sms_code: code, password: md5Hex('x-pass-1') });
      expect(response.json().code).toBe('invalid_sms_code');
    });
  });

  describe('POST /v0/pms/users/reset_password', () => {
    it('sets the new password (204) and revokes every session of the user', async () => {
      const phone = nextPhone();
      const signup = await post(SIGNUP, {
        phone,
        sms_code: await sendCode(t.app, phone, 'signup', nextIp()),
        password: md5Hex('old-pass-1'),
      });
      const before = signup.json().token as string;
      const other = (await post(LOGIN_PASSWORD, { account: phone, password: md5Hex('old-pass-1') })).json()
        .token;
      useClock();
      const code = await sendCode(t.app, phone, 'reset', nextIp());
      const response = await post(RESET, { phone, sms_code: code, password: md5Hex('new-pass-2') });
      expect(response.statusCode).toBe(204);
      vi.useRealTimers();
      expect((await userInfo(before)).statusCode).toBe(401);
      expect((await userInfo(other)).statusCode).toBe(401);
      expect(
        (await post(LOGIN_PASSWORD, { account: phone, password: md5Hex('old-pass-1') })).statusCode,
      ).toBe(401);
      const fresh = await post(LOGIN_PASSWORD, { account: phone, password: md5Hex('new-pass-2') });
      expect((await userInfo(fresh.json().token)).statusCode).toBe(200);
    });

    it('refuses a wrong code and a reused one, leaving the password as it was', async () => {
      useClock();
      const code = await demoCode('reset');
      const bad = await post(RESET, {
        phone: TEST_DEMO.account,
        sms_code: wrong(code),
        password: md5Hex('hijack-1'),
      });
      expect(bad.json().code).toBe('invalid_sms_code');
      expect(
        (
          await post(RESET, {
            phone: TEST_DEMO.account,
            sms_code: code,
            password: md5Hex(TEST_DEMO.password),
          })
        ).statusCode,
      ).toBe(204);
      const reused = await post(RESET, {
        phone: TEST_DEMO.account,
        sms_code: code,
        password: md5Hex('hijack-1'),
      });
      expect(reused.json().code).toBe('invalid_sms_code');
      vi.useRealTimers();
      await expect(t.signIn()).resolves.toEqual(expect.any(String));
    });

    it('refuses an unknown phone like a wrong code, creating nobody', async () => {
      useClock();
      const phone = nextPhone();
      expect((await requestCode(t.app, phone, 'reset', nextIp())).statusCode).toBe(204);
      const response = await post(RESET, { phone, sms_code: '000000', password: md5Hex('whatever-1') });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('invalid_sms_code');
      expect(await t.database.db.select().from(users).where(eq(users.phone, phone))).toEqual([]);
    });
  });

  describe('failed password sign-ins (POST /v0/pms/users/login_password)', () => {
    const tryPassword = (account: string, password: string, ip: string) =>
      post(LOGIN_PASSWORD, { account, password: md5Hex(password) }, { 'accept-language': 'en' }, ip);

    it(`locks an account after ${LIMITS.signInFailuresPerAccount.max} failures for 15 minutes, even with the right password`, async () => {
      useClock();
      const phone = nextPhone();
      await post(SIGNUP, {
        phone,
        sms_code: await sendCode(t.app, phone, 'signup', nextIp()),
        password: md5Hex('right-1'),
      });
      for (let i = 0; i < LIMITS.signInFailuresPerAccount.max; i++) {
        expect((await tryPassword(phone, 'wrong', nextIp())).statusCode).toBe(401);
      }
      const locked = await tryPassword(phone, 'right-1', nextIp());
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual({
        code: 'too_many_requests',
        message: 'Too many failed sign-ins, please try again in 15 minutes',
      });
      // Other accounts are not affected.
      expect((await tryPassword(TEST_DEMO.account, TEST_DEMO.password, nextIp())).statusCode).toBe(200);
      advance(LIMITS.signInFailuresPerAccount.windowMs);
      expect((await tryPassword(phone, 'right-1', nextIp())).statusCode).toBe(200);
    });

    it('concurrent guesses cannot get past the lock: each attempt is counted before the password is checked', async () => {
      useClock();
      const phone = nextPhone();
      await post(SIGNUP, {
        phone,
        sms_code: await sendCode(t.app, phone, 'signup', nextIp()),
        password: md5Hex('right-2'),
      });
      const max = LIMITS.signInFailuresPerAccount.max;
      const answers = await Promise.all(
        Array.from({ length: max * 3 }, (_, i) =>
          tryPassword(phone, i === max * 3 - 1 ? 'right-2' : 'wrong', nextIp()),
        ),
      );
      const codes = answers.map((answer) => answer.statusCode);
      // At most `max` attempts reached the password check; every other one was refused.
      expect(codes.filter((code) => code !== 429)).toHaveLength(max);
      expect(codes.filter((code) => code === 429)).toHaveLength(max * 2);
    });

    it("a user's phone and e-mail are one account for the lock", async () => {
      useClock();
      const max = LIMITS.signInFailuresPerAccount.max;
      for (let i = 0; i < max; i++) {
        const name = i % 2 === 0 ? TEST_DEMO.account : TEST_DEMO.email;
        expect((await tryPassword(name, 'wrong', nextIp())).statusCode).toBe(401);
      }
      expect((await tryPassword(TEST_DEMO.account, TEST_DEMO.password, nextIp())).statusCode).toBe(429);
      expect((await tryPassword(TEST_DEMO.email, TEST_DEMO.password, nextIp())).statusCode).toBe(429);
      advance(LIMITS.signInFailuresPerAccount.windowMs);
      expect((await tryPassword(TEST_DEMO.email, TEST_DEMO.password, nextIp())).statusCode).toBe(200);
    });

    it('forgets the failures of an account once it signs in', async () => {
      useClock();
      const ip = nextIp();
      for (let round = 0; round < 2; round++) {
        for (let i = 0; i < LIMITS.signInFailuresPerAccount.max - 1; i++) {
          expect((await tryPassword(TEST_DEMO.email, 'wrong', ip)).statusCode).toBe(401);
        }
        expect((await tryPassword(TEST_DEMO.email, TEST_DEMO.password, ip)).statusCode).toBe(200);
      }
    });

    it(`locks an address after ${LIMITS.signInFailuresPerIp.max} failures, whatever the accounts`, async () => {
      useClock();
      const ip = nextIp();
      for (let i = 0; i < LIMITS.signInFailuresPerIp.max; i++) {
        expect((await tryPassword(nextPhone(), 'wrong', ip)).statusCode).toBe(401);
      }
      const locked = await tryPassword(TEST_DEMO.account, TEST_DEMO.password, ip);
      expect(locked.statusCode).toBe(429);
      expect((await tryPassword(TEST_DEMO.account, TEST_DEMO.password, nextIp())).statusCode).toBe(200);
    });
  });
});
