/**
 * The remote terminal's relay (spec §2.1 /telnet; issue 16): the terminal page's WebSocket, opened
 * with a ticket, joined to the device's shell over MQTT (device-jobs.ts, TERMINAL_COMMANDS) — what
 * the user types goes to the device as `term_input`, what the shell prints comes back from its
 * `up/term`, wherever in the cluster the device is connected. One session per device; a session
 * nobody types into for the idle time is closed; closing the window ends it on the device. Every
 * session, and every command line typed in it, is in the audit log.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  DEVICE_TOPICS,
  TERMINAL_COMMANDS,
  TERMINAL_IDLE_MINUTES,
  TERMINAL_SOCKET_PATH,
  type TerminalEndReason,
  type TerminalServerMessage,
  terminalClientMessageSchema,
  terminalOutputSchema,
} from '@vap/contracts';
import { and, eq, isNull, lte } from 'drizzle-orm';
import { type WebSocket, WebSocketServer } from 'ws';
import { type AuditWrite, recordAudit } from '../../core/audit/recorder.js';
import type { Db } from '../../core/db/client.js';
import { isUniqueViolation } from '../../core/db/errors.js';
import type { Upgrades } from '../../core/http/upgrades.js';
import { devices } from '../devices/index.js';
import type { Broker } from '../mqtt/index.js';
import { terminalSessions } from './schema.js';
import { SESSION_STALE_MS, type TerminalTickets } from './tickets.js';

/** How often a live session says so (`seen_at`). */
const HEARTBEAT_MS = 30_000;
/** A command line longer than this is recorded cut. */
const MAX_RECORDED_LINE = 500;

export interface RelayLog {
  warn(object: object, message: string): void;
}

export interface RelayOptions {
  /** Closes a session nobody typed into for this long; TERMINAL_IDLE_MINUTES by default. */
  idleMs?: number;
  now?: () => number;
}

type Send = (message: TerminalServerMessage) => void;

/**
 * The command lines typed into a session, from its keys as xterm.js sends them: Enter ends a line,
 * Backspace takes back a character, Ctrl-C drops the line, escape sequences (arrows) are skipped.
 */
export class LineRecorder {
  private line = '';
  private escape = false;

  /** The lines these keys complete. */
  keys(data: string): string[] {
    const lines: string[] = [];
    for (const key of data) {
      if (this.escape) {
        // An escape sequence ends with a letter or a tilde (CSI `\x1b[A`, `\x1b[3~`).
        if (/[A-Za-z~]/.test(key)) this.escape = false;
        continue;
      }
      if (key === '\x1b') this.escape = true;
      else if (key === '\r') {
        if (this.line.trim()) lines.push(this.line.trim().slice(0, MAX_RECORDED_LINE));
        this.line = '';
      } else if (key === '\x7f' || key === '\b') this.line = this.line.slice(0, -1);
      else if (key === '\x03') this.line = '';
      else if (key >= ' ') this.line += key;
    }
    return lines;
  }
}

export class TerminalRelay {
  private readonly open = new Set<() => Promise<void>>();
  private readonly idleMs: number;
  private readonly now: () => number;

  constructor(
    private readonly db: Db,
    private readonly tickets: TerminalTickets,
    private readonly broker: Broker,
    private readonly log: RelayLog,
    options: RelayOptions = {},
  ) {
    this.idleMs = options.idleMs ?? TERMINAL_IDLE_MINUTES * 60_000;
    this.now = options.now ?? Date.now;
  }

  attach(upgrades: Upgrades) {
    const server = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
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
    await Promise.all([...this.open].map((end) => end()));
  }

  private async start(ws: WebSocket, request: IncomingMessage) {
    const send: Send = (message) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
    };
    const refuse = (reason: TerminalEndReason) => {
      send({ type: 'closed', reason });
      ws.close(1000);
    };
    // The window may close while the session is being set up: it ends as soon as it is.
    let gone = false;
    ws.once('close', () => {
      gone = true;
    });
    const ticket = new URL(request.url ?? '', 'http://localhost').searchParams.get('ticket') ?? '';
    const grant = ticket ? await this.tickets.redeem(ticket) : null;
    if (!grant) return refuse('ticket_invalid');
    const [device] = await this.db
      .select({ sn: devices.sn, name: devices.name, status: devices.status })
      .from(devices)
      .where(and(eq(devices.id, grant.deviceId), eq(devices.companyId, grant.companyId)));
    if (device?.status !== 'online') return refuse('device_offline');
    const id = randomUUID();
    if (!(await this.claim(id, grant, device.sn))) return refuse('busy');
    const actor = { userId: grant.userId, ip: request.socket.remoteAddress ?? '' };
    const audit = (write: Omit<AuditWrite, 'target' | 'companyId'>) =>
      recordAudit(this.db, actor, {
        ...write,
        target: { type: 'device', id: grant.deviceId },
        companyId: grant.companyId,
      });
    await audit({ action: 'device.telnet.open', after: { session: id, sn: device.sn } });

    let ended = false;
    let commands = 0;
    let sequence = 0;
    const recorder = new LineRecorder();
    const command = (name: string, args: Record<string, unknown>, key = String(++sequence)) =>
      this.broker
        .sendToDevice(device.sn, DEVICE_TOPICS.command, { id: `term-${id}-${key}`, name, args })
        .catch((error: unknown) => this.log.warn({ err: error, session: id }, 'terminal command not sent'));
    const stops: Array<() => Promise<void>> = [];
    let idle: NodeJS.Timeout | undefined;
    const heartbeat = setInterval(() => {
      void this.db
        .update(terminalSessions)
        .set({ seenAt: new Date(this.now()) })
        .where(eq(terminalSessions.id, id))
        .catch(() => {});
    }, HEARTBEAT_MS);
    heartbeat.unref();

    const end = async (reason: TerminalEndReason, tellDevice = true) => {
      if (ended) return;
      ended = true;
      this.open.delete(stop);
      clearTimeout(idle);
      clearInterval(heartbeat);
      await Promise.all(stops.map((unfollow) => unfollow()));
      if (tellDevice) await command(TERMINAL_COMMANDS.close, { session: id });
      await this.db
        .update(terminalSessions)
        .set({ endedAt: new Date(this.now()), endReason: reason, commands })
        .where(eq(terminalSessions.id, id));
      await audit({
        action: 'device.telnet.close',
        before: { session: id, sn: device.sn },
        after: { reason, commands },
      });
      send({ type: 'closed', reason });
      ws.close(1000);
    };
    const stop = () => end('server_stopped');
    this.open.add(stop);
    const restartIdle = () => {
      clearTimeout(idle);
      idle = setTimeout(() => void end('idle'), this.idleMs);
      idle.unref();
    };

    stops.push(
      await this.broker.followDevice(device.sn, DEVICE_TOPICS.terminal, (payload) => {
        const output = terminalOutputSchema.safeParse(parse(payload));
        if (!output.success || output.data.session !== id) return;
        send({ type: 'output', data: output.data.data });
        if (output.data.closed) void end('device_closed', false);
      }),
      // The device refusing to open the shell ends the session; a refused key or size does not.
      await this.broker.followDevice(device.sn, DEVICE_TOPICS.reply, (payload) => {
        const reply = parse(payload) as { id?: unknown; ok?: unknown } | undefined;
        if (reply?.id === `term-${id}-open` && reply.ok === false) void end('device_refused', false);
      }),
      await this.broker.followDevice(device.sn, 'state', (payload) => {
        if ((parse(payload) as { online?: unknown } | undefined)?.online === false)
          void end('device_offline', false);
      }),
    );
    ws.on('close', () => void end('closed'));
    ws.on('error', () => void end('closed'));
    ws.on('message', (raw) => {
      const message = terminalClientMessageSchema.safeParse(parse(raw.toString()));
      if (!message.success || ended) return;
      if (message.data.type === 'resize') {
        const { cols, rows } = message.data;
        void command(TERMINAL_COMMANDS.resize, { session: id, cols, rows });
        return;
      }
      restartIdle();
      void command(TERMINAL_COMMANDS.input, { session: id, data: message.data.data });
      for (const line of recorder.keys(message.data.data)) {
        commands++;
        void audit({ action: 'device.telnet.command', after: { session: id, line } }).catch(() => {});
      }
    });
    restartIdle();
    await command(TERMINAL_COMMANDS.open, { session: id, cols: 80, rows: 24 }, 'open');
    send({ type: 'opened', sn: device.sn, name: device.name });
    if (gone) await end('closed');
  }

  /**
   * The device's one session, if no other is open on it: one left open by a server that stopped
   * being seen (it crashed) is ended first.
   */
  private async claim(
    id: string,
    grant: { companyId: number; deviceId: number; userId: number },
    sn: string,
  ): Promise<boolean> {
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
      await this.db.insert(terminalSessions).values({ id, ...grant, sn, startedAt: now, seenAt: now });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }
}

function parse(payload: Buffer | string): unknown {
  try {
    return JSON.parse(payload.toString());
  } catch {
    return undefined;
  }
}
