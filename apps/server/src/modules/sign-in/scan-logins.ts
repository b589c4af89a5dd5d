/**
 * Third-party messaging-app scan sign-in: a QR code valid 2 minutes; the app confirms who scanned
 * it (in development: POST …/login_wechat/confirm); the console's poll then gets a token, once.
 * States: pending → confirmed (user bound, 2 more minutes to collect the token) → consumed.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../core/db/client.js';
import { ApiError } from '../../core/http/errors.js';
import { LIMITS, SCAN_TTL_MS } from './limits.js';
import type { ScanLoginProvider } from './providers.js';
import type { RateLimiter } from './rate-limiter.js';
import { scanLogins } from './schema.js';

export type ScanPoll = { state: 'pending' } | { state: 'confirmed'; userId: number };

const expired = () => new ApiError(410, 'scan_expired');

export class ScanLoginService {
  constructor(
    private readonly db: Db,
    private readonly limiter: RateLimiter,
    private readonly provider: ScanLoginProvider,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async create(ip: string) {
    if (!(await this.limiter.hit(`scan:ip:${ip}`, LIMITS.scanQrcodesPerIp))) {
      throw new ApiError(429, 'too_many_requests', 'errors.scan_too_frequent');
    }
    const now = this.now();
    await this.db.delete(scanLogins).where(lt(scanLogins.expiresAt, new Date(now - 24 * 60 * 60_000)));
    const id = randomUUID();
    await this.db
      .insert(scanLogins)
      .values({ id, createdAt: new Date(now), expiresAt: new Date(now + SCAN_TTL_MS) });
    const url = this.provider.qrContent(id);
    await this.provider.announce(id, url);
    return { id, url, expires_in: SCAN_TTL_MS / 1000 };
  }

  /** The messaging app's confirmation: binds the user to a pending, unexpired scan. */
  async confirm(id: string, userId: number): Promise<void> {
    const now = this.now();
    const [row] = await this.db
      .update(scanLogins)
      .set({ state: 'confirmed', userId, expiresAt: new Date(now + SCAN_TTL_MS) })
      .where(
        and(eq(scanLogins.id, id), eq(scanLogins.state, 'pending'), gt(scanLogins.expiresAt, new Date(now))),
      )
      .returning({ id: scanLogins.id });
    if (row) return;
    await this.existing(id);
    throw expired();
  }

  /** Pending, or the confirmed user (once: the scan is consumed); 410 when expired or used. */
  async poll(id: string): Promise<ScanPoll> {
    const now = new Date(this.now());
    const [claimed] = await this.db
      .update(scanLogins)
      .set({ state: 'consumed' })
      .where(and(eq(scanLogins.id, id), eq(scanLogins.state, 'confirmed'), gt(scanLogins.expiresAt, now)))
      .returning({ userId: scanLogins.userId });
    if (claimed?.userId != null) return { state: 'confirmed', userId: claimed.userId };
    const row = await this.existing(id);
    if (row.state === 'pending' && row.expiresAt > now) return { state: 'pending' };
    throw expired();
  }

  private async existing(id: string) {
    const [row] = await this.db.select().from(scanLogins).where(eq(scanLogins.id, id));
    if (!row) throw new ApiError(404, 'not_found');
    return row;
  }
}
