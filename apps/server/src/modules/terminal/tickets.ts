/**
 * Tickets of the remote terminal (spec §2.1 /telnet, §6): a short-lived, single-use ticket for one
 * device's terminal, so that the page opened in a new window carries no session token in its
 * address. Refused for a company on the free plan, a downstream company's device (spec §6: shown,
 * not acted on), a device offline, or one whose terminal is already open.
 */
import { createHash, randomBytes } from 'node:crypto';
import { TERMINAL_PAGE_PATH, TERMINAL_TICKET_SECONDS, type TerminalTicket } from '@vap/contracts';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { companyOf, type Permissions } from '../../core/auth/permissions.js';
import type { Db } from '../../core/db/client.js';
import { companies } from '../../core/db/schema.js';
import { ApiError } from '../../core/http/errors.js';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../core/http/i18n.js';
import { type Devices, readOnlyRefusal } from '../devices/index.js';
import type { TerminalGrant } from './grants.js';
import { terminalSessions, terminalTickets } from './schema.js';

/** What a redeemed ticket grants, and the language its terminal speaks. */
export interface RedeemedTicket extends Omit<TerminalGrant, 'sessionId'> {
  /** Null for a ticket issued before tickets named their session: it opens nothing. */
  sessionId: string | null;
  language: Language;
}

const languageOf = (text: string): Language =>
  (LANGUAGES as readonly string[]).includes(text) ? (text as Language) : DEFAULT_LANGUAGE;

/** A session not seen by its server for this long is dead (its server crashed): it gives way. */
export const SESSION_STALE_MS = 90_000;

export const ticketHash = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

export class TerminalTickets {
  constructor(
    private readonly db: Db,
    private readonly devices: Pick<Devices, 'detail'>,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * A ticket of the caller's sign-in session (`sessionId`), whose terminal belongs to it, speaking
   * the language the console asked in.
   */
  async issue(
    caller: Permissions,
    sessionId: string,
    language: Language,
    deviceId: number,
  ): Promise<TerminalTicket> {
    const companyId = companyOf(caller);
    const [company] = await this.db
      .select({ plan: companies.plan })
      .from(companies)
      .where(eq(companies.id, companyId));
    if (company?.plan !== 'standard') throw new ApiError(403, 'telnet_free_plan');
    const device = await this.devices.detail(caller, deviceId);
    if (device.read_only) throw readOnlyRefusal('terminal');
    if (device.status !== 'online') throw new ApiError(409, 'device_offline');
    if (await this.openSession(deviceId)) throw new ApiError(409, 'telnet_busy');
    const ticket = randomBytes(32).toString('base64url');
    const expiresAt = new Date(this.now() + TERMINAL_TICKET_SECONDS * 1000);
    await this.db.insert(terminalTickets).values({
      hash: ticketHash(ticket),
      companyId,
      deviceId,
      userId: caller.userId,
      sessionId,
      language,
      expiresAt,
    });
    return {
      ticket,
      url: `${TERMINAL_PAGE_PATH}?ticket=${encodeURIComponent(ticket)}`,
      expires_at: expiresAt.toISOString(),
    };
  }

  /** Whether the device's terminal is open on a live server. */
  private async openSession(deviceId: number): Promise<boolean> {
    const [open] = await this.db
      .select({ id: terminalSessions.id })
      .from(terminalSessions)
      .where(
        and(
          eq(terminalSessions.deviceId, deviceId),
          isNull(terminalSessions.endedAt),
          gt(terminalSessions.seenAt, new Date(this.now() - SESSION_STALE_MS)),
        ),
      );
    return open !== undefined;
  }

  /** The ticket's grant, once: a used, expired or unknown ticket is null. */
  async redeem(ticket: string): Promise<RedeemedTicket | null> {
    const now = new Date(this.now());
    const [grant] = await this.db
      .update(terminalTickets)
      .set({ usedAt: now })
      .where(
        and(
          eq(terminalTickets.hash, ticketHash(ticket)),
          isNull(terminalTickets.usedAt),
          gt(terminalTickets.expiresAt, now),
        ),
      )
      .returning({
        companyId: terminalTickets.companyId,
        deviceId: terminalTickets.deviceId,
        userId: terminalTickets.userId,
        sessionId: terminalTickets.sessionId,
        language: terminalTickets.language,
      });
    return grant ? { ...grant, language: languageOf(grant.language) } : null;
  }
}
