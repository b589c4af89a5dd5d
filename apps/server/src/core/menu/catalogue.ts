import type { UserMenus } from '@vap/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { menuItems } from './schema.js';
import { type CatalogueRow, type MenuGrant, menuTree } from './tree.js';

/** Distinct grants whose trees are kept; a company has a handful of roles, a server a few hundred. */
export const TREE_CACHE_SIZE = 500;

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

/**
 * The catalogue changes only through migrations and plugin installs, which happen before the server
 * listens (or with it stopped, `npm run ops -- plugin:install`), so one read per process is enough.
 * Items of removed plugins are not in it.
 */
export class MenuCatalogue {
  private rows: Promise<CatalogueRow[]> | undefined;
  /**
   * The menu tree of each grant seen lately, keyed by the grant itself. A tree is a function of the
   * catalogue (fixed for the process) and the grant, which the caller query reads from the role on
   * every request: a role edited in this or another server has another key at once, so nothing
   * needs invalidating and no stale tree can be answered. Frozen: every answer shares it.
   */
  private readonly trees = new Map<string, UserMenus>();

  constructor(private readonly db: Db) {}

  all(): Promise<CatalogueRow[]> {
    if (this.rows) return this.rows;
    // `execute()`: a Drizzle query is a thenable that runs again each time it is awaited, so kept
    // as it is it would be read on every call (twice, with the `catch` below).
    const rows = this.db
      .select()
      .from(menuItems)
      .where(eq(menuItems.removed, false))
      .orderBy(asc(menuItems.id))
      .execute();
    this.rows = rows;
    rows.catch(() => {
      if (this.rows === rows) this.rows = undefined;
    });
    return rows;
  }

  /** The menu tree a grant allows (tree.ts), built once per distinct grant. */
  async tree(grant: MenuGrant): Promise<UserMenus> {
    const key = grant === 'all' ? 'all' : JSON.stringify(grant);
    const kept = this.trees.get(key);
    if (kept) return kept;
    const tree = deepFreeze(menuTree(await this.all(), grant));
    // The oldest grant goes first: Map iterates in insertion order.
    if (this.trees.size >= TREE_CACHE_SIZE) this.trees.delete(this.trees.keys().next().value as string);
    this.trees.set(key, tree);
    return tree;
  }
}
