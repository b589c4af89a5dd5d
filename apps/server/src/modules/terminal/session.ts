/**
 * One open terminal (spec §2.1 /telnet): the page's WebSocket joined to a shell session on the
 * device over MQTT (device-jobs.ts, TERMINAL_COMMANDS). What the user types goes to the device as
 * `term_input`, what the shell prints comes back from its `up/term`, wherever in the cluster the
 * device is connected. It ends once, for one reason, which the page is told in the console's
 * language; its row and the audit log record the end.
 *
 * A device that is gone ends it (issue 28): its `{online: false}` on up/state, the broker saying its
 * connection ended (disconnects.ts: a device that dropped without a will says nothing itself), no
 * answer to anything — keepalives every `keepaliveMs` included — for `silenceMs` (a connection gone
 * silent, which the broker learns of only at the device's MQTT keep-alive, 1.5 × 60 s), or the
 * device saying it no longer has the session (it reconnected meanwhile).
 */
import {
  DEVICE_TOPICS,
  TERMINAL_COMMANDS,
  type TerminalEndReason,
  type TerminalServerMessage,
  terminalClientMessageSchema,
  terminalOutputSchema,
} from '@vap/contracts';
import { eq } from 'drizzle-orm';
import type { WebSocket } from 'ws';
import { type AuditWrite, recordAudit } from '../../core/audit/recorder.js';
import type { Db } from '../../core/db/client.js';
import type { Language } from '../../core/http/i18n.js';
import type { Broker } from '../mqtt/index.js';
import { CommandAudit, LineRecorder } from './command-audit.js';
import type { DeviceDisconnects } from './disconnects.js';
import { endMessage } from './end-messages.js';
import type { TerminalGrant } from './grants.js';
import { terminalSessions } from './schema.js';

/** How often a live session says so (`seen_at`). */
const HEARTBEAT_MS = 30_000;

export interface SessionLog {
  warn(object: object, message: string): void;
}

export interface SessionTimings {
  /** Closes a session nobody typed into for this long. */
  idleMs: number;
  /** How often the device is asked whether it still has the session. */
  keepaliveMs: number;
  /** A device that answered nothing for this long is gone (`device_lost`). */
  silenceMs: number;
}

export interface SessionContext {
  db: Db;
  broker: Broker;
  disconnects: DeviceDisconnects;
  log: SessionLog;
  timings: SessionTimings;
  now: () => number;
}

export class TerminalSession {
  private ended = false;
  private commands = 0;
  private sequence = 0;
  private idle: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private keepalive: NodeJS.Timeout | undefined;
  /** When the device last answered or printed anything of this session (the real clock). */
  private heardAt = Date.now();
  private readonly stops: Array<() => Promise<void>> = [];
  private readonly recorder = new LineRecorder();
  private readonly commandAudit = new CommandAudit(({ lines, omitted }) =>
    this.audit({
      action: 'device.telnet.command',
      after: { session: this.id, lines, ...(omitted > 0 ? { omitted } : {}) },
    }).catch((error: unknown) =>
      this.context.log.warn({ err: error, session: this.id }, 'terminal commands not audited'),
    ),
  );
  private readonly endListeners: Array<() => void> = [];

  constructor(
    private readonly context: SessionContext,
    readonly id: string,
    readonly grant: TerminalGrant,
    private readonly language: Language,
    private readonly device: { sn: string; name: string },
    private readonly ws: WebSocket,
    private readonly ip: string,
  ) {}

  /** Called once the session has ended. */
  onEnd(listener: () => void) {
    this.endListeners.push(listener);
  }

  private send(message: TerminalServerMessage) {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(JSON.stringify(message));
  }

  private audit(write: Omit<AuditWrite, 'target' | 'companyId'>) {
    return recordAudit(
      this.context.db,
      { userId: this.grant.userId, ip: this.ip },
      { ...write, target: { type: 'device', id: this.grant.deviceId }, companyId: this.grant.companyId },
    );
  }

  private command(name: string, args: Record<string, unknown>, key = String(++this.sequence)) {
    return this.context.broker
      .sendToDevice(this.device.sn, DEVICE_TOPICS.command, { id: `term-${this.id}-${key}`, name, args })
      .catch((error: unknown) =>
        this.context.log.warn({ err: error, session: this.id }, 'terminal command not sent'),
      );
  }

  /**
   * Opens the shell on the device and joins the socket to it. `gone` says whether the window
   * closed while the session was being set up: it then ends as soon as it is.
   */
  async open(gone: () => boolean): Promise<void> {
    const { db, broker, now } = this.context;
    await this.audit({ action: 'device.telnet.open', after: { session: this.id, sn: this.device.sn } });
    this.heartbeat = setInterval(() => {
      void db
        .update(terminalSessions)
        .set({ seenAt: new Date(now()) })
        .where(eq(terminalSessions.id, this.id))
        .catch(() => {});
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
    const { sn } = this.device;
    this.stops.push(
      await broker.followDevice(sn, DEVICE_TOPICS.terminal, (payload) => {
        const output = terminalOutputSchema.safeParse(parse(payload));
        if (!output.success || output.data.session !== this.id) return;
        this.heardAt = Date.now();
        this.send({ type: 'output', data: output.data.data });
        if (output.data.closed) void this.end('device_closed', false);
      }),
      await broker.followDevice(sn, DEVICE_TOPICS.reply, (payload) => this.reply(parse(payload))),
      await broker.followDevice(sn, 'state', (payload) => {
        if ((parse(payload) as { online?: unknown } | undefined)?.online === false)
          void this.end('device_offline', false);
      }),
    );
    const unfollow = await this.context.disconnects.follow(sn, () => void this.end('device_offline', false));
    this.stops.push(async () => unfollow());
    this.keepalive = setInterval(() => {
      if (Date.now() - this.heardAt >= this.context.timings.silenceMs) void this.end('device_lost');
      else void this.command(TERMINAL_COMMANDS.keepalive, { session: this.id });
    }, this.context.timings.keepaliveMs);
    this.keepalive.unref();
    this.ws.on('close', () => void this.end('closed'));
    this.ws.on('error', () => void this.end('closed'));
    this.ws.on('message', (raw) => this.input(raw.toString()));
    this.restartIdle();
    await this.command(TERMINAL_COMMANDS.open, { session: this.id, cols: 80, rows: 24 }, 'open');
    this.send({ type: 'opened', sn, name: this.device.name });
    if (gone()) await this.end('closed');
  }

  /**
   * A reply to one of this session's commands: the device is there. Its refusing to open the shell
   * ends the session, and so does its not having the session any more; a refused key or size not.
   */
  private reply(reply: unknown) {
    const { id, ok, error } = (reply ?? {}) as { id?: unknown; ok?: unknown; error?: unknown };
    if (typeof id !== 'string' || !id.startsWith(`term-${this.id}-`)) return;
    this.heardAt = Date.now();
    if (ok !== false) return;
    if (id === `term-${this.id}-open`) void this.end('device_refused', false);
    else if (error === 'no_session') void this.end('device_lost', false);
  }

  private input(raw: string) {
    const message = terminalClientMessageSchema.safeParse(parse(raw));
    if (!message.success || this.ended) return;
    if (message.data.type === 'resize') {
      const { cols, rows } = message.data;
      void this.command(TERMINAL_COMMANDS.resize, { session: this.id, cols, rows });
      return;
    }
    this.restartIdle();
    void this.command(TERMINAL_COMMANDS.input, { session: this.id, data: message.data.data });
    const lines = this.recorder.keys(message.data.data);
    this.commands += lines.length;
    this.commandAudit.add(lines);
  }

  private restartIdle() {
    clearTimeout(this.idle);
    this.idle = setTimeout(() => void this.end('idle'), this.context.timings.idleMs);
    this.idle.unref();
  }

  /** Ends the session, once: on the device too unless it ended it, in its row and the audit log. */
  async end(reason: TerminalEndReason, tellDevice = true): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    for (const listener of this.endListeners) listener();
    clearTimeout(this.idle);
    clearInterval(this.heartbeat);
    clearInterval(this.keepalive);
    try {
      await Promise.all(this.stops.map((unfollow) => unfollow()));
      if (tellDevice) await this.command(TERMINAL_COMMANDS.close, { session: this.id });
      await this.commandAudit.close();
      await this.context.db
        .update(terminalSessions)
        .set({ endedAt: new Date(this.context.now()), endReason: reason, commands: this.commands })
        .where(eq(terminalSessions.id, this.id));
      await this.audit({
        action: 'device.telnet.close',
        before: { session: this.id, sn: this.device.sn },
        after: { reason, commands: this.commands },
      });
    } finally {
      // Told once the device is free again: a new ticket for it is not refused as busy.
      this.send({
        type: 'closed',
        reason,
        message: endMessage(this.language, reason, this.context.timings.idleMs),
      });
      this.ws.close(1000);
    }
  }
}

export function parse(payload: Buffer | string): unknown {
  try {
    return JSON.parse(payload.toString());
  } catch {
    return undefined;
  }
}
