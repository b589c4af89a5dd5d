import { describe, expect, it } from 'vitest';
import { databasePerSuite, statementsDuring } from '../../testing/harness.js';
import { MenuCatalogue, TREE_CACHE_SIZE } from './catalogue.js';
import { menuTree } from './tree.js';

describe('the menu catalogue', () => {
  const database = databasePerSuite('pglite');

  it('reads the catalogue once per process, however often it is asked', async () => {
    const catalogue = new MenuCatalogue(database().db);
    const statements = await statementsDuring(database(), async () => {
      for (let i = 0; i < 3; i++) await catalogue.all();
    });
    expect(statements).toHaveLength(1);
  });

  it('builds the tree of a grant once and answers it, frozen, while the grant stays the same', async () => {
    const catalogue = new MenuCatalogue(database().db);
    const grant = { system_user: ['add'], recharge: [] };
    const tree = await catalogue.tree(grant);
    expect(tree).toEqual(menuTree(await catalogue.all(), grant));
    expect(await catalogue.tree({ ...grant })).toBe(tree);
    expect(Object.isFrozen(tree)).toBe(true);
    const narrowed = await catalogue.tree({ system_user: [], recharge: [] });
    expect(narrowed).not.toBe(tree);
    expect(narrowed).toEqual(menuTree(await catalogue.all(), { system_user: [], recharge: [] }));
    expect(await catalogue.tree('all')).toEqual(menuTree(await catalogue.all(), 'all'));
  });

  it(`keeps the trees of at most ${TREE_CACHE_SIZE} grants, dropping the oldest`, async () => {
    const catalogue = new MenuCatalogue(database().db);
    const first = await catalogue.tree({ recharge: [] });
    // Distinct grants: the same page with ever longer (unknown, so ignored) button lists.
    for (let i = 1; i <= TREE_CACHE_SIZE; i++) {
      await catalogue.tree({ recharge: Array.from({ length: i }, (_, n) => `b${n}`) });
    }
    const again = await catalogue.tree({ recharge: [] });
    expect(again).toEqual(first);
    expect(again).not.toBe(first);
  });
});
