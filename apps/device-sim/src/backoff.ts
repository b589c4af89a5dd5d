/**
 * The wait before each reconnection attempt: exponential (1 s doubling to 60 s by default) with
 * jitter, so that a fleet that lost the broker at one moment does not come back at one moment.
 */

export interface BackoffOptions {
  /** The first wait, in ms. */
  initialMs: number;
  /** The longest wait, in ms. */
  maxMs: number;
  /**
   * The share of each wait taken off at random: a wait is in [(1 − jitter)·d, d]. Below 0.5 every
   * wait is still longer than the one before, up to the cap.
   */
  jitter: number;
  /** A connection that lasted this long (ms) was stable: the next loss starts again at initialMs. */
  stableMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = {
  initialMs: 1_000,
  maxMs: 60_000,
  jitter: 0.2,
  stableMs: 60_000,
};

export class Backoff {
  private attempt = 0;

  constructor(
    private readonly options: BackoffOptions,
    /** A source in [0, 1): the device's seeded one, so that runs repeat. */
    private readonly random: () => number,
  ) {}

  /** The wait before the next attempt; each call counts one more failed attempt. */
  next(): number {
    const ceiling = Math.min(this.options.initialMs * 2 ** this.attempt, this.options.maxMs);
    // Once at the cap the exponent stops growing, so it never overflows however long the outage.
    if (ceiling < this.options.maxMs) this.attempt += 1;
    return Math.round(ceiling * (1 - this.options.jitter * this.random()));
  }

  reset(): void {
    this.attempt = 0;
  }
}
