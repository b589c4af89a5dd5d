/**
 * The gate of a product's calls (spec §3): a company's product flag is 0 while the product is on,
 * and every call of a product that is off is refused 403 `product_disabled`, as the console hides
 * its pages.
 */
import type { ProductFlag } from '@vap/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { companyOf, type Permissions } from '../auth/permissions.js';
import type { Db } from '../db/client.js';
import { companies } from '../db/schema.js';
import { permissionsOf } from './access.js';
import { ApiError } from './errors.js';

/** The column of `companies` that holds each product flag. */
const FLAG_COLUMNS = {
  cbs: companies.cbs,
  lvlm_lab: companies.lvlmLab,
  rsrc_mgt: companies.rsrcMgt,
  voip: companies.voip,
} as const satisfies Record<ProductFlag, unknown>;

/**
 * The caller's permissions, once their company's product `flag` is on (0); else 403
 * `product_disabled` (403 `forbidden` for a caller of no company).
 */
export async function productCallerOf(
  request: FastifyRequest,
  db: Db,
  flag: ProductFlag,
): Promise<Permissions> {
  const caller = await permissionsOf(request, db);
  const [company] = await db
    .select({ flag: FLAG_COLUMNS[flag] })
    .from(companies)
    .where(eq(companies.id, companyOf(caller)));
  if (company?.flag !== 0) throw new ApiError(403, 'product_disabled');
  return caller;
}

/** The caller's company, once its product `flag` is on (0); else 403 `product_disabled`. */
export async function productCompanyOf(request: FastifyRequest, db: Db, flag: ProductFlag): Promise<number> {
  return companyOf(await productCallerOf(request, db, flag));
}
