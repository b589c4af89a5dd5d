/**
 * Closes the terminals whose grant no longer holds (issue 28): a sign-out, a password change
 * elsewhere, the user's removal or a narrowed role close them within GRANT_CHECK_MS. Every such
 * change raises the caller version (core/auth/caller.ts, migration 0011) in the transaction that
 * makes it, in every server sharing the database; so each tick reads that one number, once for all
 * the terminals of this server, and checks their grants again only when it moved, or when a grant
 * was last checked FULL_CHECK_MS ago (a session's expiry, a device moved out of the role's groups
 * raise no version).
 */
import { eq } from 'drizzle-orm';
import { callerVersion } from '../../core/auth/schema.js';
import type { Db } from '../../core/db/client.js';
import type { GrantVerdict, HolderKey, TerminalGrant, TerminalGrants } from './grants.js';

/** How often the caller version is read while terminals are open. */
export const GRANT_CHECK_MS = 2_000;
/** How often each grant is checked whatever the version says. */
export const FULL_CHECK_MS = 60_000;

/** An open terminal, as the watch sees it. */
export interface Watched {
  readonly grant: TerminalGrant;
  end(reason: Exclude<GrantVerdict, 'ok'>): Promise<void>;
}

export interface WatchLog {
  warn(object: object, message: string): void;
}

export class GrantWatch {
  private readonly watched = new Map<
    Watched,
    { holder: HolderKey | undefined; checkedAt: number; first: boolean }
  >();
  private version: number | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running = false;

  constructor(
    private readonly db: Db,
    private readonly grants: TerminalGrants,
    private readonly log: WatchLog,
    private readonly intervalMs = GRANT_CHECK_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Watches a terminal whose grant was just found to hold with `holder`. Its first tick checks it
   * whatever the version: a change made after that check may be in the version this watch read.
   */
  add(terminal: Watched, holder: HolderKey | undefined) {
    this.watched.set(terminal, { holder, checkedAt: this.now(), first: true });
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
  }

  delete(terminal: Watched) {
    this.watched.delete(terminal);
    if (this.watched.size > 0 || !this.timer) return;
    clearInterval(this.timer);
    this.timer = undefined;
  }

  stop() {
    clearInterval(this.timer);
    this.timer = undefined;
    this.watched.clear();
  }

  /** One round: the version, then the grants it may have changed. */
  async tick(): Promise<void> {
    if (this.running || this.watched.size === 0) return;
    this.running = true;
    try {
      const [row] = await this.db
        .select({ version: callerVersion.version })
        .from(callerVersion)
        .where(eq(callerVersion.id, 1));
      const moved = row?.version !== this.version;
      this.version = row?.version;
      const now = this.now();
      await Promise.all(
        [...this.watched].map(async ([terminal, state]) => {
          const full = now - state.checkedAt >= FULL_CHECK_MS;
          if (!moved && !full && !state.first) return;
          state.first = false;
          const { verdict, holder } = await this.grants.check(
            terminal.grant,
            full ? undefined : state.holder,
          );
          if (verdict !== 'ok') {
            this.delete(terminal);
            await terminal.end(verdict);
            return;
          }
          state.holder = holder;
          if (full) state.checkedAt = now;
        }),
      );
    } catch (error) {
      // A database that fails is no reason to cut anyone off: the next tick asks again.
      this.version = undefined;
      this.log.warn({ err: error }, 'terminal grants not checked');
    } finally {
      this.running = false;
    }
  }
}
