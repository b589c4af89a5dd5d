import { eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ENGINES, TEST_DEMO, type TestApp } from '../../testing/harness.js';
import {
  advance,
  CAPTCHA,
  captcha,
  latestCode,
  nextIp,
  nextPhone,
  outbox,
  requestCode,
  SMS_CODE,
  useClock,
} from '../../testing/sign-in.js';
import { blockApp } from '../../testing/suite-app.js';
import { CAPTCHA_TOLERANCE_PX, LIMITS } from './limits.js';
import { captchas, smsCodes } from './schema.js';

const png = (dataUrl: string) => {
  expect(dataUrl).toMatch(/^data:image\/png;base64,/);
  return PNG.sync.read(Buffer.from(dataUrl.split(',')[1] ?? '', 'base64'));
};

describe.each(ENGINES)('puzzle captcha and SMS codes on %s', (engine) => {
  let t: TestApp;
  blockApp(engine, (app) => (t = app));
  afterEach(() => {
    vi.useRealTimers();
  });

  const send = (payload: object, ip: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: SMS_CODE, payload, remoteAddress: ip, headers });

  describe('POST /v0/pms/puzzle_captcha', () => {
    it('answers a 310x160 background and a 50x50 piece as PNG data URLs, and keeps the answer', async () => {
      const response = await t.app.inject({ method: 'POST', url: CAPTCHA, remoteAddress: nextIp() });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(Object.keys(body).sort()).toEqual(['background', 'height', 'id', 'piece', 'width', 'y']);
      const background = png(body.background);
      const piece = png(body.piece);
      expect([background.width, background.height]).toEqual([310, 160]);
      expect([piece.width, piece.height, body.width, body.height]).toEqual([50, 50, 50, 50]);
      expect(body.y).toBeGreaterThanOrEqual(0);
      expect(body.y + body.height).toBeLessThanOrEqual(160);
      const [row] = await t.database.db.select().from(captchas).where(eq(captchas.id, body.id));
      expect(row?.answerX).toBeGreaterThanOrEqual(0);
      expect(row?.usedAt).toBeNull();
      // Corners of the piece are transparent, its middle opaque: a real cut-out.
      expect(piece.data[3]).toBe(0);
      expect(piece.data[(25 * 50 + 20) * 4 + 3]).toBe(255);
    });

    it('draws a different picture every time', async () => {
      const ip = nextIp();
      const first = (await t.app.inject({ method: 'POST', url: CAPTCHA, remoteAddress: ip })).json();
      const second = (await t.app.inject({ method: 'POST', url: CAPTCHA, remoteAddress: ip })).json();
      expect(first.id).not.toBe(second.id);
      expect(first.background).not.toBe(second.background);
    });

    it(`allows ${LIMITS.captchasPerIp.max} captchas per address in 10 minutes, then answers 429 with a message`, async () => {
      useClock();
      const ip = nextIp();
      for (let i = 0; i < LIMITS.captchasPerIp.max; i++) {
        expect((await t.app.inject({ method: 'POST', url: CAPTCHA, remoteAddress: ip })).statusCode).toBe(
          200,
        );
      }
      const refused = await t.app.inject({
        method: 'POST',
        url: CAPTCHA,
        remoteAddress: ip,
        headers: { 'accept-language': 'en' },
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        code: 'too_many_requests',
        message: 'Too many captchas requested, please try again later',
      });
      // Another address is not affected; the same one may go on in the next window.
      expect((await t.app.inject({ method: 'POST', url: CAPTCHA, remoteAddress: nextIp() })).statusCode).toBe(
        200,
      );
      advance(LIMITS.captchasPerIp.windowMs);
      expect((await t.app.inject({ method: 'POST', url: CAPTCHA, remoteAddress: ip })).statusCode).toBe(200);
    });
  });

  describe('POST /v0/pms/sms_code', () => {
    it('sends a 6-digit code for a solved captcha (204) and stores only its hash', async () => {
      const phone = nextPhone();
      const response = await requestCode(t.app, phone, 'signup', nextIp());
      expect(response.statusCode).toBe(204);
      const code = await latestCode(t.app, phone);
      expect(code).toMatch(/^\d{6}$/);
      const [entry] = await outbox(t.app, phone);
      expect(entry).toMatchObject({ to: phone, kind: 'sms', code, at: expect.any(String) });
      expect(entry?.text).toContain(code);
      const rows = await t.database.db.select().from(smsCodes).where(eq(smsCodes.phone, phone));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(rows[0]?.codeHash).not.toContain(code);
      expect(rows[0]?.purpose).toBe('signup');
    });

    it(`accepts an answer within ±${CAPTCHA_TOLERANCE_PX} px`, async () => {
      const ip = nextIp();
      const solved = await captcha(t.app, ip);
      const response = await send(
        {
          phone: nextPhone(),
          purpose: 'signup',
          captcha_id: solved.id,
          captcha_x: solved.x + CAPTCHA_TOLERANCE_PX,
        },
        ip,
      );
      expect(response.statusCode).toBe(204);
    });

    it('refuses a wrong answer with 400 captcha_failed, and the captcha is used up by it', async () => {
      const ip = nextIp();
      const phone = nextPhone();
      const solved = await captcha(t.app, ip);
      const wrong = await send(
        { phone, purpose: 'signup', captcha_id: solved.id, captcha_x: solved.x + CAPTCHA_TOLERANCE_PX + 1 },
        ip,
        { 'accept-language': 'en' },
      );
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({
        code: 'captcha_failed',
        message: 'Captcha verification failed, please try again',
      });
      const right = await send({ phone, purpose: 'signup', captcha_id: solved.id, captcha_x: solved.x }, ip);
      expect(right.statusCode).toBe(400);
      expect(right.json().code).toBe('captcha_failed');
      expect(await latestCode(t.app, phone)).toBeUndefined();
    });

    it('refuses a captcha used once already', async () => {
      const ip = nextIp();
      const solved = await captcha(t.app, ip);
      const payload = { purpose: 'signup', captcha_id: solved.id, captcha_x: solved.x };
      expect((await send({ ...payload, phone: nextPhone() }, ip)).statusCode).toBe(204);
      const again = await send({ ...payload, phone: nextPhone() }, ip);
      expect(again.statusCode).toBe(400);
      expect(again.json().code).toBe('captcha_failed');
    });

    it('refuses an expired captcha (2 minutes) and an unknown one', async () => {
      useClock();
      const ip = nextIp();
      const solved = await captcha(t.app, ip);
      advance(2 * 60_000 + 1);
      const expired = await send(
        { phone: nextPhone(), purpose: 'signup', captcha_id: solved.id, captcha_x: solved.x },
        ip,
      );
      expect(expired.statusCode).toBe(400);
      expect(expired.json().code).toBe('captcha_failed');
      const unknown = await send(
        { phone: nextPhone(), purpose: 'signup', captcha_id: crypto.randomUUID(), captcha_x: 100 },
        ip,
      );
      expect(unknown.json().code).toBe('captcha_failed');
    });

    it('answers bad input with 400 and a message per field, using no captcha', async () => {
      const ip = nextIp();
      const solved = await captcha(t.app, ip);
      const response = await send(
        { phone: '12345', purpose: 'spam', captcha_id: 'nope', captcha_x: 'left' },
        ip,
        { 'accept-language': 'en' },
      );
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.code).toBe('validation_failed');
      expect(body.fields.phone).toBe('Enter a valid mainland phone number');
      expect(body.fields.captcha_id).toBe('Solve the slider captcha first');
      expect(body.fields.captcha_x).toBe('Solve the slider captcha first');
      expect(body.fields.purpose).toEqual(expect.any(String));
      expect((await send({}, ip)).statusCode).toBe(400);
      const [row] = await t.database.db.select().from(captchas).where(eq(captchas.id, solved.id));
      expect(row?.usedAt).toBeNull();
    });

    it('refuses a second code to the same phone within 60 s (429), and sends one after', async () => {
      useClock();
      const ip = nextIp();
      const phone = nextPhone();
      expect((await requestCode(t.app, phone, 'signup', ip)).statusCode).toBe(204);
      advance(59_000);
      const early = await requestCode(t.app, phone, 'login_or_signup', ip);
      expect(early.statusCode).toBe(429);
      expect(early.json()).toEqual({
        code: 'too_many_requests',
        message: '验证码发送过于频繁，请 60 秒后再试',
      });
      advance(1_001);
      expect((await requestCode(t.app, phone, 'signup', ip)).statusCode).toBe(204);
    });

    it(`sends at most ${LIMITS.smsPerPhonePerDay.max} codes a day to one phone`, async () => {
      useClock();
      const phone = nextPhone();
      for (let i = 0; i < LIMITS.smsPerPhonePerDay.max; i++) {
        expect((await requestCode(t.app, phone, 'signup', nextIp())).statusCode).toBe(204);
        advance(61_000);
      }
      const refused = await requestCode(t.app, phone, 'signup', nextIp());
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe('今日验证码发送次数已达上限，请明天再试');
      advance(24 * 60 * 60_000);
      expect((await requestCode(t.app, phone, 'signup', nextIp())).statusCode).toBe(204);
    });

    it(`sends at most ${LIMITS.smsPerIpPerDay.max} codes a day for one address`, async () => {
      useClock();
      const ip = nextIp();
      for (let i = 0; i < LIMITS.smsPerIpPerDay.max; i++) {
        expect((await requestCode(t.app, nextPhone(), 'signup', ip)).statusCode).toBe(204);
        // Stay within the captcha limit of the address.
        if (i % 20 === 19) advance(LIMITS.captchasPerIp.windowMs);
      }
      const refused = await requestCode(t.app, nextPhone(), 'signup', ip);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe('今日验证码发送次数已达上限，请明天再试');
      expect((await requestCode(t.app, nextPhone(), 'signup', nextIp())).statusCode).toBe(204);
    });

    it('refuses sign-up codes for a registered phone with 409 phone_registered', async () => {
      const response = await requestCode(t.app, TEST_DEMO.account, 'signup', nextIp());
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('phone_registered');
      expect(await latestCode(t.app, TEST_DEMO.account)).toBeUndefined();
    });

    it('answers login and reset codes for an unknown phone like real ones, but sends nothing', async () => {
      useClock();
      const ip = nextIp();
      for (const purpose of ['login', 'reset'] as const) {
        const phone = nextPhone();
        expect((await requestCode(t.app, phone, purpose, ip)).statusCode).toBe(204);
        expect(await outbox(t.app, phone)).toEqual([]);
        // The 60-s rule holds as for a registered phone: nothing tells the two apart.
        expect((await requestCode(t.app, phone, purpose, ip)).statusCode).toBe(429);
      }
    });

    it('sends login and reset codes to a registered phone', async () => {
      useClock();
      for (const purpose of ['login', 'reset'] as const) {
        expect((await requestCode(t.app, TEST_DEMO.account, purpose, nextIp())).statusCode).toBe(204);
        expect(await latestCode(t.app, TEST_DEMO.account)).toMatch(/^\d{6}$/);
        advance(61_000);
      }
    });
  });
});
