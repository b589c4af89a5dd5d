import { PGlite } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migratedPglite } from '../../testing/harness.js';
import { PgliteAutovacuum } from './pglite-autovacuum.js';
import { PGLITE_EXTENSIONS } from './pglite-extensions.js';

describe('autovacuum on PGlite (issue 30)', () => {
  let client: PGlite;
  let autovacuum: PgliteAutovacuum;
  beforeEach(async () => {
    client = await PGlite.create({ loadDataDir: await migratedPglite(), extensions: PGLITE_EXTENSIONS });
    autovacuum = new PgliteAutovacuum(client);
    // The migrations' own tables, settled first.
    await autovacuum.runOnce();
    await client.exec('create table things (id serial primary key, name text not null)');
  });
  afterEach(async () => {
    await autovacuum.stop();
    await client.close();
  });

  const statsOf = async () =>
    (
      await client.query<{ reltuples: number; relallvisible: number }>(
        `select reltuples, relallvisible from pg_class where relname = 'things'`,
      )
    ).rows[0];
  const insert = (count: number) =>
    client.exec(`insert into things (name) select 'thing ' || g from generate_series(1, ${count}) g`);
  const rename = (count: number) =>
    client.exec(
      `update things set name = name || '.' where id in (select id from things order by id limit ${count})`,
    );

  it('vacuums and analyzes a table once more rows were inserted than the insert threshold: statistics and all-visible pages', async () => {
    await insert(2000);
    expect(await statsOf()).toEqual({ reltuples: -1, relallvisible: 0 });
    expect(await autovacuum.runOnce()).toEqual([{ table: 'public.things', action: 'vacuum analyze' }]);
    const stats = await statsOf();
    expect(stats?.reltuples).toBe(2000);
    expect(stats?.relallvisible).toBeGreaterThan(0);
    expect(await autovacuum.runOnce(), 'nothing left due').toEqual([]);
  });

  it("analyzes past the analyze threshold (50 + 10 % of the rows) alone, as PostgreSQL's settings say", async () => {
    await insert(1000);
    await autovacuum.runOnce();
    await rename(120);
    expect(await autovacuum.runOnce(), '120 changed of 1000: under 150').toEqual([]);
    await rename(100);
    // 220 changed: over 150 to analyze, under 250 dead rows (50 + 20 %) to vacuum.
    expect(await autovacuum.runOnce()).toEqual([{ table: 'public.things', action: 'analyze' }]);
  });

  it('looks again every naptime once started, until stopped', async () => {
    autovacuum.start((error) => {
      throw error;
    }, 50);
    await insert(2000);
    const deadline = Date.now() + 5_000;
    while ((await statsOf())?.reltuples !== 2000 && Date.now() < deadline) {
      await new Promise((wait) => setTimeout(wait, 50));
    }
    expect((await statsOf())?.reltuples).toBe(2000);
    await autovacuum.stop();
    await insert(2000);
    await new Promise((wait) => setTimeout(wait, 200));
    expect((await statsOf())?.reltuples, 'stopped: not analyzed again').toBe(2000);
  });
});
