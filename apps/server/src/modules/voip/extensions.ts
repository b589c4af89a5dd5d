/**
 * A company's SIP extensions (spec §3 extension; issue 33): device phones bound to the company's
 * devices by serial — seen and written by a caller within their group permission, as the devices
 * themselves are — and agent phones. Each is a dial id of the company's SIP domain with its digest
 * credentials (HA1, domain.ts); the password itself is answered once, when the extension is made
 * or its password reset, and never stored. A dial id is the company's once: no two extensions, and
 * no extension and call center, share one.
 */
import { randomInt } from 'node:crypto';
import {
  type ListPage,
  type ListQuery,
  VOIP_EXTENSION_FILTERS,
  VOIP_EXTENSION_ORDER_KEYS,
  VOIP_GENERATED_PASSWORD_LENGTH,
  type VoipAgentPhoneEdit,
  type VoipAgentPhoneForm,
  type VoipCredentials,
  type VoipDevice,
  type VoipDevicePhoneEdit,
  type VoipDevicePhoneForm,
  type VoipExtension,
  type VoipExtensionKind,
} from '@vap/contracts';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AuditTrail } from '../../core/audit/recorder.js';
import { companyOf, type Permissions } from '../../core/auth/permissions.js';
import type { Db } from '../../core/db/client.js';
import { devices } from '../../core/db/devices.js';
import { isUniqueViolation } from '../../core/db/errors.js';
import { writtenRow } from '../../core/db/written-row.js';
import { ApiError } from '../../core/http/errors.js';
import { likePattern, orderOf, whereOf } from '../../core/http/list-sql.js';
import { devicesBySerial, ownDevicesWhere } from '../devices/index.js';
import { digestCredentials, sipDomainOf } from './domain.js';
import type { Registration, Registrations } from './registrations.js';
import { voipExtensions as extensions, voipCallCenterAgents, voipCallCenters } from './schema.js';

export type ExtensionRow = typeof extensions.$inferSelect;

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** A password of letters and digits (spec §5.5) from a uniform random source. */
export function makePassword(length = VOIP_GENERATED_PASSWORD_LENGTH): string {
  let password = '';
  while (password.length < length) password += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  // At least one letter and one digit, so that no phone's keypad entry reads as all digits.
  return /\d/.test(password) && /[a-z]/i.test(password) ? password : makePassword(length);
}

export const extensionFilters = whereOf(VOIP_EXTENSION_FILTERS, {
  dial_id: extensions.dialId,
  display_name: extensions.displayName,
  device_sn: ({ v }, param) => sql`coalesce(${extensions.deviceSn}, '') ilike ${param(likePattern(v))}`,
});
const extensionOrders = orderOf(VOIP_EXTENSION_ORDER_KEYS, {
  created_at: extensions.createdAt,
  dial_id: extensions.dialId,
});

/** The audit snapshot of an extension: what it is, never its credentials. */
const snapshotOf = (row: ExtensionRow) => ({
  id: row.id,
  kind: row.kind,
  dial_id: row.dialId,
  domain: row.domain,
  display_name: row.displayName,
  device_sn: row.deviceSn,
});

/** A transaction-scoped lock of a company's dial ids: a dial id is checked and taken by one writer at once. */
const DIAL_ID_LOCK = 33_0001;
export async function lockDialIds(tx: Db, companyId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${DIAL_ID_LOCK}, ${companyId})`);
}

/** 409 voip_dial_id_taken when an extension or call center of the company (other than `except`) has the dial id. */
export async function refuseTakenDialId(
  tx: Db,
  companyId: number,
  dialId: string,
  except: { callCenterId?: number } = {},
): Promise<void> {
  const [extension] = await tx
    .select({ id: extensions.id })
    .from(extensions)
    .where(and(eq(extensions.companyId, companyId), eq(extensions.dialId, dialId)))
    .limit(1);
  const [center] = await tx
    .select({ id: voipCallCenters.id })
    .from(voipCallCenters)
    .where(
      and(
        eq(voipCallCenters.companyId, companyId),
        eq(voipCallCenters.dialId, dialId),
        except.callCenterId === undefined ? undefined : sql`${voipCallCenters.id} <> ${except.callCenterId}`,
      ),
    )
    .limit(1);
  if (extension || center) throw new ApiError(409, 'voip_dial_id_taken');
}

/** A unique index refusing a dial id another writer took meanwhile: the same 409. */
export const dialIdRace = (error: unknown): never => {
  if (isUniqueViolation(error)) throw new ApiError(409, 'voip_dial_id_taken');
  throw error;
};

const notFound = () => new ApiError(404, 'not_found');

export class VoipExtensions {
  constructor(
    private readonly db: Db,
    private readonly registrations: Registrations,
    private readonly sipDomain: string,
    private readonly sipServer: string | null,
  ) {}

  /** The company's SIP domain. */
  domainOf(companyId: number): string {
    return sipDomainOf(companyId, this.sipDomain);
  }

  /**
   * Which device phones a caller sees: with all-group access every one of the company; else those
   * bound to a device of the company in one of their groups.
   */
  private visible(caller: Permissions, kind: VoipExtensionKind): SQL | undefined {
    const companyId = companyOf(caller);
    const own = and(eq(extensions.companyId, companyId), eq(extensions.kind, kind));
    const { holder } = caller;
    if (kind === 'agent' || holder === 'all' || holder.is_access_all_group) return own;
    return and(
      own,
      sql`exists (select 1 from ${devices} where ${devices.companyId} = ${extensions.companyId} and ${devices.sn} = ${extensions.deviceSn} and ${ownDevicesWhere(caller)})`,
    );
  }

  /** The API shape of extension rows, with their registrations and (agents) call centers. */
  async toExtensions(
    rows: readonly (ExtensionRow & { deviceName?: string | null })[],
  ): Promise<VoipExtension[]> {
    const registration = await this.registrations.of(rows);
    const agentIds = rows.filter((row) => row.kind === 'agent').map((row) => row.id);
    const centers =
      agentIds.length === 0
        ? []
        : await this.db
            .select({
              extensionId: voipCallCenterAgents.extensionId,
              id: voipCallCenters.id,
              dial_id: voipCallCenters.dialId,
              name: voipCallCenters.name,
            })
            .from(voipCallCenterAgents)
            .innerJoin(voipCallCenters, eq(voipCallCenters.id, voipCallCenterAgents.callCenterId))
            .where(inArray(voipCallCenterAgents.extensionId, agentIds))
            .orderBy(asc(voipCallCenters.name), asc(voipCallCenters.id));
    return rows.map((row) => toExtension(row, registration(row), centers));
  }

  /** A page of the caller's extensions of a kind. */
  async page(
    caller: Permissions,
    kind: VoipExtensionKind,
    query: ListQuery,
  ): Promise<ListPage<VoipExtension>> {
    const where = and(this.visible(caller, kind), extensionFilters(query.wheres));
    const [rows, [counted]] = await Promise.all([
      this.db
        .select({ row: extensions, deviceName: devices.name })
        .from(extensions)
        .leftJoin(
          devices,
          and(eq(devices.companyId, extensions.companyId), eq(devices.sn, extensions.deviceSn)),
        )
        .where(where)
        .orderBy(...extensionOrders(query.orders), desc(extensions.createdAt), desc(extensions.id))
        .limit(query.size)
        .offset((query.page - 1) * query.size),
      this.db.select({ total: count() }).from(extensions).where(where),
    ]);
    return {
      items: await this.toExtensions(rows.map(({ row, deviceName }) => ({ ...row, deviceName }))),
      total: counted?.total ?? 0,
    };
  }

  /** One extension of a kind the caller sees, else 404. */
  private async row(caller: Permissions, kind: VoipExtensionKind, id: number, tx: Db = this.db) {
    const [row] = await tx
      .select()
      .from(extensions)
      .where(and(eq(extensions.id, id), this.visible(caller, kind)));
    if (!row) throw notFound();
    return row;
  }

  private async one(id: number): Promise<VoipExtension> {
    const [found] = await this.db
      .select({ row: extensions, deviceName: devices.name })
      .from(extensions)
      .leftJoin(
        devices,
        and(eq(devices.companyId, extensions.companyId), eq(devices.sn, extensions.deviceSn)),
      )
      .where(eq(extensions.id, id));
    if (!found) throw notFound();
    const [extension] = await this.toExtensions([{ ...found.row, deviceName: found.deviceName }]);
    if (!extension) throw notFound();
    return extension;
  }

  /** The serial of a device of the caller's company within their groups, else 404 device_unknown. */
  async deviceOf(caller: Permissions, sn: string, tx: Db = this.db): Promise<string> {
    const [device] = await tx
      .select({ sn: devices.sn })
      .from(devices)
      .where(and(eq(devices.sn, sn), ownDevicesWhere(caller)))
      .limit(1);
    if (!device) throw new ApiError(404, 'device_unknown');
    return device.sn;
  }

  /** A page of the devices a device phone may be bound to. */
  devices(caller: Permissions, query: ListQuery, filters: SQL | undefined): Promise<ListPage<VoipDevice>> {
    const rows = this.db
      .select({ id: devices.id, sn: devices.sn, name: devices.name })
      .from(devices)
      .$dynamic();
    return devicesBySerial(this.db, rows, and(ownDevicesWhere(caller), filters), query);
  }

  /** Adds an extension; its password (given, or made up) is answered this once. */
  async create(
    caller: Permissions,
    kind: VoipExtensionKind,
    form: VoipDevicePhoneForm | VoipAgentPhoneForm,
    trail: AuditTrail,
  ): Promise<VoipCredentials> {
    const companyId = companyOf(caller);
    const domain = this.domainOf(companyId);
    const password = form.password ?? makePassword();
    const dialId = form.dial_id;
    const id = await this.db
      .transaction(async (tx) => {
        const deviceSn =
          kind === 'device' ? await this.deviceOf(caller, (form as VoipDevicePhoneForm).device_sn, tx) : null;
        await lockDialIds(tx, companyId);
        await refuseTakenDialId(tx, companyId, dialId);
        const row = await writtenRow(
          tx
            .insert(extensions)
            .values({
              companyId,
              kind,
              dialId,
              domain,
              displayName: form.display_name ?? '',
              deviceSn,
              ...digestCredentials(dialId, domain, password),
            })
            .returning(),
          'insert returned no row',
        );
        await trail.record(tx, {
          action: 'voip.extension.create',
          target: { type: 'voip_extension', id: row.id },
          after: snapshotOf(row),
        });
        return row.id;
      })
      .catch(dialIdRace);
    return { extension: await this.one(id), password, server: this.sipServer };
  }

  /** Edits an extension's device (a device phone's) and display name. */
  async update(
    caller: Permissions,
    kind: VoipExtensionKind,
    id: number,
    form: VoipDevicePhoneEdit | VoipAgentPhoneEdit,
    trail: AuditTrail,
  ): Promise<VoipExtension> {
    await this.db.transaction(async (tx) => {
      const before = await this.row(caller, kind, id, tx);
      const deviceSn =
        kind === 'device' ? await this.deviceOf(caller, (form as VoipDevicePhoneEdit).device_sn, tx) : null;
      const [after] = await tx
        .update(extensions)
        .set({ displayName: form.display_name ?? '', deviceSn, updatedAt: new Date() })
        .where(eq(extensions.id, before.id))
        .returning();
      if (!after) throw notFound();
      await trail.record(tx, {
        action: 'voip.extension.update',
        target: { type: 'voip_extension', id },
        before: snapshotOf(before),
        after: snapshotOf(after),
      });
    });
    return this.one(id);
  }

  /** Sets an extension's password (given, or made up), answered this once. */
  async resetPassword(
    caller: Permissions,
    kind: VoipExtensionKind,
    id: number,
    given: string | undefined,
    trail: AuditTrail,
  ): Promise<VoipCredentials> {
    const password = given ?? makePassword();
    await this.db.transaction(async (tx) => {
      const row = await this.row(caller, kind, id, tx);
      // The credentials are made for the company's domain of today.
      const domain = this.domainOf(row.companyId);
      await tx
        .update(extensions)
        .set({ domain, ...digestCredentials(row.dialId, domain, password), updatedAt: new Date() })
        .where(eq(extensions.id, row.id));
      await trail.record(tx, {
        action: 'voip.extension.password',
        target: { type: 'voip_extension', id },
        before: snapshotOf(row),
        after: snapshotOf({ ...row, domain }),
      });
    });
    return { extension: await this.one(id), password, server: this.sipServer };
  }

  /** Deletes an extension: it leaves its call centers, and can no longer register. */
  async delete(caller: Permissions, kind: VoipExtensionKind, id: number, trail: AuditTrail): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await this.row(caller, kind, id, tx);
      await tx.delete(extensions).where(eq(extensions.id, row.id));
      await trail.record(tx, {
        action: 'voip.extension.delete',
        target: { type: 'voip_extension', id },
        before: snapshotOf(row),
      });
    });
  }
}

/** An extension row as the API answers it. */
export function toExtension(
  row: ExtensionRow & { deviceName?: string | null },
  registration: Registration,
  centers: readonly { extensionId: number; id: number; dial_id: string; name: string }[],
): VoipExtension {
  return {
    ...snapshotOf(row),
    device_name: row.deviceName ?? null,
    status: registration.status,
    ip: registration.ip,
    ua: registration.ua,
    call_centers: centers
      .filter((center) => center.extensionId === row.id)
      .map(({ id, dial_id, name }) => ({ id, dial_id, name })),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
