import { PGlite } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migratedPglite } from '../../testing/harness.js';
import { KeptStatements } from './pglite-statements.js';

describe('PGlite statements kept prepared (issue 13 §2)', () => {
  let client: PGlite;
  let kept: KeptStatements;
  beforeEach(async () => {
    client = await PGlite.create({ loadDataDir: await migratedPglite() });
    await client.exec(`
      create table things (
        id serial primary key,
        name text not null unique,
        tags text[] not null default '{}',
        body jsonb,
        made timestamptz not null default now(),
        bytes bytea
      )`);
    kept = new KeptStatements(client, 3);
  });
  afterEach(async () => {
    await client.close();
  });

  const preparedNames = async () =>
    (await client.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map(
      (row) => row.name,
    );

  it('parses a statement with parameters once, however often it runs', async () => {
    for (let i = 0; i < 5; i++) {
      await kept.query('insert into things (name) values ($1)', [`thing ${i}`]);
      await kept.query('select id from things where name = $1', [`thing ${i}`]);
    }
    expect(await preparedNames()).toHaveLength(2);
  });

  it('answers as PGlite answers: values of every type, row modes, affected rows', async () => {
    const values = [
      'a',
      ['x', 'y,z'],
      { deep: [1, null, 'two'] },
      new Date('2026-01-02T03:04:05Z'),
      new Uint8Array([0, 1, 255]),
    ];
    const insert =
      'insert into things (name, tags, body, made, bytes) values ($1, $2, $3, $4, $5) returning *';
    const ours = await kept.query<Record<string, unknown>>(insert, values);
    const theirs = await client.query<Record<string, unknown>>(insert, ['b', ...values.slice(1)]);
    expect({ ...ours.rows[0], id: 0, name: '' }).toEqual({ ...theirs.rows[0], id: 0, name: '' });
    expect({ ...ours, rows: [] }).toEqual({ ...theirs, rows: [] });
    expect(ours.affectedRows).toBe(1);

    const select = 'select name, tags, made from things where name = any($1) order by name';
    const arrays = await kept.query(select, [['a', 'b']], { rowMode: 'array' });
    expect(arrays.rows).toEqual((await client.query(select, [['a', 'b']], { rowMode: 'array' })).rows);
    const update = await kept.query('update things set body = $1 where id > $2', [null, 0]);
    expect(update).toEqual(await client.query('update things set body = $1 where id > $2', [null, 0]));
    expect(update.affectedRows).toBe(2);
  });

  it('refuses as PGlite refuses, with the statement and its values, and the statement stays usable', async () => {
    await kept.query('insert into things (name) values ($1)', ['same']);
    const refused = await kept
      .query('insert into things (name) values ($1)', ['same'])
      .catch((error) => error);
    expect(refused).toMatchObject({
      code: '23505',
      query: 'insert into things (name) values ($1)',
      params: ['same'],
    });
    await kept.query('insert into things (name) values ($1)', ['other']);
    expect((await client.query('select count(*)::int as n from things')).rows).toEqual([{ n: 2 }]);
  });

  it('runs inside a transaction, whose rollback undoes its writes, and never inside another caller’s', async () => {
    let inside!: () => void;
    const holding = new Promise<void>((resolve) => {
      inside = resolve;
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = kept
      .transaction(async (tx) => {
        await tx.query('insert into things (name) values ($1)', ['in the transaction']);
        inside();
        await released;
        throw new Error('roll it back');
      })
      .catch((error: Error) => error.message);
    await holding;
    // Started while the transaction is open: it waits for the transaction's end, and sees its rollback.
    const outside = kept.query('select count(*)::int as n from things where name <> $1', ['']);
    release();
    expect(await transaction).toBe('roll it back');
    expect((await outside).rows).toEqual([{ n: 0 }]);
  });

  it('keeps at most its number of statements, closing the least recently used', async () => {
    for (const id of [1, 2, 3]) await kept.query(`select $1::int + ${id} as n`, [id]);
    await kept.query('select $1::int + 1 as n', [1]);
    await kept.query('select $1::int + 4 as n', [4]);
    expect(await preparedNames()).toHaveLength(3);
    const texts = (await client.query<{ statement: string }>('select statement from pg_prepared_statements'))
      .rows;
    expect(texts.map((row) => row.statement).sort()).toEqual([
      'select $1::int + 1 as n',
      'select $1::int + 3 as n',
      'select $1::int + 4 as n',
    ]);
  });

  it('lets the event loop run before each queued statement, so that what arrives meanwhile queues in turn', async () => {
    const events: string[] = [];
    const queued = [1, 2, 3, 4].map((n) =>
      kept.query('select $1::int as n', [n]).then(() => events.push(`statement ${n}`)),
    );
    setImmediate(() => events.push('event loop'));
    await Promise.all(queued);
    expect(events.indexOf('event loop')).toBeGreaterThanOrEqual(0);
    expect(events.indexOf('event loop')).toBeLessThan(events.indexOf('statement 2'));
  });

  it('parses a statement again when its result columns changed since it was kept', async () => {
    await kept.query('insert into things (name) values ($1)', ['one']);
    expect(
      Object.keys((await kept.query('select * from things where name = $1', ['one'])).rows[0] ?? {}),
    ).not.toContain('extra');
    await client.exec('alter table things add column extra int default 7');
    const again = await kept.query<{ extra: number }>('select * from things where name = $1', ['one']);
    expect(again.rows[0]?.extra).toBe(7);
  });
});
