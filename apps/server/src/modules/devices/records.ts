/**
 * Who changes devices, and what every change leaves behind: a binding record (bind, unbind, move,
 * rename; spec §1 device binding records) and an audit entry, both written in the transaction of
 * the change, and a raised change counter of the company (list-totals.ts).
 */
import type { BindAction, BindSource } from '@vap/contracts';
import type { FastifyRequest } from 'fastify';
import { type AuditTrail, auditTrail } from '../../core/audit/recorder.js';
import type { Permissions } from '../../core/auth/permissions.js';
import type { Db } from '../../core/db/client.js';
import { permissionsOf } from '../../core/http/access.js';
import { bumpVersion } from './list-totals.js';
import { bindRecords } from './schema.js';

/** The caller of a device change, and how their changes are recorded. */
export interface Actor {
  caller: Permissions;
  trail: AuditTrail;
  operatorId: number;
  /** The user's nickname (else phone or email), or the access key's id on the open API. */
  operatorName: string;
  source: BindSource;
}

/** The actor of a request: a signed-in user (console) or an access key (open API). */
export async function actorOf(request: FastifyRequest, db: Db, source?: BindSource): Promise<Actor> {
  const caller = await permissionsOf(request, db);
  const user = request.caller?.user;
  return {
    caller,
    trail: auditTrail(request),
    operatorId: caller.userId,
    operatorName: request.accessKey
      ? request.accessKey.id
      : user?.nickname || user?.phone || user?.email || String(caller.userId),
    source: source ?? (request.accessKey ? 'open_api' : 'console'),
  };
}

export interface RecordedChange {
  companyId: number;
  deviceId: number;
  sn: string;
  action: BindAction;
  before?: string;
  after?: string;
}

/** The record of `action` on a device row (its company, id and serial), with what it shows before and after. */
export function changeOf(
  device: { companyId: number; id: number; sn: string },
  action: BindAction,
  shown: { before?: string; after?: string } = {},
): RecordedChange {
  return { companyId: device.companyId, deviceId: device.id, sn: device.sn, action, ...shown };
}

/** Records per statement: 9 parameters each. */
const RECORDS_PER_STATEMENT = 2000;

/**
 * Writes the binding records of changes in the change's transaction, and raises the change counter
 * of each company changed (list-totals.ts): every bind, unbind, move and rename passes here, so the
 * totals of the device list and of the records follow them.
 */
export async function recordChanges(tx: Db, actor: Actor, changes: readonly RecordedChange[]) {
  if (changes.length === 0) return;
  for (const companyId of new Set(changes.map((change) => change.companyId))) {
    await tx.execute(bumpVersion(companyId));
  }
  // A statement per RECORDS_PER_STATEMENT: an import's 10,000 at once would pass the 65,535
  // parameters a statement may carry.
  for (let at = 0; at < changes.length; at += RECORDS_PER_STATEMENT) {
    await tx.insert(bindRecords).values(
      changes.slice(at, at + RECORDS_PER_STATEMENT).map((change) => ({
        companyId: change.companyId,
        deviceId: change.deviceId,
        sn: change.sn,
        action: change.action,
        before: change.before ?? '',
        after: change.after ?? '',
        operatorId: actor.operatorId,
        operatorName: actor.operatorName,
        source: actor.source,
      })),
    );
  }
}
