/**
 * SMS codes (spec §5.2): 6 digits from a secure generator, stored as an HMAC-SHA256 with a
 * server-side pepper (derived from the server secret), single use, valid 10 minutes, dead after 5 wrong
 * tries, one purpose each. Sending needs a solved captcha and stays within the limits of limits.ts.
 *
 * Unknown phones: a code for `login` or `reset` to a phone without an account is answered exactly
 * like a real one (204, same limits, a row is stored) but no SMS goes out, so these calls do not tell
 * who has an account. Sign-up must tell (409 `phone_registered`); it costs a solved captcha and
 * counts against the same daily limits.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { SmsPurpose } from '@vap/contracts';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../core/db/client.js';
import { users } from '../../core/db/schema.js';
import { ApiError } from '../../core/http/errors.js';
import type { RateLimiter } from '../../core/rate-limit/limiter.js';
import type { CaptchaService } from './captcha.js';
import { LIMITS, SMS_CODE_MAX_ATTEMPTS, SMS_CODE_TTL_MS, SMS_RESEND_MS } from './limits.js';
import type { SmsProvider } from './providers.js';
import { smsCodes } from './schema.js';

export interface SmsCodeRequest {
  phone: string;
  purpose: SmsPurpose;
  captchaId: string;
  captchaX: number;
  ip: string;
}

const tooMany = (key: string) => new ApiError(429, 'too_many_requests', key);
const invalidCode = () => new ApiError(400, 'invalid_sms_code');

export class SmsCodeService {
  private readonly pepper: Buffer;

  constructor(
    private readonly db: Db,
    private readonly limiter: RateLimiter,
    private readonly captchas: CaptchaService,
    private readonly provider: SmsProvider,
    serverSecret: string,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.pepper = createHmac('sha256', serverSecret).update('vap sms code pepper v1').digest();
  }

  private hash(phone: string, purpose: SmsPurpose, code: string): string {
    return createHmac('sha256', this.pepper).update(`${phone}:${purpose}:${code}`).digest('hex');
  }

  private async registered(phone: string): Promise<boolean> {
    const [user] = await this.db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
    return user !== undefined;
  }

  /** Checks the captcha, the purpose and the limits, then stores and sends a new code. */
  async request({ phone, purpose, captchaId, captchaX, ip }: SmsCodeRequest): Promise<void> {
    if (!(await this.captchas.solve(captchaId, captchaX))) throw new ApiError(400, 'captcha_failed');
    const registered = await this.registered(phone);
    if (purpose === 'signup' && registered) throw new ApiError(409, 'phone_registered');
    const deliver = registered || purpose === 'signup' || purpose === 'login_or_signup';

    const now = this.now();
    // Exactly 60 s since the last code to this phone (any purpose) …
    const [last] = await this.db
      .select({ createdAt: smsCodes.createdAt })
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, phone), gt(smsCodes.createdAt, new Date(now - SMS_RESEND_MS))))
      .limit(1);
    if (last) throw tooMany('errors.sms_too_frequent');
    // … and, atomically, one per fixed 60-s window, against concurrent requests.
    if (!(await this.limiter.hit(`sms:resend:${phone}`, { max: 1, windowMs: SMS_RESEND_MS }))) {
      throw tooMany('errors.sms_too_frequent');
    }
    if (!(await this.limiter.hit(`sms:ip:${ip}`, LIMITS.smsPerIpPerDay)))
      throw tooMany('errors.sms_daily_limit');
    if (!(await this.limiter.hit(`sms:phone:${phone}`, LIMITS.smsPerPhonePerDay))) {
      throw tooMany('errors.sms_daily_limit');
    }

    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    // A new code replaces the earlier ones of this purpose; old rows go after a day.
    await this.db
      .update(smsCodes)
      .set({ consumedAt: new Date(now) })
      .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose), isNull(smsCodes.consumedAt)));
    await this.db.delete(smsCodes).where(lt(smsCodes.expiresAt, new Date(now - 24 * 60 * 60_000)));
    const [row] = await this.db
      .insert(smsCodes)
      .values({
        phone,
        purpose,
        codeHash: this.hash(phone, purpose, code),
        createdAt: new Date(now),
        expiresAt: new Date(now + SMS_CODE_TTL_MS),
      })
      .returning({ id: smsCodes.id });
    if (!deliver) return;
    try {
      await this.provider.send(phone, code, purpose);
    } catch (error) {
      if (row) await this.db.delete(smsCodes).where(eq(smsCodes.id, row.id));
      throw Object.assign(new ApiError(503, 'service_unavailable'), { cause: error });
    }
  }

  /**
   * Uses the latest code of this phone and purpose up when `code` is right; a wrong code counts one
   * of the 5 tries. Each try is reserved atomically before the comparison, so parallel guesses
   * cannot exceed the 5 either.
   */
  async consume(phone: string, purpose: SmsPurpose, code: string): Promise<void> {
    const now = new Date(this.now());
    const [latest] = await this.db
      .select({ id: smsCodes.id })
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose)))
      .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
      .limit(1);
    if (!latest) throw invalidCode();
    const [reserved] = await this.db
      .update(smsCodes)
      .set({ attempts: sql`${smsCodes.attempts} + 1` })
      .where(
        and(
          eq(smsCodes.id, latest.id),
          isNull(smsCodes.consumedAt),
          gt(smsCodes.expiresAt, now),
          lt(smsCodes.attempts, SMS_CODE_MAX_ATTEMPTS),
        ),
      )
      .returning({ codeHash: smsCodes.codeHash, attempts: smsCodes.attempts });
    if (!reserved) {
      const [dead] = await this.db
        .select({ attempts: smsCodes.attempts, consumedAt: smsCodes.consumedAt })
        .from(smsCodes)
        .where(eq(smsCodes.id, latest.id));
      if (dead && dead.consumedAt === null && dead.attempts >= SMS_CODE_MAX_ATTEMPTS) {
        throw new ApiError(400, 'invalid_sms_code', 'errors.sms_code_exhausted');
      }
      throw invalidCode();
    }
    const expected = Buffer.from(reserved.codeHash, 'hex');
    const given = Buffer.from(this.hash(phone, purpose, code), 'hex');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalidCode();
    const [used] = await this.db
      .update(smsCodes)
      .set({ consumedAt: now })
      .where(and(eq(smsCodes.id, latest.id), isNull(smsCodes.consumedAt)))
      .returning({ id: smsCodes.id });
    if (!used) throw invalidCode();
  }
}
