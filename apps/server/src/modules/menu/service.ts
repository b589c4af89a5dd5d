import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { menuItems } from '../../db/schema.js';
import type { CatalogueRow } from './tree.js';

/** The catalogue changes only through migrations, so one read per process is enough. */
export class MenuCatalogue {
  private rows: Promise<CatalogueRow[]> | undefined;

  constructor(private readonly db: Db) {}

  all(): Promise<CatalogueRow[]> {
    this.rows ??= this.db.select().from(menuItems).orderBy(asc(menuItems.id));
    this.rows.catch(() => {
      this.rows = undefined;
    });
    return this.rows;
  }
}
