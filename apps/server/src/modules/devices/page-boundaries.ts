/**
 * Where the device list's pages start (issue 30): the sort key and id of the row before a page, per
 * list (scope, filters, sort) and remembered with the change counters it was read at, like the
 * totals (list-totals.ts). A page asked by number (spec §3: page and size) then starts from the
 * nearest remembered boundary at or before it — a walk of the sort key's index from that key,
 * rather than past every row before it (page 2000 of 100,000 devices skipped 40,000 index entries).
 * The page's statement reads the counters too; a boundary read at other counters is never used.
 */

/** The row before a page: its sort key as text (exact, microseconds included), and its id. */
export interface Boundary {
  key: string | null;
  id: number;
}

export interface Start {
  /** The offset of the first row after the boundary. */
  offset: number;
  boundary: Boundary;
  version: string;
}

/** Lists remembered per process, and boundaries per list; the oldest are forgotten first. */
const MAX_LISTS = 2000;
const MAX_PER_LIST = 256;

export class PageBoundaries {
  private readonly lists = new Map<string, { version: string; offsets: Map<number, Boundary> }>();

  /** The remembered boundary nearest before `offset` (at most `offset`), if any. */
  nearest(list: string, offset: number): Start | undefined {
    const entry = this.lists.get(list);
    if (!entry) return undefined;
    let best: Start | undefined;
    for (const [at, boundary] of entry.offsets) {
      if (at <= offset && (!best || at > best.offset))
        best = { offset: at, boundary, version: entry.version };
    }
    return best;
  }

  /** Remembers the boundary before the row at `offset`, read at `version` (forgetting other versions'). */
  remember(list: string, version: string, offset: number, boundary: Boundary): void {
    let entry = this.lists.get(list);
    if (entry?.version !== version) entry = { version, offsets: new Map() };
    this.lists.delete(list);
    this.lists.set(list, entry);
    entry.offsets.delete(offset);
    entry.offsets.set(offset, boundary);
    if (entry.offsets.size > MAX_PER_LIST) {
      const oldest = entry.offsets.keys().next().value;
      if (oldest !== undefined) entry.offsets.delete(oldest);
    }
    if (this.lists.size > MAX_LISTS) {
      const oldest = this.lists.keys().next().value;
      if (oldest !== undefined) this.lists.delete(oldest);
    }
  }

  forget(list: string): void {
    this.lists.delete(list);
  }
}
