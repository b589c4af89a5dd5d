/** The menu catalogue's table (catalogue.ts). */
import type { MenuItemType } from '@vap/contracts';
import { boolean, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

/** The server's menu catalogue of spec §2.3, seeded by migration. */
export const menuItems = pgTable(
  'menu_items',
  {
    id: integer('id').primaryKey(),
    /** 0 for top-level items. */
    parentId: integer('parent_id').notNull().default(0),
    name: text('name').notNull(),
    type: text('type').$type<MenuItemType>().notNull(),
    path: text('path').notNull().default(''),
    title: text('title').notNull().default(''),
    icon: text('icon').notNull().default(''),
    isHidden: boolean('is_hidden').notNull().default(false),
    isDisable: boolean('is_disable').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    /** The console plugin that installed the item from its manifest; '' for the built-in catalogue. */
    plugin: text('plugin').notNull().default(''),
    /**
     * The plugin was removed: the item leaves every menu but keeps its id, which the plugin's next
     * install takes again (role grants are kept by name and apply again then).
     */
    removed: boolean('removed').notNull().default(false),
  },
  (table) => [uniqueIndex('menu_items_parent_name').on(table.parentId, table.name)],
);
