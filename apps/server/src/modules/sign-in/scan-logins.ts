/**
 * Third-party messaging-app scan sign-in: a QR code valid 2 minutes; the app confirms who scanned
 * it (WeChat: its callback; in development: POST …/login_wechat/confirm); the console's poll then
 * gets a token, once. States: pending → confirmed (user bound, 2 more minutes to collect the token)
 * → consumed; or refused when the app account is bound to no user. A signed-in user's `bind` scan
 * binds the app account that scans it to that user instead.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gt, lt, ne } from 'drizzle-orm';
import type { Db } from '../../core/db/client.js';
import { isUniqueViolation } from '../../core/db/errors.js';
import { ApiError } from '../../core/http/errors.js';
import type { RateLimiter } from '../../core/rate-limit/limiter.js';
import { LIMITS, SCAN_TTL_MS } from './limits.js';
import type { ScanLoginProvider } from './providers.js';
import { scanBindings, scanLogins } from './schema.js';

export type ScanPoll = { state: 'pending' } | { state: 'confirmed'; userId: number };

const expired = () => new ApiError(410, 'scan_expired');
const notBound = () => new ApiError(403, 'scan_not_bound');

export class ScanLoginService {
  constructor(
    private readonly db: Db,
    private readonly limiter: RateLimiter,
    private readonly provider: ScanLoginProvider,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** A sign-in QR code; with `bindTo`, a QR code that binds the app account to that user. */
  async create(ip: string, bindTo?: number) {
    if (!(await this.limiter.hit(`scan:ip:${ip}`, LIMITS.scanQrcodesPerIp))) {
      throw new ApiError(429, 'too_many_requests', 'errors.scan_too_frequent');
    }
    const now = this.now();
    await this.db.delete(scanLogins).where(lt(scanLogins.expiresAt, new Date(now - 24 * 60 * 60_000)));
    const id = randomUUID();
    await this.db.insert(scanLogins).values({
      id,
      createdAt: new Date(now),
      expiresAt: new Date(now + SCAN_TTL_MS),
      ...(bindTo === undefined ? {} : { purpose: 'bind', userId: bindTo }),
    });
    const url = this.provider.qrContent(id);
    await this.provider.announce(id, url);
    return { id, url, expires_in: SCAN_TTL_MS / 1000 };
  }

  /**
   * The messaging app's callback for scan `id`: the app account `identify` answers confirmed.
   * A sign-in scan is confirmed for the user bound to that account, or refused (403) when there is
   * none; a bind scan binds the account to its user (409 when another user has it).
   */
  async completeCallback(
    id: string,
    provider: string,
    identify: () => Promise<string>,
  ): Promise<'confirmed' | 'bound'> {
    const row = await this.existing(id);
    // Checked before the app is asked, so that a stale or forged state costs the app no call.
    if (row.state !== 'pending' || row.expiresAt <= new Date(this.now())) throw expired();
    const externalId = await identify();
    if (row.purpose === 'bind' && row.userId !== null) {
      await this.bind(id, provider, externalId, row.userId);
      return 'bound';
    }
    const [binding] = await this.db
      .select({ userId: scanBindings.userId })
      .from(scanBindings)
      .where(and(eq(scanBindings.provider, provider), eq(scanBindings.externalId, externalId)));
    if (binding) {
      await this.confirm(id, binding.userId);
      return 'confirmed';
    }
    // The console's poll learns it too, instead of waiting for the code to expire.
    await this.db
      .update(scanLogins)
      .set({ state: 'refused' })
      .where(and(eq(scanLogins.id, id), eq(scanLogins.state, 'pending')));
    throw notBound();
  }

  private async bind(id: string, provider: string, externalId: string, userId: number): Promise<void> {
    const binding = this.db.transaction(async (tx) => {
      const [owner] = await tx
        .select({ userId: scanBindings.userId })
        .from(scanBindings)
        .where(and(eq(scanBindings.provider, provider), eq(scanBindings.externalId, externalId)));
      if (owner && owner.userId !== userId) throw new ApiError(409, 'scan_account_bound');
      if (!owner) {
        // Binding again replaces the user's earlier app account: one account per user and provider.
        await tx
          .delete(scanBindings)
          .where(
            and(
              eq(scanBindings.provider, provider),
              eq(scanBindings.userId, userId),
              ne(scanBindings.externalId, externalId),
            ),
          );
        await tx.insert(scanBindings).values({ provider, externalId, userId });
      }
      const [used] = await tx
        .update(scanLogins)
        .set({ state: 'consumed' })
        .where(and(eq(scanLogins.id, id), eq(scanLogins.state, 'pending')))
        .returning({ id: scanLogins.id });
      if (!used) throw expired();
    });
    // Another user's bind of the same app account that committed between our read and insert.
    await binding.catch(async (error: unknown) => {
      const taken =
        error instanceof ApiError ? error.code === 'scan_account_bound' : isUniqueViolation(error);
      if (!taken) throw error;
      // The console's poll learns it too, instead of waiting for the code to expire.
      await this.db
        .update(scanLogins)
        .set({ state: 'refused' })
        .where(and(eq(scanLogins.id, id), eq(scanLogins.state, 'pending')));
      throw new ApiError(409, 'scan_account_bound');
    });
  }

  /** Whether `userId` has an app account of `provider` bound. */
  async isBound(provider: string, userId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ userId: scanBindings.userId })
      .from(scanBindings)
      .where(and(eq(scanBindings.provider, provider), eq(scanBindings.userId, userId)));
    return row !== undefined;
  }

  /**
   * How `userId`'s bind scan `id` is doing: pending, or bound; 409 when the app account that
   * scanned is another user's, 410 when expired. Another user's scan is not found, like no scan.
   */
  async bindState(id: string, userId: number): Promise<'pending' | 'bound'> {
    const row = await this.existing(id);
    if (row.purpose !== 'bind' || row.userId !== userId) throw new ApiError(404, 'not_found');
    if (row.state === 'consumed') return 'bound';
    if (row.state === 'refused') throw new ApiError(409, 'scan_account_bound');
    if (row.state === 'pending' && row.expiresAt > new Date(this.now())) return 'pending';
    throw expired();
  }

  /** The messaging app's confirmation: binds the user to a pending, unexpired sign-in scan. */
  async confirm(id: string, userId: number): Promise<void> {
    const now = this.now();
    const [row] = await this.db
      .update(scanLogins)
      .set({ state: 'confirmed', userId, expiresAt: new Date(now + SCAN_TTL_MS) })
      .where(
        and(
          eq(scanLogins.id, id),
          eq(scanLogins.purpose, 'login'),
          eq(scanLogins.state, 'pending'),
          gt(scanLogins.expiresAt, new Date(now)),
        ),
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
      .where(
        and(
          eq(scanLogins.id, id),
          // A bind scan carries its user from the start: polling it must never sign that user in.
          eq(scanLogins.purpose, 'login'),
          eq(scanLogins.state, 'confirmed'),
          gt(scanLogins.expiresAt, now),
        ),
      )
      .returning({ userId: scanLogins.userId });
    if (claimed?.userId != null) return { state: 'confirmed', userId: claimed.userId };
    const row = await this.existing(id);
    if (row.purpose !== 'login') throw new ApiError(404, 'not_found');
    if (row.state === 'refused') throw notBound();
    if (row.state === 'pending' && row.expiresAt > now) return { state: 'pending' };
    throw expired();
  }

  private async existing(id: string) {
    const [row] = await this.db.select().from(scanLogins).where(eq(scanLogins.id, id));
    if (!row) throw new ApiError(404, 'not_found');
    return row;
  }
}
