/**
 * Downstream companies (spec §6, §7.2 GET /children): customer companies the vendor has set under
 * the caller's company (`npm run ops -- company:parent`). Listed with their verification status and
 * size; nothing of theirs beyond that is shown, and no write reaches them from here.
 */
import type { ChildCompany, ListPage, ListQuery } from '@vap/contracts';
import { and, asc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import { companyOf, type Permissions } from '../../core/auth/permissions.js';
import type { Db } from '../../core/db/client.js';
import { companies, users } from '../../core/db/schema.js';
import { likePattern, sqlOrders } from '../../core/http/list-query.js';

const ORDER_COLUMNS = { created_at: companies.createdAt, name: companies.name } as const;

export class ChildCompanies {
  constructor(private readonly db: Db) {}

  async list(caller: Permissions, request: ListQuery): Promise<ListPage<ChildCompany>> {
    const where = and(
      eq(companies.parentId, companyOf(caller)),
      ...request.wheres.map((filter): SQL | undefined => {
        switch (filter.k) {
          case 'name':
            return ilike(companies.name, likePattern(filter.v as string));
          case 'verify_status':
            return eq(companies.verifyStatus, filter.v as number);
          default:
            // checkWheres lets no other key through.
            throw new Error(`filter ${filter.k} is not mapped`);
        }
      }),
    );
    const sorting = sqlOrders(request.orders, ORDER_COLUMNS);
    const members = this.db
      .select({ companyId: users.companyId, total: sql<number>`count(*)::int`.as('total') })
      .from(users)
      .groupBy(users.companyId)
      .as('members');
    const rows = await this.db
      .select({ company: companies, users: members.total })
      .from(companies)
      .leftJoin(members, eq(members.companyId, companies.id))
      .where(where)
      .orderBy(...sorting, asc(companies.id))
      .limit(request.size)
      .offset((request.page - 1) * request.size);
    const [counted] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(companies)
      .where(where);
    return {
      items: rows.map(({ company, users: total }) => ({
        id: company.id,
        name: company.name,
        title: company.title,
        verify_status: company.verifyStatus,
        users: total ?? 0,
        created_at: company.createdAt.toISOString(),
      })),
      total: counted?.total ?? 0,
    };
  }
}
