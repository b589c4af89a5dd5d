/** The company of a cloud-storage call: every one of them needs the company's product flag cbs on. */
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../core/db/client.js';
import { companies } from '../../core/db/schema.js';
import { companyOfCaller } from '../../core/http/access.js';
import { ApiError } from '../../core/http/errors.js';

/** The caller's company, once its product flag cbs is on (0); else 403 `product_disabled`. */
export async function cbsCompanyOf(request: FastifyRequest, db: Db): Promise<number> {
  const companyId = await companyOfCaller(request, db);
  const [company] = await db
    .select({ cbs: companies.cbs })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (company?.cbs !== 0) throw new ApiError(403, 'product_disabled');
  return companyId;
}
