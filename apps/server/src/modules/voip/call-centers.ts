/**
 * A company's call centers (spec §3 call center, §5.5; issue 33): a dial id whose calls the SIP
 * server rings to its agents — agent phones of the same company, in order — by a strategy, each
 * agent for the ring timeout, the whole call for at most the max wait (0: unlimited), an agent kept
 * out of the rotation for a delay after a no-answer, a busy and a reject.
 */
import {
  type ListPage,
  type ListQuery,
  VOIP_CALL_CENTER_FILTERS,
  VOIP_CALL_CENTER_ORDER_KEYS,
  type VoipAgent,
  type VoipCallCenter,
  type VoipCallCenterForm,
} from '@vap/contracts';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { AuditTrail } from '../../core/audit/recorder.js';
import type { Db } from '../../core/db/client.js';
import { writtenRow } from '../../core/db/written-row.js';
import { ApiError } from '../../core/http/errors.js';
import { orderOf, whereOf } from '../../core/http/list-sql.js';
import { dialIdRace, lockDialIds, refuseTakenDialId } from './extensions.js';
import type { Registrations } from './registrations.js';
import { voipCallCenterAgents as agents, voipCallCenters as centers, voipExtensions } from './schema.js';

type CenterRow = typeof centers.$inferSelect;

const centerFilters = whereOf(VOIP_CALL_CENTER_FILTERS, { dial_id: centers.dialId, name: centers.name });
const centerOrders = orderOf(VOIP_CALL_CENTER_ORDER_KEYS, {
  created_at: centers.createdAt,
  dial_id: centers.dialId,
  name: centers.name,
});

/** The columns of a call center as the form gives them. */
const valuesOf = (form: ReturnType<typeof formOf>) => ({
  dialId: form.dial_id,
  name: form.name,
  strategy: form.strategy,
  maxWait: form.max_wait,
  ringTimeout: form.ring_timeout,
  delayNoAnswer: form.delay_no_answer,
  delayBusy: form.delay_busy,
  delayReject: form.delay_reject,
});
const formOf = (form: VoipCallCenterForm) => ({ ...form, agents: form.agents ?? [] });

const notFound = () => new ApiError(404, 'not_found');

export class VoipCallCenters {
  constructor(
    private readonly db: Db,
    private readonly registrations: Registrations,
  ) {}

  /** The API shape of call center rows, with their agents in order and the agents' status. */
  private async toCenters(rows: readonly CenterRow[]): Promise<VoipCallCenter[]> {
    const ids = rows.map((row) => row.id);
    const members =
      ids.length === 0
        ? []
        : await this.db
            .select({
              callCenterId: agents.callCenterId,
              id: voipExtensions.id,
              dialId: voipExtensions.dialId,
              domain: voipExtensions.domain,
              displayName: voipExtensions.displayName,
            })
            .from(agents)
            .innerJoin(voipExtensions, eq(voipExtensions.id, agents.extensionId))
            .where(inArray(agents.callCenterId, ids))
            .orderBy(asc(agents.position));
    const registration = await this.registrations.of(members);
    return rows.map((row) => ({
      id: row.id,
      dial_id: row.dialId,
      name: row.name,
      strategy: row.strategy as VoipCallCenter['strategy'],
      max_wait: row.maxWait,
      ring_timeout: row.ringTimeout,
      delay_no_answer: row.delayNoAnswer,
      delay_busy: row.delayBusy,
      delay_reject: row.delayReject,
      agents: members
        .filter((member) => member.callCenterId === row.id)
        .map(
          (member): VoipAgent => ({
            id: member.id,
            dial_id: member.dialId,
            display_name: member.displayName,
            status: registration(member).status,
          }),
        ),
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    }));
  }

  async page(companyId: number, query: ListQuery): Promise<ListPage<VoipCallCenter>> {
    const where = and(eq(centers.companyId, companyId), centerFilters(query.wheres));
    const [rows, [counted]] = await Promise.all([
      this.db
        .select()
        .from(centers)
        .where(where)
        .orderBy(...centerOrders(query.orders), desc(centers.createdAt), desc(centers.id))
        .limit(query.size)
        .offset((query.page - 1) * query.size),
      this.db.select({ total: count() }).from(centers).where(where),
    ]);
    return { items: await this.toCenters(rows), total: counted?.total ?? 0 };
  }

  private async one(id: number): Promise<VoipCallCenter> {
    const [row] = await this.db.select().from(centers).where(eq(centers.id, id));
    if (!row) throw notFound();
    const [center] = await this.toCenters([row]);
    if (!center) throw notFound();
    return center;
  }

  /** Every agent is an agent phone of the company, else 400 voip_agent_unknown. */
  private async checkAgents(tx: Db, companyId: number, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    const found = await tx
      .select({ id: voipExtensions.id })
      .from(voipExtensions)
      .where(
        and(
          eq(voipExtensions.companyId, companyId),
          eq(voipExtensions.kind, 'agent'),
          inArray(voipExtensions.id, [...ids]),
        ),
      );
    if (found.length !== new Set(ids).size) throw new ApiError(400, 'voip_agent_unknown');
  }

  private async setAgents(tx: Db, callCenterId: number, ids: readonly number[]): Promise<void> {
    await tx.delete(agents).where(eq(agents.callCenterId, callCenterId));
    if (ids.length > 0)
      await tx
        .insert(agents)
        .values(ids.map((extensionId, position) => ({ callCenterId, extensionId, position })));
  }

  private async agentIds(tx: Db, callCenterId: number): Promise<number[]> {
    const rows = await tx
      .select({ id: agents.extensionId })
      .from(agents)
      .where(eq(agents.callCenterId, callCenterId))
      .orderBy(asc(agents.position));
    return rows.map((row) => row.id);
  }

  async create(companyId: number, given: VoipCallCenterForm, trail: AuditTrail): Promise<VoipCallCenter> {
    const form = formOf(given);
    const id = await this.db
      .transaction(async (tx) => {
        await lockDialIds(tx, companyId);
        await refuseTakenDialId(tx, companyId, form.dial_id);
        await this.checkAgents(tx, companyId, form.agents);
        const row = await writtenRow(
          tx
            .insert(centers)
            .values({ companyId, ...valuesOf(form) })
            .returning(),
          'insert returned no row',
        );
        await this.setAgents(tx, row.id, form.agents);
        await trail.record(tx, {
          action: 'voip.call_center.create',
          target: { type: 'voip_call_center', id: row.id },
          after: { ...row, agents: form.agents },
        });
        return row.id;
      })
      .catch(dialIdRace);
    return this.one(id);
  }

  async update(
    companyId: number,
    id: number,
    given: VoipCallCenterForm,
    trail: AuditTrail,
  ): Promise<VoipCallCenter> {
    const form = formOf(given);
    await this.db
      .transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(centers)
          .where(and(eq(centers.id, id), eq(centers.companyId, companyId)));
        if (!before) throw notFound();
        await lockDialIds(tx, companyId);
        if (form.dial_id !== before.dialId)
          await refuseTakenDialId(tx, companyId, form.dial_id, { callCenterId: id });
        await this.checkAgents(tx, companyId, form.agents);
        const beforeAgents = await this.agentIds(tx, id);
        const [after] = await tx
          .update(centers)
          .set({ ...valuesOf(form), updatedAt: new Date() })
          .where(eq(centers.id, id))
          .returning();
        await this.setAgents(tx, id, form.agents);
        await trail.record(tx, {
          action: 'voip.call_center.update',
          target: { type: 'voip_call_center', id },
          before: { ...before, agents: beforeAgents },
          after: { ...after, agents: form.agents },
        });
      })
      .catch(dialIdRace);
    return this.one(id);
  }

  async delete(companyId: number, id: number, trail: AuditTrail): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [before] = await tx
        .delete(centers)
        .where(and(eq(centers.id, id), eq(centers.companyId, companyId)))
        .returning();
      if (!before) throw notFound();
      await trail.record(tx, {
        action: 'voip.call_center.delete',
        target: { type: 'voip_call_center', id },
        before,
      });
    });
  }
}
