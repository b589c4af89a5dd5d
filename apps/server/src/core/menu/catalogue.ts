import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { menuItems } from './schema.js';
import type { CatalogueRow } from './tree.js';

/**
 * The catalogue changes only through migrations and plugin installs, which happen before the server
 * listens (or with it stopped, `npm run ops -- plugin:install`), so one read per process is enough.
 * Items of removed plugins are not in it.
 */
export class MenuCatalogue {
  private rows: Promise<CatalogueRow[]> | undefined;

  constructor(private readonly db: Db) {}

  all(): Promise<CatalogueRow[]> {
    this.rows ??= this.db
      .select()
      .from(menuItems)
      .where(eq(menuItems.removed, false))
      .orderBy(asc(menuItems.id));
    this.rows.catch(() => {
      this.rows = undefined;
    });
    return this.rows;
  }
}
