/**
 * The open device manager (spec §2.1 /open-pages/device-manager, §8; issue 16): a public page a
 * company embeds in its own portal, by a link signed with one of its access keys. The link shows
 * the key's devices — those of its groups, or all with all-group access — read-only. A link past
 * its `expires` is `link_expired`; one whose signature does not verify, whose key is unknown,
 * disabled or expired, or valid further ahead than DEVICE_MANAGER_MAX_DAYS, is `link_invalid`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  accessKeyIdPattern,
  DEVICE_MANAGER_MAX_DAYS,
  type deviceManagerQuerySchema,
  deviceManagerStringToSign,
  type ListPage,
  type OpenDevice,
  OWNER_ROLE_ID,
} from '@vap/contracts';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Permissions } from '../../core/auth/permissions.js';
import type { SecretBox } from '../../core/crypto/secret-box.js';
import type { Db } from '../../core/db/client.js';
import { users } from '../../core/db/schema.js';
import { ApiError } from '../../core/http/errors.js';
import type { Devices } from '../devices/index.js';
import { accessKeys } from './schema.js';

const HEX_SIGNATURE = /^[0-9a-f]{64}$/;
const UNIX_SECONDS = /^\d{1,12}$/;
const DAY_MS = 86_400_000;

type Query = z.output<typeof deviceManagerQuerySchema>;

const invalid = () => new ApiError(403, 'link_invalid');

export class DeviceManager {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly devices: Pick<Devices, 'list'>,
    private readonly now: () => number = Date.now,
  ) {}

  /** A page of the link's key's devices, once the link is verified. */
  async page(query: Query): Promise<ListPage<OpenDevice>> {
    const caller = await this.verify(query);
    const page = await this.devices.list(caller, {
      page: query.page,
      size: query.size,
      wheres: [],
      orders: [],
    });
    return {
      total: page.total,
      items: page.items.map((device) => ({
        sn: device.sn,
        name: device.name,
        model: device.model,
        firmware_version: device.firmware_version,
        hardware_version: device.hardware_version,
        status: device.status,
        last_online_at: device.last_online_at,
        group_name: device.group_name,
      })),
    };
  }

  /** The device scope of a valid link: its key's company and groups. */
  private async verify({ key_id: keyId, expires, signature }: Query): Promise<Permissions> {
    const lower = signature.toLowerCase();
    if (!accessKeyIdPattern.test(keyId) || !UNIX_SECONDS.test(expires) || !HEX_SIGNATURE.test(lower))
      throw invalid();
    const [key] = await this.db.select().from(accessKeys).where(eq(accessKeys.id, keyId));
    const secret = key ? this.box.open(key.secretSealed, key.id) : null;
    if (!key || secret === null) throw invalid();
    const expected = createHmac('sha256', secret).update(deviceManagerStringToSign(keyId, expires)).digest();
    if (!timingSafeEqual(expected, Buffer.from(lower, 'hex'))) throw invalid();
    const now = this.now();
    const until = Number(expires) * 1000;
    if (until > now + DEVICE_MANAGER_MAX_DAYS * DAY_MS) throw invalid();
    if (until <= now) throw new ApiError(403, 'link_expired');
    if (key.disabled || key.expiresAt.getTime() <= now) throw invalid();
    const [owner] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, key.companyId), eq(users.roleId, OWNER_ROLE_ID)))
      .limit(1);
    if (!owner) throw invalid();
    return {
      userId: owner.id,
      companyId: key.companyId,
      roleId: OWNER_ROLE_ID,
      holder: {
        menus: { device_maintenance: [] },
        is_access_all_group: key.isAccessAllGroup,
        group_ids: key.groupIds,
      },
    };
  }
}
