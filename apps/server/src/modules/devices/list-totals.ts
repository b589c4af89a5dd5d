/**
 * The totals of the device list. Counting a filter over 100,000 devices costs several times a page
 * (PGlite: 5–17 ms against 1–3 ms for page 1; a window count over the page costs 170 ms), so a
 * total is counted once per filter and scope and remembered with the change counters of the
 * scope's companies (`device_versions`) it was counted at. Every page query reads those counters
 * in the same statement (a scalar subquery, no round trip of its own); when they have not moved,
 * the remembered total is exact and no count runs. Every server keeps its own memory and reads the
 * counters from the shared database, so a change made through another server counts again too.
 * A count reads the counters in its own statement too, and is remembered at what it read.
 */
import { inArray, sql } from 'drizzle-orm';
import { deviceVersions } from './schema.js';

/** Filters and scopes remembered per process; the oldest are forgotten first. */
const MAX_ENTRIES = 2000;

/** The sum of the scope's change counters: each only grows, so the sum moves with any of them. */
export const versionOf = (companyIds: readonly unknown[]) =>
  sql<string>`(select coalesce(sum(${deviceVersions.version}), 0)::text from ${deviceVersions} where ${inArray(deviceVersions.companyId, [...companyIds] as number[])})`;

/** Raises a company's change counter (in the transaction of the change). */
export const bumpVersion = (companyId: number) =>
  sql`insert into ${deviceVersions} (company_id, version) values (${companyId}, 1)
      on conflict (company_id) do update set version = ${deviceVersions.version} + 1`;

export class ListTotals {
  private readonly entries = new Map<string, { version: string; total: number }>();

  /** The remembered total of a filter at this version, or undefined. */
  get(key: string, version: string): number | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.version !== version) return undefined;
    // Most recently used last, so that the oldest is the first key.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.total;
  }

  /** The last total of a filter, at whatever version it was counted: a guess, to choose a plan by. */
  peek(key: string): { version: string; total: number } | undefined {
    return this.entries.get(key);
  }

  set(key: string, version: string, total: number) {
    this.entries.delete(key);
    this.entries.set(key, { version, total });
    if (this.entries.size > MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}
