import {
  ALGMALL_CALLS,
  ALGMALL_PATHS,
  type ApiErrorBody,
  type ListPage,
  type Product,
  type ProductDetail,
  productInputSchema,
} from '@vap/contracts';
import { asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { companies } from '../../core/db/schema.js';
import { addMember } from '../../testing/accounts.js';
import { bearer, ENGINES, type TestApp } from '../../testing/harness.js';
import { blockApp } from '../../testing/suite-app.js';
import { DEMO_PRODUCTS, seedDemoProducts } from './demo.js';
import { ProductCatalogue } from './products.js';
import { algmallProducts } from './schema.js';
import { type ListParams, listQuery, testProduct } from './test-support.js';

describe.each(ENGINES)('the algorithm mall’s products (spec §1, §2.3) on %s', (engine) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let companyId: number;
  let catalogue: ProductCatalogue;

  blockApp(engine, async (app) => {
    t = app;
    owner = bearer(await t.signIn());
    const [company] = await t.database.db.select({ id: companies.id }).from(companies).limit(1);
    companyId = company?.id ?? 0;
    catalogue = new ProductCatalogue(t.database.db);
  });

  const get = (url: string, headers = owner, language = 'en') =>
    t.app.inject({
      method: 'GET',
      url: `/webapi${url}`,
      headers: { ...headers, 'accept-language': language },
    });
  const list = async (query: ListParams = {}, language = 'en') => {
    const response = await get(`${ALGMALL_PATHS.products}?${listQuery(query)}`, owner, language);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ListPage<Product>>();
  };
  const codes = (page: ListPage<Product>) => page.items.map((item) => item.code);

  it('the demo seeds its products in the three languages, and seeding again changes nothing', async () => {
    const page = await list();
    expect(page.total).toBe(DEMO_PRODUCTS.length);
    expect(codes(page).sort()).toEqual(DEMO_PRODUCTS.map((item) => item.code).sort());
    for (const item of page.items) {
      for (const text of [...Object.values(item.name), ...Object.values(item.summary)]) {
        expect(text.length).toBeGreaterThan(0);
      }
    }
    const trials = page.items.map((item) => item.trial_days);
    expect(trials).toEqual(expect.arrayContaining([7, 15, null]));
    const kinds = new Set(page.items.flatMap((item) => item.kinds));
    expect([...kinds].sort()).toEqual(['ipc', 'nvr']);
    const before = await t.database.db.select().from(algmallProducts).orderBy(asc(algmallProducts.id));

    expect(await seedDemoProducts(t.database.db)).toEqual({
      added: 0,
      updated: 0,
      unchanged: DEMO_PRODUCTS.length,
    });
    expect(await t.database.db.select().from(algmallProducts).orderBy(asc(algmallProducts.id))).toEqual(
      before,
    );
  });

  describe('with products of its own', () => {
    beforeEach(async () => {
      await t.database.db.delete(algmallProducts);
      await catalogue.load(
        [
          testProduct(
            'alpha',
            { en: 'Alpha intrusion', zh: '3 周界' },
            { price_fen: 30_000, kinds: ['ipc', 'nvr'] },
          ),
          testProduct(
            'bravo',
            { en: 'Bravo counting', zh: '2 客流', summary: 'Counts people at the door' },
            { price_fen: 10_000, images: ['https://cdn.example.com/bravo.png', '/objects/bravo-2.png'] },
          ),
          testProduct(
            'charlie',
            { en: 'Charlie helmets', zh: '1 安全帽' },
            { price_fen: 20_000, kinds: ['nvr'] },
          ),
          testProduct(
            'delta',
            { en: 'Delta 100% plates', zh: '4 车牌' },
            { price_fen: 40_000, trial_days: 7 },
          ),
          testProduct('echo', { en: 'Echo smoke_fire', zh: '5 烟火' }, { price_fen: 50_000 }),
        ].map((row) => productInputSchema.parse(row)),
      );
    });

    it('lists them by name in the caller’s language, with their total, a page at a time', async () => {
      const english = await list();
      expect(english.total).toBe(5);
      expect(codes(english)).toEqual(['alpha', 'bravo', 'charlie', 'delta', 'echo']);
      expect(codes(await list({}, 'zh-CN'))).toEqual(['charlie', 'bravo', 'alpha', 'delta', 'echo']);
      expect(codes(await list({}, 'zh-TW'))).toEqual(['charlie', 'bravo', 'alpha', 'delta', 'echo']);

      const second = await list({ page: 2, size: 2 });
      expect(second.total).toBe(5);
      expect(codes(second)).toEqual(['charlie', 'delta']);
      const last = await list({ page: 3, size: 2 });
      expect(codes(last)).toEqual(['echo']);
    });

    it('shows a product as its card: words in every language, the first image as cover, no detail', async () => {
      const page = await list({ wheres: [{ k: 'text', o: 'like', v: 'Bravo' }] });
      expect(page.items).toEqual([
        {
          id: expect.any(Number),
          code: 'bravo',
          name: { 'zh-CN': '2 客流 简', en: 'Bravo counting', 'zh-TW': '2 客流 繁' },
          summary: { 'zh-CN': '摘要 bravo', en: 'Counts people at the door', 'zh-TW': '摘要 bravo' },
          version: '1.0.0',
          kinds: ['ipc'],
          models: [],
          price_fen: 10_000,
          trial_days: null,
          cover: 'https://cdn.example.com/bravo.png',
        },
      ]);
      expect(codes(await list({ wheres: [{ k: 'text', o: 'like', v: 'Alpha' }] }))).toEqual(['alpha']);
      expect((await list({ wheres: [{ k: 'text', o: 'like', v: 'Alpha' }] })).items[0]?.cover).toBeNull();
    });

    it('filters by the device kind a product runs on', async () => {
      expect(codes(await list({ wheres: [{ k: 'kind', o: '=', v: 'nvr' }] }))).toEqual(['alpha', 'charlie']);
      const ipc = await list({ wheres: [{ k: 'kind', o: '=', v: 'ipc' }] });
      expect(codes(ipc)).toEqual(['alpha', 'bravo', 'delta', 'echo']);
      expect(ipc.total).toBe(4);
    });

    it('filters by words of the name or summary in any of the three languages, whatever the caller speaks', async () => {
      const text = (v: string, language = 'en') => list({ wheres: [{ k: 'text', o: 'like', v }] }, language);
      expect(codes(await text('安全帽 简'))).toEqual(['charlie']);
      expect(codes(await text('helmets', 'zh-CN'))).toEqual(['charlie']);
      expect(codes(await text('安全帽 繁'))).toEqual(['charlie']);
      expect(codes(await text('people at'))).toEqual(['bravo']);
      expect(codes(await text('摘要 delta'))).toEqual(['delta']);
      expect(codes(await text('INTRUSION'))).toEqual(['alpha']);
      const both = await text('a', 'en');
      expect(both.total).toBe(5);
      expect(
        codes(
          await list({
            wheres: [
              { k: 'text', o: 'like', v: 'o' },
              { k: 'kind', o: '=', v: 'nvr' },
            ],
          }),
        ),
      ).toEqual(['alpha', 'charlie']);
    });

    it('takes %, _ and \\ in the text literally', async () => {
      const text = (v: string) => list({ wheres: [{ k: 'text', o: 'like', v }] });
      expect(codes(await text('%'))).toEqual(['delta']);
      expect(codes(await text('0%'))).toEqual(['delta']);
      expect(codes(await text('_'))).toEqual(['echo']);
      expect(codes(await text('e_f'))).toEqual(['echo']);
      expect((await text('\\')).total).toBe(0);
    });

    it('orders by price, by name and by when it was loaded, either way', async () => {
      expect(codes(await list({ orders: [{ k: 'price_fen', o: 'asc' }] }))).toEqual([
        'bravo',
        'charlie',
        'alpha',
        'delta',
        'echo',
      ]);
      expect(codes(await list({ orders: [{ k: 'price_fen', o: 'desc' }] }))).toEqual([
        'echo',
        'delta',
        'alpha',
        'charlie',
        'bravo',
      ]);
      expect(codes(await list({ orders: [{ k: 'name', o: 'desc' }] }))).toEqual([
        'echo',
        'delta',
        'charlie',
        'bravo',
        'alpha',
      ]);
      await t.database.db
        .update(algmallProducts)
        .set({ updatedAt: new Date(Date.now() + 60_000) })
        .where(eq(algmallProducts.code, 'charlie'));
      expect(codes(await list({ orders: [{ k: 'updated_at', o: 'desc' }] }))[0]).toBe('charlie');
      expect(codes(await list({ orders: [{ k: 'updated_at', o: 'asc' }] })).at(-1)).toBe('charlie');
    });

    it('refuses a filter or order the list does not have (400)', async () => {
      const response = await get(
        `${ALGMALL_PATHS.products}?${listQuery({ wheres: [{ k: 'code', o: '=', v: 'alpha' }] })}`,
      );
      expect(response.statusCode).toBe(400);
      const kind = await get(
        `${ALGMALL_PATHS.products}?${listQuery({ wheres: [{ k: 'kind', o: '=', v: 'dvr' }] })}`,
      );
      expect(kind.statusCode).toBe(400);
    });

    it('answers one product with its detail and images, and 404 for an id it does not have', async () => {
      const [row] = await t.database.db
        .select({ id: algmallProducts.id })
        .from(algmallProducts)
        .where(eq(algmallProducts.code, 'bravo'));
      const response = await get(ALGMALL_PATHS.product(row?.id ?? 0));
      expect(response.statusCode).toBe(200);
      const detail = response.json<ProductDetail>();
      expect(detail).toMatchObject({
        id: row?.id,
        code: 'bravo',
        detail: { 'zh-CN': '详情', en: 'Detail', 'zh-TW': '詳情' },
        images: ['https://cdn.example.com/bravo.png', '/objects/bravo-2.png'],
        cover: 'https://cdn.example.com/bravo.png',
      });
      expect(Number.isNaN(Date.parse(detail.updated_at))).toBe(false);

      const missing = await get(ALGMALL_PATHS.product(999_999), owner, 'zh-CN');
      expect(missing.statusCode).toBe(404);
      const body = missing.json<ApiErrorBody>();
      expect(body.code).toBe('not_found');
      expect(body.message.length).toBeGreaterThan(0);
    });

    it('answers a member only the pages of their role (403 without it)', async () => {
      const lister = await addMember(t, companyId, { algmall_product_list: [] });
      const [row] = await t.database.db.select({ id: algmallProducts.id }).from(algmallProducts).limit(1);
      expect((await get(`${ALGMALL_CALLS.products.path}?page=1&size=20`, lister.headers)).statusCode).toBe(
        200,
      );
      expect((await get(ALGMALL_PATHS.product(row?.id ?? 0), lister.headers)).statusCode).toBe(403);

      const reader = await addMember(t, companyId, { algmall_product_detail: [] });
      expect((await get(`${ALGMALL_CALLS.products.path}?page=1&size=20`, reader.headers)).statusCode).toBe(
        403,
      );
      expect((await get(ALGMALL_PATHS.product(row?.id ?? 0), reader.headers)).statusCode).toBe(200);
    });
  });
});
