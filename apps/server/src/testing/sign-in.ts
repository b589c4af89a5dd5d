/** Helpers of the security tests: fresh addresses, phones and days, solved captchas, codes from the outbox. */
import type { DevOutboxEntry, SmsPurpose } from '@vap/contracts';
import type { FastifyInstance } from 'fastify';
import { vi } from 'vitest';

let ipCount = 0;
/** A client address of its own, so that one test's limits never touch another's. */
export const nextIp = () => {
  ipCount++;
  return `10.${Math.floor(ipCount / 250) % 250}.${ipCount % 250}.7`;
};

let phoneCount = 0;
/** A mainland phone number nobody has used yet in this run. */
export const nextPhone = () =>
  `1390${String(Date.now() % 1000).padStart(3, '0')}${String(++phoneCount).padStart(4, '0')}`;

let clocks = 0;
/**
 * A controlled clock, at 02:00 UTC (daily windows never roll over inside a test) of a day of its
 * own: the 60-s and daily limits of one test never meet another's.
 */
export const useClock = () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(Date.UTC(2031, 2, 4, 2) + clocks++ * 3 * 24 * 60 * 60_000));
};
/** Moves the controlled clock on. */
export const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);

export const CAPTCHA = '/webapi/v0/pms/puzzle_captcha';
export const SMS_CODE = '/webapi/v0/pms/sms_code';
export const OUTBOX = '/webapi/dev/outbox';

export async function outbox(app: FastifyInstance, to: string): Promise<DevOutboxEntry[]> {
  const response = await app.inject({ method: 'GET', url: OUTBOX, query: { to } });
  if (response.statusCode !== 200) throw new Error(`outbox: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** A new captcha and its answer (read from the development outbox). */
export async function captcha(app: FastifyInstance, ip: string) {
  const response = await app.inject({ method: 'POST', url: CAPTCHA, remoteAddress: ip });
  if (response.statusCode !== 200) throw new Error(`captcha: ${response.statusCode} ${response.body}`);
  const { id } = response.json<{ id: string }>();
  const [entry] = await outbox(app, id);
  return { id, x: Number(entry?.code) };
}

/** Asks for an SMS code with a freshly solved captcha; answers the response. */
export async function requestCode(app: FastifyInstance, phone: string, purpose: SmsPurpose, ip: string) {
  const solved = await captcha(app, ip);
  return app.inject({
    method: 'POST',
    url: SMS_CODE,
    remoteAddress: ip,
    payload: { phone, purpose, captcha_id: solved.id, captcha_x: solved.x },
  });
}

/** The latest SMS code sent to `phone`, or undefined. */
export async function latestCode(app: FastifyInstance, phone: string): Promise<string | undefined> {
  const [entry] = (await outbox(app, phone)).filter((item) => item.kind === 'sms');
  return entry?.code;
}

/** Requests a code and returns it; fails when none was sent. */
export async function sendCode(app: FastifyInstance, phone: string, purpose: SmsPurpose, ip: string) {
  const response = await requestCode(app, phone, purpose, ip);
  if (response.statusCode !== 204) throw new Error(`sms_code: ${response.statusCode} ${response.body}`);
  const code = await latestCode(app, phone);
  if (!code) throw new Error('no code in the outbox');
  return code;
}
