import { truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { JSON_MAX_DEPTH, PRODUCTS_FILE_MAX_ROWS, type ProductInput } from '@vap/contracts';
import { asc } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { databasePerSuite, ENGINES } from '../../testing/harness.js';
import { opsRunner } from '../../testing/ops.js';
import { scratchDir } from '../../testing/scratch-dir.js';
import { DEMO_PRODUCTS } from './demo.js';
import { algmallCommands } from './ops.js';
import { PRODUCTS_FILE_MAX_BYTES } from './products-file.js';
import { algmallProducts } from './schema.js';

const row = (code: string, rest: Partial<ProductInput> = {}): ProductInput => ({
  code,
  name: { 'zh-CN': `算法 ${code}`, en: `Algorithm ${code}`, 'zh-TW': `演算法 ${code}` },
  summary: { 'zh-CN': '摘要', en: 'Summary', 'zh-TW': '摘要' },
  detail: { 'zh-CN': '详情', en: 'Detail', 'zh-TW': '詳情' },
  version: '1.0.0',
  kinds: ['ipc'],
  price_fen: 9_900,
  trial_days: 7,
  ...rest,
});

describe.each(ENGINES)('algmall:products (npm run ops) on %s', (engine) => {
  const database = databasePerSuite(engine);
  const dir = scratchDir('vap-algmall-ops-');
  const run = opsRunner(algmallCommands, database);
  let files = 0;

  /** Writes `content` (JSON unless a string) to a new file of the scratch directory. */
  const file = async (content: unknown) => {
    const path = join(dir(), `products-${++files}.json`);
    await writeFile(path, typeof content === 'string' ? content : JSON.stringify(content));
    return path;
  };
  const stored = () => database().db.select().from(algmallProducts).orderBy(asc(algmallProducts.code));

  beforeEach(async () => {
    await database().db.delete(algmallProducts);
  });

  it('loads every row of a good file, and the same file again changes nothing', async () => {
    const path = await file([row('alpha', { images: ['https://cdn.example.com/a.png'] }), row('bravo')]);
    expect(await run('algmall:products', [path])).toBe('2 products loaded: 2 added, 0 updated, 0 unchanged.');
    const first = await stored();
    expect(first.map((product) => [product.code, product.name.en, product.images, product.models])).toEqual([
      ['alpha', 'Algorithm alpha', ['https://cdn.example.com/a.png'], []],
      ['bravo', 'Algorithm bravo', [], []],
    ]);

    expect(await run('algmall:products', [path])).toBe('2 products loaded: 0 added, 0 updated, 2 unchanged.');
    expect(await stored()).toEqual(first);
  });

  it('updates a product whose row changed, keeps its id, and leaves the others as they were', async () => {
    await run('algmall:products', [await file([row('alpha'), row('bravo')])]);
    const [alpha, bravo] = await stored();
    const changed = await file([
      row('alpha', { price_fen: 12_900, kinds: ['ipc', 'nvr'], trial_days: null }),
      row('bravo'),
      row('charlie'),
    ]);
    expect(await run('algmall:products', [changed])).toBe(
      '3 products loaded: 1 added, 1 updated, 1 unchanged.',
    );
    const [alphaAfter, bravoAfter, charlie] = await stored();
    expect(alphaAfter).toMatchObject({
      id: alpha?.id,
      priceFen: 12_900,
      kinds: ['ipc', 'nvr'],
      trialDays: null,
    });
    expect(alphaAfter?.updatedAt.getTime()).toBeGreaterThanOrEqual(alpha?.updatedAt.getTime() ?? 0);
    expect(bravoAfter).toEqual(bravo);
    expect(charlie?.code).toBe('charlie');
  });

  it('reports each bad row by its index, its code and what is wrong, and loads the good ones', async () => {
    const path = await file([
      row('alpha'),
      row('bravo', { price_fen: -1 }),
      { ...row('charlie'), name: { 'zh-CN': '名称', en: 'Name' } },
      'not a product',
      row('Bad Code'),
      row('alpha', { price_fen: 1 }),
      row('delta', { kinds: ['dvr' as 'ipc'] }),
      row('echo'),
    ]);
    const failure = await run('algmall:products', [path]).then(
      () => undefined,
      (error: Error) => error.message,
    );
    expect(failure?.split('\n')).toEqual([
      '2 products loaded: 2 added, 0 updated, 0 unchanged.',
      '6 rows refused:',
      expect.stringMatching(/^ {2}row 1 \(bravo\): price_fen: .+$/),
      expect.stringMatching(/^ {2}row 2 \(charlie\): name\.zh-TW: .+$/),
      expect.stringMatching(/^ {2}row 3: row: .+$/),
      expect.stringMatching(/^ {2}row 4 \(Bad Code\): code: .+$/),
      '  row 5 (alpha): code: also the code of row 0',
      expect.stringMatching(/^ {2}row 6 \(delta\): kinds\.0: .+$/),
    ]);
    expect((await stored()).map((product) => [product.code, product.priceFen])).toEqual([
      ['alpha', 9_900],
      ['echo', 9_900],
    ]);
  });

  describe('refuses a file that is no products file whole, and nothing stored changes', () => {
    beforeEach(async () => {
      await run('algmall:products', [await file([row('alpha'), row('bravo')])]);
    });

    const refusedWith = async (path: string, message: RegExp) => {
      const before = await stored();
      await expect(run('algmall:products', [path])).rejects.toThrow(message);
      expect(await stored()).toEqual(before);
    };

    it('one larger than the bound, unread', async () => {
      const path = join(dir(), 'huge.json');
      await writeFile(path, '');
      // Sparse: the bound is checked without writing its 32 MB.
      await truncate(path, PRODUCTS_FILE_MAX_BYTES + 1);
      await refusedWith(path, /is larger than 33554432 bytes/);
    });

    it('one that is not JSON, or not a list', async () => {
      await refusedWith(await file('[{"code": "alpha",'), /is not JSON/);
      await refusedWith(await file({ products: [row('charlie')] }), /is not a JSON list of products/);
    });

    it('one nested deeper than JSON_MAX_DEPTH, before parsing it', async () => {
      const deep = `[${'['.repeat(JSON_MAX_DEPTH)}${']'.repeat(JSON_MAX_DEPTH)}]`;
      await refusedWith(await file(deep), /nests too deeply/);
      await refusedWith(await file('['.repeat(100_000)), /nests too deeply/);
    });

    it(`one of more than ${PRODUCTS_FILE_MAX_ROWS} rows`, async () => {
      const rows = Array.from({ length: PRODUCTS_FILE_MAX_ROWS + 1 }, (_, index) => row(`p${index}`));
      await refusedWith(await file(rows), new RegExp(`holds ${PRODUCTS_FILE_MAX_ROWS + 1} products`));
    });

    it('a file that does not exist, or no file named', async () => {
      await refusedWith(join(dir(), 'missing.json'), /Cannot read .*missing\.json: ENOENT/);
      await expect(run('algmall:products', [])).rejects.toThrow('Give the path of one products file');
      await expect(run('algmall:products', ['a.json', 'b.json'])).rejects.toThrow(
        'Give the path of one products file',
      );
    });
  });

  it(`loads a file of ${PRODUCTS_FILE_MAX_ROWS} rows in one go`, async () => {
    const rows = Array.from({ length: PRODUCTS_FILE_MAX_ROWS }, (_, index) => row(`p${index}`));
    expect(await run('algmall:products', [await file(rows)])).toBe(
      `${PRODUCTS_FILE_MAX_ROWS} products loaded: ${PRODUCTS_FILE_MAX_ROWS} added, 0 updated, 0 unchanged.`,
    );
  });

  it('loads the demo’s products as a products file', async () => {
    expect(await run('algmall:products', [await file(DEMO_PRODUCTS)])).toBe(
      `${DEMO_PRODUCTS.length} products loaded: ${DEMO_PRODUCTS.length} added, 0 updated, 0 unchanged.`,
    );
  });
});
