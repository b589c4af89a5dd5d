/**
 * The remote terminal's relay (spec §2.1 /telnet; issues 16, 28): the terminal page's WebSocket,
 * opened with a ticket, becomes a session on the device's shell (session.ts). A terminal belongs to
 * the sign-in session that asked for its ticket: a ticket of a session that has ended opens
 * nothing, and an open terminal closes within seconds of its session ending or its user losing the
 * terminal (watch.ts). One session per device; a session nobody types into for the idle time is
 * closed; closing the window ends it on the device. Every session, and the command lines typed in
 * it, are in the audit log.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  TERMINAL_IDLE_MINUTES,
  TERMINAL_KEEPALIVE_SECONDS,
  TERMINAL_SILENCE_SECONDS,
  TERMINAL_SOCKET_PATH,
  type TerminalEndReason,
  type TerminalServerMessage,
} from '@vap/contracts';
import { and, eq, isNull, lte } from 'drizzle-orm';
import { type WebSocket, WebSocketServer } from 'ws';
import type { Db } from '../../core/db/client.js';
import { devices } from '../../core/db/devices.js';
import { isUniqueViolation } from '../../core/db/errors.js';
import { type Language, negotiateLanguage } from '../../core/http/i18n.js';
import type { Upgrades } from '../../core/http/upgrades.js';
import type { Broker } from '../mqtt/index.js';
import { DeviceDisconnects } from './disconnects.js';
import { endMessage } from './end-messages.js';
import type { TerminalGrant, TerminalGrants } from './grants.js';
import { terminalSessions } from './schema.js';
import { type SessionTimings, TerminalSession } from './session.js';
import { SESSION_STALE_MS, type TerminalTickets } from './tickets.js';
import { GRANT_CHECK_MS, GrantWatch } from './watch.js';

/**
 * The largest WebSocket frame a terminal page may send: an input message of TERMINAL_INPUT_MAX_CHARS
 * characters, each escaped in JSON (`\uXXXX`, 6 bytes) at worst, fits; a larger frame closes the
 * socket (1009) before any of it is parsed.
 */
const SOCKET_MAX_PAYLOAD = 32 * 1024;

export interface RelayLog {
  warn(object: object, message: string): void;
}

export interface RelayOptions extends Partial<SessionTimings> {
  /** How often the grants of open terminals are looked at (watch.ts); GRANT_CHECK_MS by default. */
  grantCheckMs?: number;
  now?: () => number;
}

export class TerminalRelay {
  private readonly sessions = new Set<TerminalSession>();
  private readonly timings: SessionTimings;
  private readonly now: () => number;
  private readonly watch: GrantWatch;
  private readonly disconnects: DeviceDisconnects;

  constructor(
    private readonly db: Db,
    private readonly tickets: TerminalTickets,
    private readonly grants: TerminalGrants,
    private readonly broker: Broker,
    private readonly log: RelayLog,
    options: RelayOptions = {},
  ) {
    this.timings = {
      idleMs: options.idleMs ?? TERMINAL_IDLE_MINUTES * 60_000,
      keepaliveMs: options.keepaliveMs ?? TERMINAL_KEEPALIVE_SECONDS * 1000,
      silenceMs: options.silenceMs ?? TERMINAL_SILENCE_SECONDS * 1000,
    };
    this.disconnects = new DeviceDisconnects(broker.aedes);
    this.now = options.now ?? Date.now;
    this.watch = new GrantWatch(db, grants, log, options.grantCheckMs ?? GRANT_CHECK_MS, this.now);
  }

  attach(upgrades: Upgrades) {
    const server = new WebSocketServer({ noServer: true, maxPayload: SOCKET_MAX_PAYLOAD });
    upgrades.route(TERMINAL_SOCKET_PATH, (request, socket, head) =>
      server.handleUpgrade(request, socket, head, (ws) => {
        this.start(ws, request).catch((error: unknown) => {
          this.log.warn({ err: error }, 'terminal session failed');
          ws.close(1011);
        });
      }),
    );
  }

  /** Ends every session of this server (it stops). */
  async close() {
    this.watch.stop();
    await Promise.all([...this.sessions].map((session) => session.end('server_stopped')));
    await this.disconnects.close();
  }

  private async start(ws: WebSocket, request: IncomingMessage) {
    const refuse = (reason: TerminalEndReason, language: Language) => {
      const message: TerminalServerMessage = {
        type: 'closed',
        reason,
        message: endMessage(language, reason, this.timings.idleMs),
      };
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
      ws.close(1000);
    };
    // The window may close while the session is being set up: it ends as soon as it is.
    let gone = false;
    ws.once('close', () => {
      gone = true;
    });
    const ticket = new URL(request.url ?? '', 'http://localhost').searchParams.get('ticket') ?? '';
    const redeemed = ticket ? await this.tickets.redeem(ticket) : null;
    // Without a ticket there is no console language to speak: the browser's is the best guess.
    if (!redeemed) return refuse('ticket_invalid', negotiateLanguage(request.headers['accept-language']));
    const { sessionId, language, ...rest } = redeemed;
    if (sessionId === null) return refuse('signed_out', language);
    const grant: TerminalGrant = { ...rest, sessionId };
    const { verdict, holder } = await this.grants.check(grant);
    if (verdict !== 'ok') return refuse(verdict, language);
    const [device] = await this.db
      .select({ sn: devices.sn, name: devices.name, status: devices.status })
      .from(devices)
      .where(and(eq(devices.id, grant.deviceId), eq(devices.companyId, grant.companyId)));
    if (device?.status !== 'online') return refuse('device_offline', language);
    const id = randomUUID();
    if (!(await this.claim(id, grant, device.sn))) return refuse('busy', language);
    const session = new TerminalSession(
      {
        db: this.db,
        broker: this.broker,
        disconnects: this.disconnects,
        log: this.log,
        timings: this.timings,
        now: this.now,
      },
      id,
      grant,
      language,
      { sn: device.sn, name: device.name },
      ws,
      request.socket.remoteAddress ?? '',
    );
    this.sessions.add(session);
    this.watch.add(session, holder);
    session.onEnd(() => {
      this.sessions.delete(session);
      this.watch.delete(session);
    });
    try {
      await session.open(() => gone);
    } catch (error) {
      await session.end('closed').catch(() => {});
      throw error;
    }
  }

  /**
   * The device's one session, if no other is open on it: one left open by a server that stopped
   * being seen (it crashed) is ended first.
   */
  private async claim(id: string, grant: TerminalGrant, sn: string): Promise<boolean> {
    const now = new Date(this.now());
    await this.db
      .update(terminalSessions)
      .set({ endedAt: now, endReason: 'server_stopped' })
      .where(
        and(
          eq(terminalSessions.deviceId, grant.deviceId),
          isNull(terminalSessions.endedAt),
          lte(terminalSessions.seenAt, new Date(this.now() - SESSION_STALE_MS)),
        ),
      );
    try {
      const { companyId, deviceId, userId } = grant;
      await this.db
        .insert(terminalSessions)
        .values({ id, companyId, deviceId, userId, sn, startedAt: now, seenAt: now });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }
}
