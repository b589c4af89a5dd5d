/**
 * Autovacuum for PGlite, where nothing runs it. PostgreSQL's autovacuum launcher is a process of its
 * own, which a single-user wasm backend never starts: a PGlite table was never analyzed and never
 * vacuumed, so the planner had no statistics (a generic plan of the device list over 100,000 devices
 * sorted them all for each page, 450 ms) and no page was ever marked all-visible (every index-only
 * scan read the table too). Here the server does the launcher's job on PostgreSQL's own rule, with
 * PostgreSQL's own settings: a table is analyzed once more rows changed since its last analysis
 * than `autovacuum_analyze_threshold` + `autovacuum_analyze_scale_factor` × its rows, and vacuumed
 * (and analyzed) past the dead-row and the inserted-row thresholds alike.
 */
import type { PGlite } from '@electric-sql/pglite';

/**
 * How often the statistics are looked at: PostgreSQL's `autovacuum_naptime` is a minute, but its
 * launcher costs nothing to a request; here a look is one statement of about a millisecond, and a
 * fleet imported in bulk is listed at once.
 */
export const AUTOVACUUM_NAPTIME_MS = 10_000;

/** The tables past autovacuum's thresholds, each with what it needs. */
const DUE = `
  select format('%I.%I', s.schemaname, s.relname) as "table",
    s.n_dead_tup > current_setting('autovacuum_vacuum_threshold')::float8
        + current_setting('autovacuum_vacuum_scale_factor')::float8 * greatest(c.reltuples, 0)
      or s.n_ins_since_vacuum > current_setting('autovacuum_vacuum_insert_threshold')::float8
        + current_setting('autovacuum_vacuum_insert_scale_factor')::float8 * greatest(c.reltuples, 0)
      as vacuum,
    s.n_mod_since_analyze > current_setting('autovacuum_analyze_threshold')::float8
        + current_setting('autovacuum_analyze_scale_factor')::float8 * greatest(c.reltuples, 0)
      as analyze
  from pg_stat_user_tables s join pg_class c on c.oid = s.relid`;

export interface Maintained {
  table: string;
  action: 'vacuum analyze' | 'analyze';
}

export class PgliteAutovacuum {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<Maintained[]> | undefined;

  constructor(private readonly client: PGlite) {}

  /** Looks now, then every `naptime` until stopped; a look that fails is told to `onError`, and the next one tries again. */
  start(onError: (error: unknown) => void, naptime = AUTOVACUUM_NAPTIME_MS): void {
    const look = () => void this.runOnce().catch(onError);
    look();
    this.timer = setInterval(look, naptime);
    // A look due never keeps the process alive.
    this.timer.unref();
  }

  /** Stops looking, after the look under way if any (the database is closed next). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /**
   * Vacuums and analyzes every table due, one at a time: each statement waits for PGlite's
   * transaction lock, so that it never runs inside another caller's transaction. Answers what it did.
   */
  runOnce(): Promise<Maintained[]> {
    this.running ??= this.maintain().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async maintain(): Promise<Maintained[]> {
    const done: Maintained[] = [];
    try {
      // A backend hands its counts over at most once a second, when idle; this one is asked to at once.
      await this.client.query('select pg_stat_force_next_flush()');
      const due = await this.client.query<{ table: string; vacuum: boolean; analyze: boolean }>(DUE);
      for (const row of due.rows) {
        if (!row.vacuum && !row.analyze) continue;
        const action = row.vacuum ? 'vacuum analyze' : 'analyze';
        await this.client.exec(`${action} ${row.table}`);
        done.push({ table: row.table, action });
      }
    } catch (error) {
      // A database closed under a look (a test's, or at shutdown) has nothing left to maintain.
      if (!this.client.closed) throw error;
    }
    return done;
  }
}
