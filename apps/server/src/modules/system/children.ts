/**
 * Downstream companies (spec §6, §7.2 GET /children): customer companies the vendor has set under
 * the caller's company (`npm run ops -- company:parent`). Listed with their verification status and
 * size; nothing of theirs beyond that is shown, and no write reaches them from here.
 */
import {
  CHILD_FILTERS,
  CHILD_ORDER_KEYS,
  type ChildCompany,
  type ListPage,
  type ListQuery,
} from '@vap/contracts';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { companyOf, type Permissions } from '../../core/auth/permissions.js';
import type { Db } from '../../core/db/client.js';
import { companies, users } from '../../core/db/schema.js';
import { orderOf, pageOf, whereOf } from '../../core/http/list-sql.js';

const filtersOf = whereOf(CHILD_FILTERS, { name: companies.name, verify_status: companies.verifyStatus });
const sortingOf = orderOf(CHILD_ORDER_KEYS, { created_at: companies.createdAt, name: companies.name });

export class ChildCompanies {
  constructor(private readonly db: Db) {}

  async list(caller: Permissions, request: ListQuery): Promise<ListPage<ChildCompany>> {
    const where = and(eq(companies.parentId, companyOf(caller)), filtersOf(request.wheres));
    const sorting = sortingOf(request.orders);
    const members = this.db
      .select({ companyId: users.companyId, total: sql<number>`count(*)::int`.as('total') })
      .from(users)
      .groupBy(users.companyId)
      .as('members');
    const { items, total } = await pageOf(
      request,
      this.db
        .select({ company: companies, users: members.total })
        .from(companies)
        .leftJoin(members, eq(members.companyId, companies.id))
        .where(where)
        .orderBy(...sorting, asc(companies.id)),
      this.db.select({ total: count() }).from(companies).where(where),
    );
    return {
      items: items.map(({ company, users: total }) => ({
        id: company.id,
        name: company.name,
        title: company.title,
        verify_status: company.verifyStatus,
        users: total ?? 0,
        created_at: company.createdAt.toISOString(),
      })),
      total,
    };
  }
}
