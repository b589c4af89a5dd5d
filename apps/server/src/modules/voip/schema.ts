/**
 * Internet telephony's tables (spec §2.3 voip_*, §3 call center and extension; issue 33). The console
 * manages them; Kamailio reads the extensions' digest credentials and the call centers' routing from
 * them, and the dial records are its accounting of each call. Each company is its own SIP domain, so
 * a dial id is unique within a company only.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { companyKeys, companyRef, createdAt, timestamptz, updatedAt } from '../../core/db/schema.js';

/** A SIP extension: a device's (intercom, camera with talk-back) or an agent's. */
export const voipExtensions = pgTable(
  'voip_extensions',
  {
    ...companyKeys(),
    /** `device` or `agent`. */
    kind: text('kind').$type<'device' | 'agent'>().notNull(),
    /** The SIP user name: 5–20 of digits, letters, `_`, `-`, `.` (spec §5.5). */
    dialId: text('dial_id').notNull(),
    /**
     * The company's SIP domain when the credentials were made (`sipDomainOf`, domain.ts): the realm
     * of the HA1 values, and the column Kamailio's auth_db matches with the dial id.
     */
    domain: text('domain').notNull(),
    displayName: text('display_name').notNull().default(''),
    /** The device a device phone is bound to, by serial; null for agents. */
    deviceSn: text('device_sn'),
    /**
     * Digest credentials as Kamailio's auth_db reads them: md5(dial_id:domain:password) and
     * md5(dial_id@domain:domain:password), the domain being the company's SIP domain. The plain
     * password is never stored.
     */
    ha1: text('ha1').notNull(),
    ha1b: text('ha1b').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('voip_extensions_company_dial_id').on(table.companyId, table.dialId),
    uniqueIndex('voip_extensions_dial_id_domain').on(table.dialId, table.domain),
    index('voip_extensions_company_kind').on(table.companyId, table.kind, table.createdAt),
    check('voip_extensions_kind', sql`${table.kind} in ('device', 'agent')`),
  ],
);

/** A call center: a dial id whose calls ring its agents by a strategy (spec §3, §5.5). */
export const voipCallCenters = pgTable(
  'voip_call_centers',
  {
    ...companyKeys(),
    dialId: text('dial_id').notNull(),
    name: text('name').notNull(),
    /** `ring_all`, `top_down`, `round_robin`, `longest_idle` or `random`. */
    strategy: text('strategy').notNull(),
    /** Seconds the caller may ring in all, 0–600; 0 is unlimited. */
    maxWait: integer('max_wait').notNull(),
    /** Seconds each agent rings, 1–60. */
    ringTimeout: integer('ring_timeout').notNull(),
    /** Seconds an agent stays out of the rotation after a no-answer, a busy and a reject. */
    delayNoAnswer: integer('delay_no_answer').notNull().default(0),
    delayBusy: integer('delay_busy').notNull().default(0),
    delayReject: integer('delay_reject').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('voip_call_centers_company_dial_id').on(table.companyId, table.dialId),
    check(
      'voip_call_centers_strategy',
      sql`${table.strategy} in ('ring_all', 'top_down', 'round_robin', 'longest_idle', 'random')`,
    ),
    check('voip_call_centers_max_wait', sql`${table.maxWait} between 0 and 600`),
    check('voip_call_centers_ring_timeout', sql`${table.ringTimeout} between 1 and 60`),
  ],
);

/** An agent of a call center: the call center and its extension, both deleting the row with them. */
const agentKeys = () => ({
  callCenterId: integer('call_center_id')
    .notNull()
    .references(() => voipCallCenters.id, { onDelete: 'cascade' }),
  extensionId: integer('extension_id')
    .notNull()
    .references(() => voipExtensions.id, { onDelete: 'cascade' }),
});

/** A call center's agents, in order (`position` from 0): the order top-down and round robin follow. */
export const voipCallCenterAgents = pgTable(
  'voip_call_center_agents',
  {
    ...agentKeys(),
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.callCenterId, table.extensionId] }),
    index('voip_call_center_agents_extension').on(table.extensionId),
  ],
);

/**
 * One call as Kamailio accounted it (spec §1 dial records): written when the call ends, whatever
 * its result.
 */
export const voipDialRecords = pgTable(
  'voip_dial_records',
  {
    ...companyKeys(),
    /** The SIP Call-ID, unique per call: accounting the same call twice keeps one record. */
    callId: text('call_id').notNull(),
    caller: text('caller').notNull(),
    callee: text('callee').notNull(),
    /** The call center dialled, if any (its id and, kept if it is deleted, its dial id). */
    callCenterId: integer('call_center_id').references(() => voipCallCenters.id, { onDelete: 'set null' }),
    callCenterDialId: text('call_center_dial_id'),
    /** The agent's dial id who answered a call-center call. */
    agent: text('agent'),
    startedAt: timestamptz('started_at').notNull(),
    answeredAt: timestamptz('answered_at'),
    endedAt: timestamptz('ended_at').notNull(),
    /** Seconds from answer to end; 0 when not answered. */
    duration: integer('duration').notNull().default(0),
    /** `answered`, `no_answer`, `busy`, `cancelled`, `failed` or `queue_timeout`. */
    result: text('result').notNull(),
  },
  (table) => [
    uniqueIndex('voip_dial_records_call_id').on(table.companyId, table.callId),
    index('voip_dial_records_company_started').on(table.companyId, table.startedAt),
    check(
      'voip_dial_records_result',
      sql`${table.result} in ('answered', 'no_answer', 'busy', 'cancelled', 'failed', 'queue_timeout')`,
    ),
  ],
);

/**
 * Kamailio's table versions (its `version_table` core parameter names this one): Kamailio refuses to
 * start on a table whose version row is missing or different. Its tables are prefixed `kam_` so that
 * none can clash with the console's.
 */
export const kamVersion = pgTable('kam_version', {
  id: serial('id').primaryKey(),
  tableName: varchar('table_name', { length: 32 }).notNull().unique('kam_version_table_name_idx'),
  tableVersion: integer('table_version').notNull().default(0),
});

/**
 * Kamailio's registrations (usrloc `db_mode` write-through), exactly its `location` table of
 * version 9 (Debian's /usr/share/kamailio/postgres/usrloc-create.sql): an extension is online while
 * a row of its dial id and domain has not expired. Kamailio writes its times without a zone, in the
 * server's local time; the SIP server runs in UTC (docs/voip.md).
 */
export const kamLocation = pgTable(
  'kam_location',
  {
    id: serial('id').primaryKey(),
    ruid: varchar('ruid', { length: 64 }).notNull().default('').unique('kam_location_ruid_idx'),
    username: varchar('username', { length: 64 }).notNull().default(''),
    domain: varchar('domain', { length: 64 }),
    contact: varchar('contact', { length: 512 }).notNull().default(''),
    received: varchar('received', { length: 128 }),
    path: varchar('path', { length: 512 }),
    expires: timestamp('expires').notNull().default(sql`'2030-05-28 21:32:15'`),
    q: real('q').notNull().default(1),
    callid: varchar('callid', { length: 255 }).notNull().default('Default-Call-ID'),
    cseq: integer('cseq').notNull().default(1),
    lastModified: timestamp('last_modified').notNull().default(sql`'2000-01-01 00:00:01'`),
    flags: integer('flags').notNull().default(0),
    cflags: integer('cflags').notNull().default(0),
    userAgent: varchar('user_agent', { length: 255 }).notNull().default(''),
    socket: varchar('socket', { length: 64 }),
    methods: integer('methods'),
    instance: varchar('instance', { length: 255 }),
    regId: integer('reg_id').notNull().default(0),
    serverId: integer('server_id').notNull().default(0),
    connectionId: integer('connection_id').notNull().default(0),
    keepalive: integer('keepalive').notNull().default(0),
    partition: integer('partition').notNull().default(0),
  },
  (table) => [
    index('kam_location_account_contact_idx').on(table.username, table.domain, table.contact),
    index('kam_location_expires_idx').on(table.expires),
    index('kam_location_tcpcon_idx').on(table.connectionId),
    index('kam_location_connection_idx').on(table.serverId, table.connectionId),
  ],
);

/**
 * The calls the SIP server is routing now (sip/ and migration 0044's functions): made when Kamailio
 * accepts an INVITE, moved into voip_dial_records when the call ends, whatever its end. A call
 * center's call keeps its deadline (the max wait) and the agents ringing and tried in this pass.
 */
export const voipSipCalls = pgTable('voip_sip_calls', {
  callId: text('call_id').primaryKey(),
  companyId: companyRef(),
  caller: text('caller').notNull(),
  callee: text('callee').notNull(),
  callCenterId: integer('call_center_id').references(() => voipCallCenters.id, { onDelete: 'set null' }),
  callCenterDialId: text('call_center_dial_id'),
  startedAt: timestamptz('started_at').notNull(),
  /** When a call center's caller stops waiting (started + max wait); null when unlimited. */
  deadline: timestamptz('deadline'),
  answeredAt: timestamptz('answered_at'),
  agent: text('agent'),
  /** The agents (extension ids) ringing now. */
  ringing: integer('ringing').array().notNull().default(sql`'{}'`),
  /** The agents rung in this pass over the call center's agents. */
  tried: integer('tried').array().notNull().default(sql`'{}'`),
});

/**
 * A call center agent's place in the rotation: out of it until `unavailable_until` after a
 * no-answer, a busy or a reject (the call center's delay intervals), and when last offered a call
 * (where round robin continues).
 */
export const voipSipAgentStates = pgTable(
  'voip_sip_agent_states',
  {
    ...agentKeys(),
    unavailableUntil: timestamptz('unavailable_until'),
    lastOfferedAt: timestamptz('last_offered_at'),
  },
  (table) => [primaryKey({ columns: [table.callCenterId, table.extensionId] })],
);
