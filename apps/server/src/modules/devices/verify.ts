/**
 * Device verification (page device_verify): is a serial or a device code a genuine unit of the
 * vendor, and where does it stand — bindable, bound to the caller's company (or a downstream one),
 * or bound elsewhere (the other company is never named). Rate-limited per user, so that the
 * registry cannot be walked through it.
 */
import { isDeviceSerial, type VerifyResult } from '@vap/contracts';
import { eq } from 'drizzle-orm';
import { companyOf, type Permissions } from '../../core/auth/permissions.js';
import type { Db } from '../../core/db/client.js';
import { devices } from '../../core/db/devices.js';
import { companies } from '../../core/db/schema.js';
import { ApiError } from '../../core/http/errors.js';
import type { Limit, RateLimiter } from '../../core/rate-limit/limiter.js';
import { findUnit } from './factory.js';

/** Verifications one user may make per window. */
export const VERIFY_LIMIT: Limit = { max: 30, windowMs: 60_000 };

export class Verification {
  constructor(
    private readonly db: Db,
    private readonly limiter: RateLimiter,
  ) {}

  async verify(caller: Permissions, code: string): Promise<VerifyResult> {
    const companyId = companyOf(caller);
    if (!(await this.limiter.hit(`device-verify:user:${caller.userId}`, VERIFY_LIMIT))) {
      throw new ApiError(429, 'too_many_requests');
    }
    const unit = await findUnit(
      this.db,
      isDeviceSerial(code) ? { sn: code } : { deviceCode: code.toUpperCase() },
    );
    if (!unit) return { genuine: false };
    const [bound] = await this.db
      .select({ companyId: devices.companyId, parentId: companies.parentId })
      .from(devices)
      .innerJoin(companies, eq(companies.id, devices.companyId))
      .where(eq(devices.unitId, unit.id));
    const here = bound !== undefined && (bound.companyId === companyId || bound.parentId === companyId);
    return {
      genuine: true,
      sn: unit.sn,
      model: unit.model,
      kind: unit.kind,
      production_date: unit.productionDate,
      state: bound === undefined ? 'bindable' : here ? 'bound_here' : 'bound_elsewhere',
    };
  }
}
