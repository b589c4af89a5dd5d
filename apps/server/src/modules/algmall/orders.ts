/**
 * The company's orders of authorisations (spec §3 Order, page `algmall_order`): a purchase is one
 * transaction that reads the product's price, writes the order and posts its charge to the finance
 * module's ledger — the only way a balance changes, never below zero. The console's request key makes
 * a purchase sent twice one order and one charge. Filters and sort keys arrive checked against
 * `ALGMALL_ORDER_FILTERS` and `ALGMALL_ORDER_ORDER_KEYS` of @vap/contracts and are mapped to columns here.
 */
import {
  ALGMALL_ORDER_FILTERS,
  ALGMALL_ORDER_ORDER_KEYS,
  type AlgmallOrder,
  type BuyBody,
  type ListPage,
  type ListQuery,
  ORDER_EXPORT_MAX_ROWS,
  type Order,
  type Where,
} from '@vap/contracts';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { AuditTrail } from '../../core/audit/recorder.js';
import type { Db } from '../../core/db/client.js';
import { onceByKey } from '../../core/db/once-by-key.js';
import { ApiError } from '../../core/http/errors.js';
import { likePattern, orderOf, pageOf, whereOf } from '../../core/http/list-sql.js';
import { type Ledger, nextNumbered } from '../finance/index.js';
import { algmallOrders as orders, algmallProducts as products } from './schema.js';

/** What is left of an order to authorise devices with. */
const remaining = sql<number>`(${orders.purchased} - ${orders.used} + ${orders.returned})`;

const orderFilters = whereOf(ALGMALL_ORDER_FILTERS, {
  number: ({ v }, param) => sql`${orders.number} ilike ${param(likePattern(v))}`,
  product_id: orders.productId,
  created_at: orders.createdAt,
});

const orderSorting = orderOf(ALGMALL_ORDER_ORDER_KEYS, {
  created_at: orders.createdAt,
  amount: orders.amount,
  remaining,
});

const orderColumns = {
  id: orders.id,
  number: orders.number,
  productId: orders.productId,
  productName: products.name,
  purchased: orders.purchased,
  used: orders.used,
  returned: orders.returned,
  amount: orders.amount,
  createdAt: orders.createdAt,
};
type OrderRow = {
  [K in keyof typeof orderColumns]: (typeof orderColumns)[K]['_']['data'];
};

const toOrder = (row: OrderRow): AlgmallOrder => ({
  id: row.id,
  number: row.number,
  product_id: row.productId,
  product_name: row.productName,
  purchased: row.purchased,
  used: row.used,
  returned: row.returned,
  remaining: row.purchased - row.used + row.returned,
  amount: row.amount,
  created_at: row.createdAt.toISOString(),
});

/** The ledger note of an order's charge: the product's code and how many, words of no one language. */
export const orderChargeNote = (productCode: string, quantity: number) => `${productCode} × ${quantity}`;

export interface OrderQuery {
  wheres: readonly Where[];
  orders: readonly Order[];
}

export class AlgmallOrders {
  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    /** The server's clock: orders are numbered and dated by it, as the ledger dates its entries. */
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Buys `quantity` authorisations of a product for the company at its price now. The order, its
   * ledger charge and the audit entry are written together or not at all: a balance that does not
   * cover it is the ledger's 409 `balance_insufficient`, nothing written. The same `request_id`
   * again answers the first order and charges nothing; sent twice at the same moment, the second
   * waits on the first's unique key and then answers its order.
   */
  async buy(
    companyId: number,
    body: BuyBody,
    operatorId: number | null,
    trail: AuditTrail,
  ): Promise<AlgmallOrder> {
    return onceByKey(
      this.db,
      (db) => this.byRequest(companyId, body.request_id, db),
      async (tx) => {
        const [product] = await tx
          .select({ code: products.code, priceFen: products.priceFen })
          .from(products)
          .where(eq(products.id, body.product_id));
        if (!product) throw new ApiError(404, 'not_found');
        const at = new Date(this.now());
        const { id, number } = await nextNumbered(tx, 'algmall_orders', 'A', at);
        const amount = product.priceFen * body.quantity;
        await tx.insert(orders).values({
          id,
          companyId,
          number,
          productId: body.product_id,
          purchased: body.quantity,
          amount,
          priceFen: product.priceFen,
          requestId: body.request_id,
          createdAt: at,
        });
        await this.ledger.post(
          {
            companyId,
            kind: 'charge',
            product: 'algmall',
            amount: -amount,
            reference: number,
            note: orderChargeNote(product.code, body.quantity),
            operatorId,
          },
          tx,
        );
        const order = await this.one(companyId, id, tx);
        if (!order) throw new Error('order not written');
        await trail.record(tx, {
          action: 'algmall.order.buy',
          target: { type: 'algmall_order', id },
          after: order,
        });
        return order;
      },
    );
  }

  /** A page of the company's orders, newest first unless asked otherwise. */
  async page(companyId: number, query: ListQuery): Promise<ListPage<AlgmallOrder>> {
    const where = this.where(companyId, query.wheres);
    const { items, total } = await pageOf(
      query,
      this.select(this.db)
        .where(where)
        .orderBy(...this.sorting(query.orders)),
      this.db.select({ total: count() }).from(orders).where(where),
    );
    return { items: items.map(toOrder), total };
  }

  /** Every order the filters match; 400 `log_export_too_many_rows` beyond 5000 (spec §5.7, §8). */
  async all(companyId: number, query: OrderQuery): Promise<AlgmallOrder[]> {
    const rows = await this.select(this.db)
      .where(this.where(companyId, query.wheres))
      .orderBy(...this.sorting(query.orders))
      .limit(ORDER_EXPORT_MAX_ROWS + 1);
    if (rows.length > ORDER_EXPORT_MAX_ROWS) throw new ApiError(400, 'log_export_too_many_rows');
    return rows.map(toOrder);
  }

  /** One of the company's orders; undefined for another company's or an unknown one. */
  async one(companyId: number, id: number, db: Db = this.db): Promise<AlgmallOrder | undefined> {
    const [row] = await this.select(db).where(and(eq(orders.companyId, companyId), eq(orders.id, id)));
    return row ? toOrder(row) : undefined;
  }

  private async byRequest(companyId: number, requestId: string, db: Db = this.db) {
    const [row] = await this.select(db).where(
      and(eq(orders.companyId, companyId), eq(orders.requestId, requestId)),
    );
    return row ? toOrder(row) : undefined;
  }

  private select(db: Db) {
    return db.select(orderColumns).from(orders).innerJoin(products, eq(products.id, orders.productId));
  }

  private where(companyId: number, wheres: readonly Where[]) {
    return and(eq(orders.companyId, companyId), orderFilters(wheres));
  }

  private sorting(query: readonly Order[]): SQL[] {
    return [...orderSorting(query), desc(orders.createdAt), desc(orders.id)];
  }
}
