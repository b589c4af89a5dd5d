/**
 * Slider puzzle captchas: created with a rendered picture, the answer kept in `captchas`, solved at
 * most once — a wrong answer uses it up as well — within two minutes, to ±5 px.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../core/db/client.js';
import { ApiError } from '../../core/http/errors.js';
import type { RateLimiter } from '../../core/rate-limit/limiter.js';
import { CAPTCHA_TOLERANCE_PX, CAPTCHA_TTL_MS, LIMITS } from './limits.js';
import type { DevOutbox } from './providers.js';
import { renderPuzzle } from './puzzle.js';
import { captchas } from './schema.js';

export class CaptchaService {
  constructor(
    private readonly db: Db,
    private readonly limiter: RateLimiter,
    /** In development the answers are recorded too, so that e2e tests can solve the puzzle. */
    private readonly outbox: DevOutbox | null,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async create(ip: string) {
    if (!(await this.limiter.hit(`captcha:ip:${ip}`, LIMITS.captchasPerIp))) {
      throw new ApiError(429, 'too_many_requests', 'errors.captcha_too_frequent');
    }
    const { x, ...puzzle } = renderPuzzle();
    const id = randomUUID();
    const now = this.now();
    // Expired captchas are of no use to anyone: drop them as new ones come.
    await this.db.delete(captchas).where(lt(captchas.expiresAt, new Date(now - CAPTCHA_TTL_MS)));
    await this.db
      .insert(captchas)
      .values({ id, answerX: x, createdAt: new Date(now), expiresAt: new Date(now + CAPTCHA_TTL_MS) });
    this.outbox?.record({ to: id, kind: 'captcha', text: `Puzzle captcha ${id}: x = ${x}`, code: String(x) });
    return { id, ...puzzle };
  }

  /** Uses the captcha up and tells whether `x` solved it; unknown, used and expired ones fail. */
  async solve(id: string, x: number): Promise<boolean> {
    const now = new Date(this.now());
    const [row] = await this.db
      .update(captchas)
      .set({ usedAt: now })
      .where(and(eq(captchas.id, id), isNull(captchas.usedAt), gt(captchas.expiresAt, now)))
      .returning({ answerX: captchas.answerX });
    return row !== undefined && Math.abs(row.answerX - x) <= CAPTCHA_TOLERANCE_PX;
  }
}
