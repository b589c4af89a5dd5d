/**
 * A fixed-window rate limiter on the `rate_limits` table: one row per key and window, counted by
 * an atomic upsert-increment (`insert … on conflict do update … returning`), so concurrent
 * requests on several servers sharing one PostgreSQL never lose a hit. Works the same on PGlite.
 * A module that limits something makes one for all its routes (sign-in, device verification), with
 * keys of its own prefix.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rateLimits } from './schema.js';

/** A fixed-window limit: at most `max` hits per window of `windowMs`. */
export interface Limit {
  /** How many hits a window allows. */
  max: number;
  /** Window length in milliseconds. */
  windowMs: number;
  /**
   * Where windows start, ahead of UTC: windows begin when `(time + offsetMs) % windowMs` is 0. A
   * day of Asia/Shanghai (UTC+8, no summer time) is `dailyLimit`'s.
   */
  offsetMs?: number;
}

const DAY_MS = 24 * 60 * 60_000;
/** Asia/Shanghai is UTC+8 all year: the product's calendar days (spec §9) begin at 16:00 UTC. */
const SHANGHAI_OFFSET_MS = 8 * 60 * 60_000;

/**
 * At most `max` a calendar day in Asia/Shanghai — the daily trial counts of the algorithm mall's
 * detection lab and plate recognition (spec §8 "today's trial count used up").
 */
export const dailyLimit = (max: number): Limit => ({ max, windowMs: DAY_MS, offsetMs: SHANGHAI_OFFSET_MS });

/** Old windows are deleted at most this often, by whichever request comes along. */
const PRUNE_EVERY_MS = 60 * 60_000;
/** Windows older than this are of no use to any limit. */
const KEEP_MS = 2 * 24 * 60 * 60_000;

export class RateLimiter {
  private lastPrune = 0;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = () => Date.now(),
  ) {}

  private windowStart(limit: Limit): Date {
    const now = this.now();
    return new Date(now - ((now + (limit.offsetMs ?? 0)) % limit.windowMs));
  }

  /** Counts one hit; true while the window's count is within the limit (this hit included). */
  async hit(key: string, limit: Limit): Promise<boolean> {
    await this.pruneNowAndThen();
    const [row] = await this.db
      .insert(rateLimits)
      .values({ key, windowStart: this.windowStart(limit), count: 1 })
      .onConflictDoUpdate({
        target: [rateLimits.key, rateLimits.windowStart],
        set: { count: sql`${rateLimits.count} + 1` },
      })
      .returning({ count: rateLimits.count });
    return (row?.count ?? 1) <= limit.max;
  }

  /** Takes back one hit of the current window: an attempt counted ahead that turned out well. */
  async forgive(key: string, limit: Limit): Promise<void> {
    await this.db
      .update(rateLimits)
      .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
      .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, this.windowStart(limit))));
  }

  /** Whether the limit is already used up in the current window, without counting a hit. */
  async exhausted(key: string, limit: Limit): Promise<boolean> {
    return (await this.count(key, limit)) >= limit.max;
  }

  /** The hits counted in the current window (what a daily trial count shows as used). */
  async count(key: string, limit: Limit): Promise<number> {
    const [row] = await this.db
      .select({ count: rateLimits.count })
      .from(rateLimits)
      .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, this.windowStart(limit))));
    return row?.count ?? 0;
  }

  /** Forgets every window of a key (e.g. an account's failures after it signs in). */
  async reset(key: string): Promise<void> {
    await this.db.delete(rateLimits).where(eq(rateLimits.key, key));
  }

  private async pruneNowAndThen() {
    const now = this.now();
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    await this.db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now - KEEP_MS)));
  }
}
