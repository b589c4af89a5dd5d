/**
 * Operator commands of the company area (docs/operations.md "Operator commands"):
 * `company:list` to find a company, `company:review <companyId> approve|reject` to decide a
 * verification that is waiting for review (status 1), `company:revoke <companyId>` to withdraw a
 * verification; the owner is told through a message. `company:parent <companyId> <upstreamId>|none`
 * sets the upstream company a customer company belongs to (spec §7.2 `/children`).
 */
import {
  COMPANY_PLANS,
  type CompanyPlan,
  OWNER_ROLE_ID,
  PRODUCT_FLAGS,
  type ProductFlag,
  VERIFY_STATUS,
} from '@vap/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { companies, users } from '../../core/db/schema.js';
import { ApiError } from '../../core/http/errors.js';
import { translate } from '../../core/http/i18n.js';
import type { OpsCommand } from '../../core/ops-command.js';
import { messageOwners } from '../notices/index.js';
import { createOwner } from './owner-command.js';
import { productChanges } from './service.js';

const STATUS_NAMES = ['not verified', 'verifying', 'verified', 'failed'] as const;

/** A company id as typed on the command line. */
const isCompanyId = (text: string | undefined): text is string =>
  text !== undefined && /^[1-9]\d{0,9}$/.test(text);

const list: OpsCommand = {
  usage: '[verifying]',
  summary:
    'Lists companies (id, verification status, name, owner); "verifying" lists those waiting for review.',
  async run(args, { database }) {
    const [filter, ...rest] = args;
    if (rest.length > 0 || (filter !== undefined && filter !== 'verifying')) {
      throw new Error('Usage: company:list [verifying]');
    }
    const { db } = database;
    const rows = await db
      .select({
        id: companies.id,
        name: companies.name,
        status: companies.verifyStatus,
        phone: users.phone,
        email: users.email,
      })
      .from(companies)
      .leftJoin(users, and(eq(users.companyId, companies.id), eq(users.roleId, OWNER_ROLE_ID)))
      .where(filter === 'verifying' ? eq(companies.verifyStatus, VERIFY_STATUS.verifying) : undefined)
      .orderBy(asc(companies.id));
    if (rows.length === 0) return 'No companies.';
    return rows
      .map((row) => {
        const status = STATUS_NAMES[row.status] ?? String(row.status);
        const owner = row.phone ?? row.email ?? '-';
        return `${row.id}\t${row.status} (${status})\t${row.name}\towner ${owner}`;
      })
      .join('\n');
  },
};

const review: OpsCommand = {
  usage: '<companyId> approve|reject',
  summary:
    'Decides a verification waiting for review: approve → verified (2), reject → failed (3); tells the owner.',
  async run(args, { database }) {
    const [idText, decision, ...rest] = args;
    if (!isCompanyId(idText) || (decision !== 'approve' && decision !== 'reject') || rest.length > 0) {
      throw new Error('Usage: company:review <companyId> approve|reject');
    }
    const companyId = Number(idText);
    const approved = decision === 'approve';
    const status = approved ? VERIFY_STATUS.verified : VERIFY_STATUS.failed;
    return database.db.transaction(async (tx) => {
      const [company] = await tx.select().from(companies).where(eq(companies.id, companyId)).for('update');
      if (!company) throw new Error(`Company ${companyId} does not exist.`);
      if (company.verifyStatus !== VERIFY_STATUS.verifying) {
        const name = STATUS_NAMES[company.verifyStatus] ?? String(company.verifyStatus);
        throw new Error(
          `Company ${companyId} is not waiting for review (status ${company.verifyStatus}, ${name}); only status 1 can be reviewed.`,
        );
      }
      await tx.update(companies).set({ verifyStatus: status }).where(eq(companies.id, companyId));
      // Messages are stored in the default language of the console (zh-CN).
      const key = approved ? 'approved' : 'rejected';
      const sent = await messageOwners(tx, companyId, {
        kind: 'verification',
        title: translate('zh-CN', `verifyReview.${key}Title`),
        content: translate('zh-CN', `verifyReview.${key}Content`).replace('{{name}}', company.name),
      });
      return `Company ${companyId} (${company.name}): ${approved ? 'approved, now verified (2)' : 'rejected, now failed (3)'}; ${sent} owner message(s) sent.`;
    });
  },
};

const revoke: OpsCommand = {
  usage: '<companyId>',
  summary:
    'Withdraws a verification (verified → failed, 3), e.g. after a complaint; the owner is asked to upload again.',
  async run(args, { database }) {
    const [idText, ...rest] = args;
    if (!isCompanyId(idText) || rest.length > 0) throw new Error('Usage: company:revoke <companyId>');
    const companyId = Number(idText);
    return database.db.transaction(async (tx) => {
      const [company] = await tx.select().from(companies).where(eq(companies.id, companyId)).for('update');
      if (!company) throw new Error(`Company ${companyId} does not exist.`);
      if (company.verifyStatus !== VERIFY_STATUS.verified) {
        throw new Error(
          `Company ${companyId} is not verified (status ${company.verifyStatus}); only status 2 can be revoked.`,
        );
      }
      await tx
        .update(companies)
        .set({ verifyStatus: VERIFY_STATUS.failed })
        .where(eq(companies.id, companyId));
      const sent = await messageOwners(tx, companyId, {
        kind: 'verification',
        title: translate('zh-CN', 'verifyReview.revokedTitle'),
        content: translate('zh-CN', 'verifyReview.revokedContent').replace('{{name}}', company.name),
      });
      return `Company ${companyId} (${company.name}): verification withdrawn, now failed (3); ${sent} owner message(s) sent.`;
    });
  },
};

const parent: OpsCommand = {
  usage: '<companyId> <upstreamCompanyId>|none',
  summary:
    'Sets the upstream company a company is a downstream customer of (listed by GET /children), or none.',
  async run(args, { database }) {
    const [idText, parentText, ...rest] = args;
    if (!isCompanyId(idText) || (parentText !== 'none' && !isCompanyId(parentText)) || rest.length > 0) {
      throw new Error('Usage: company:parent <companyId> <upstreamCompanyId>|none');
    }
    const companyId = Number(idText);
    const parentId = parentText === 'none' ? null : Number(parentText);
    return database.db.transaction(async (tx) => {
      const [company] = await tx.select().from(companies).where(eq(companies.id, companyId)).for('update');
      if (!company) throw new Error(`Company ${companyId} does not exist.`);
      // Walk up from the new upstream company: meeting this one would make a loop.
      for (let upstream = parentId; upstream !== null; ) {
        if (upstream === companyId) {
          throw new Error(
            `Company ${parentId} is downstream of ${companyId} (or is it): that would make a loop.`,
          );
        }
        const [row] = await tx
          .select({ parentId: companies.parentId })
          .from(companies)
          .where(eq(companies.id, upstream));
        if (!row) throw new Error(`Company ${upstream} does not exist.`);
        upstream = row.parentId;
      }
      await tx.update(companies).set({ parentId }).where(eq(companies.id, companyId));
      return parentId === null
        ? `Company ${companyId} (${company.name}) is no longer downstream of another company.`
        : `Company ${companyId} (${company.name}) is now downstream of company ${parentId}.`;
    });
  },
};

const plan: OpsCommand = {
  usage: '<companyId> free|standard',
  summary: "Sets a company's plan: the free plan has no remote terminal (spec §6).",
  async run(args, { database }) {
    const [idText, planText, ...rest] = args;
    if (!isCompanyId(idText) || !COMPANY_PLANS.includes(planText as CompanyPlan) || rest.length > 0) {
      throw new Error('Usage: company:plan <companyId> free|standard');
    }
    const companyId = Number(idText);
    const [company] = await database.db
      .update(companies)
      .set({ plan: planText as CompanyPlan })
      .where(eq(companies.id, companyId))
      .returning({ name: companies.name });
    if (!company) throw new Error(`Company ${companyId} does not exist.`);
    return `Company ${companyId} (${company.name}) is now on the ${planText} plan.`;
  },
};

const PRODUCTS_USAGE = `Usage: company:products <companyId> ${PRODUCT_FLAGS.map((flag) => `${flag}=0|1`).join(' ')} (any of them; 0 is on)`;

const products: OpsCommand = {
  usage: '<companyId> cbs=0|1 lvlm_lab=0|1 rsrc_mgt=0|1 voip=0|1',
  summary:
    "Turns a company's products on (0) or off (1); a product whose paid packages still run is not turned off.",
  async run(args, { database }) {
    const [idText, ...pairs] = args;
    const asked: Record<string, 0 | 1> = {};
    for (const pair of pairs) {
      const match = /^([a-z_]+)=([01])$/.exec(pair);
      if (!match || !PRODUCT_FLAGS.includes(match[1] as ProductFlag)) throw new Error(PRODUCTS_USAGE);
      asked[match[1] as string] = Number(match[2]) as 0 | 1;
    }
    if (!/^[1-9]\d{0,9}$/.test(idText ?? '') || pairs.length === 0) throw new Error(PRODUCTS_USAGE);
    const companyId = Number(idText);
    return database.db.transaction(async (tx) => {
      const [company] = await tx.select().from(companies).where(eq(companies.id, companyId)).for('update');
      if (!company) throw new Error(`Company ${companyId} does not exist.`);
      const changes = await productChanges(tx, companyId, asked).catch((error: unknown) => {
        if (error instanceof ApiError && error.code === 'resource_package_unused')
          throw new Error(
            `Company ${companyId} (${company.name}) still has cloud packages running: close them before turning cbs off.`,
          );
        throw error;
      });
      const [after] = await tx.update(companies).set(changes).where(eq(companies.id, companyId)).returning();
      const flags = PRODUCT_FLAGS.map((flag) => {
        const value = {
          cbs: after?.cbs,
          lvlm_lab: after?.lvlmLab,
          rsrc_mgt: after?.rsrcMgt,
          voip: after?.voip,
        }[flag];
        return `${flag}=${value} (${value === 0 ? 'on' : 'off'})`;
      });
      return `Company ${companyId} (${company.name}): ${flags.join(', ')}. Signed-in users see the change on their next start of the console.`;
    });
  },
};

export const companyCommands: Record<string, OpsCommand> = {
  'company:products': products,
  'company:list': list,
  'company:review': review,
  'company:revoke': revoke,
  'company:parent': parent,
  'company:plan': plan,
  'owner:create': createOwner,
};
