/**
 * Failed connects (issue 28), limited as the sign-in limits them (sign-in/limits.ts): in fixed
 * windows, per client id, per user name (an access key's id, which a guesser of its signatures
 * may pair with any client id) and per address; once a count is used up every attempt it covers
 * is refused until the window ends, the right credentials too.
 *
 * An attempt is counted against its client id before its credentials are checked, so that guesses
 * at one device's secret sent at once cannot all pass a count made before any of them. Against
 * its user name and its address only a failure counts: the clients of one access key, and the
 * devices behind one router, rightly connect many at once.
 *
 * The counts live in this node's memory, where taking one costs nothing and no two attempts can
 * take the last one; a failure is also counted in `rate_limits`, which every node shares, and a
 * count used up there is used up here at this node's next failure of it. A guesser spreading over
 * the nodes therefore gets at most one window's allowance more per node. Successful connects touch
 * no database: a fleet of devices reconnecting costs nothing more than before.
 */
import type { MqttLimits } from '../../core/config.js';
import type { Limit, RateLimiter } from '../../core/rate-limit/limiter.js';

export interface ConnectAttempt {
  clientId: string;
  username: string;
  address: string;
}

/** Which count an attempt was refused by, and whether this is its first refusal of the window. */
export interface ConnectBlocked {
  key: string;
  /** The first refusal of this count in its window: the one worth a line in the server's log. */
  first: boolean;
  /** When the window ends and attempts are counted again. */
  until: Date;
}

interface Window {
  start: number;
  count: number;
  blocked: boolean;
}

/** Counts kept in memory at most; beyond, the oldest go (the shared table still has them). */
const KEPT_COUNTS = 100_000;

export class ConnectLimits {
  private readonly windows = new Map<string, Window>();
  private readonly perClient: Limit;
  private readonly perAddress: Limit;

  constructor(
    private readonly limiter: RateLimiter,
    limits: Pick<MqttLimits, 'failuresPerClient' | 'failuresPerAddress' | 'failureWindowMs'>,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.perClient = { max: limits.failuresPerClient, windowMs: limits.failureWindowMs };
    this.perAddress = { max: limits.failuresPerAddress, windowMs: limits.failureWindowMs };
  }

  /** Every count of an attempt: its client id's, its user name's (when another), its address's. */
  private countsOf(attempt: ConnectAttempt): Array<[string, Limit]> {
    const counts: Array<[string, Limit]> = [this.clientCount(attempt)];
    if (attempt.username !== attempt.clientId) counts.push([`mqtt:user:${attempt.username}`, this.perClient]);
    counts.push([`mqtt:ip:${attempt.address}`, this.perAddress]);
    return counts;
  }

  /** The count an attempt takes while its credentials are checked. */
  private clientCount(attempt: ConnectAttempt): [string, Limit] {
    return [`mqtt:client:${attempt.clientId}`, this.perClient];
  }

  private windowStart(limit: Limit): number {
    const now = this.now();
    return now - (now % limit.windowMs);
  }

  /** The count of a key in the current window, made when `create`. */
  private current(key: string, limit: Limit, create: true): Window;
  private current(key: string, limit: Limit, create: false): Window | undefined;
  private current(key: string, limit: Limit, create: boolean): Window | undefined {
    const start = this.windowStart(limit);
    const window = this.windows.get(key);
    if (window && window.start === start) return window;
    if (window) this.windows.delete(key);
    if (!create) return undefined;
    if (this.windows.size >= KEPT_COUNTS) this.makeRoom();
    const fresh = { start, count: 0, blocked: false };
    this.windows.set(key, fresh);
    return fresh;
  }

  private makeRoom() {
    const start = this.windowStart(this.perClient);
    for (const [key, window] of this.windows) if (window.start !== start) this.windows.delete(key);
    // Still full of this window's counts (many addresses guessing at once): the oldest tenth goes.
    let surplus = this.windows.size - KEPT_COUNTS * 0.9;
    for (const key of this.windows.keys()) {
      if (surplus-- <= 0) break;
      this.windows.delete(key);
    }
  }

  /**
   * Checks an attempt against its counts, and counts it against its client id while its
   * credentials are checked; answers the count that refuses it, or null when it may go on (and
   * must end in `failed` or `release`).
   */
  admit(attempt: ConnectAttempt): ConnectBlocked | null {
    for (const [key, limit] of this.countsOf(attempt)) {
      const window = this.current(key, limit, false);
      if (window && window.count >= limit.max) {
        const first = !window.blocked;
        window.blocked = true;
        return { key, first, until: new Date(window.start + limit.windowMs) };
      }
    }
    const [key, limit] = this.clientCount(attempt);
    this.current(key, limit, true).count++;
    return null;
  }

  /** An admitted attempt that was no guess (it connected, or was refused for another reason). */
  release(attempt: ConnectAttempt): void {
    const [key, limit] = this.clientCount(attempt);
    const window = this.current(key, limit, false);
    if (!window) return;
    window.count = Math.max(0, window.count - 1);
    if (window.count === 0 && !window.blocked) this.windows.delete(key);
  }

  /**
   * An admitted attempt whose credentials were wrong: it stays counted against its client id, is
   * counted against its user name and its address, and where every node sees it; a count the
   * nodes together used up is used up here as well.
   */
  async failed(attempt: ConnectAttempt): Promise<void> {
    const counts = this.countsOf(attempt);
    for (const [key, limit] of counts.slice(1)) this.current(key, limit, true).count++;
    await Promise.all(
      counts.map(async ([key, limit]) => {
        if (await this.limiter.hit(key, limit)) return;
        const window = this.current(key, limit, true);
        window.count = Math.max(window.count, limit.max);
      }),
    );
  }
}
