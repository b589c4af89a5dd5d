import { beforeAll, describe, expect, it } from 'vitest';
import { databasePerSuite } from '../../testing/harness.js';
import { LANGUAGES, translate } from '../http/i18n.js';
import { MenuCatalogue } from './catalogue.js';
import type { CatalogueRow } from './tree.js';

describe('the seeded menu catalogue', () => {
  const database = databasePerSuite('pglite');
  let rows: CatalogueRow[];
  beforeAll(async () => {
    rows = await new MenuCatalogue(database().db).all();
  });

  it('titles every item with a locale key translated in the three languages', () => {
    for (const row of rows) {
      expect(row.title).toMatch(row.type === 'btn' ? /^button\.\w+$/ : /^menu\.\w+$/);
      for (const language of LANGUAGES) expect(translate(language, row.title), row.title).not.toBe(row.title);
    }
  });

  it('groups every page, link and button under an existing parent', () => {
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const row of rows.filter((item) => item.parentId !== 0)) {
      const parent = byId.get(row.parentId);
      expect(parent, row.name).toBeDefined();
      if (row.type === 'btn') expect(parent?.type).toBe('page');
      else expect(parent?.type).toBe('dir');
    }
  });

  it('has the dirs the console filters by path: mqtt and voip', () => {
    const dirs = rows.filter((row) => row.type === 'dir').map((row) => row.path);
    expect(dirs).toEqual(expect.arrayContaining(['mqtt', 'voip']));
  });

  it('hides the detail pages reached from other pages', () => {
    const hidden = rows.filter((row) => row.isHidden).map((row) => row.name);
    expect(hidden.sort()).toEqual(['adpkg_design', 'algmall_product_detail', 'video_detail']);
  });
});
