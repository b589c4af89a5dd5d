/**
 * The remote terminal (spec §2.1 /telnet, §6; issue 16): a single-use ticket opens a WebSocket
 * that the server joins to the device's shell over MQTT — here the device simulator's shell, on
 * the app's own broker. Refused on the free plan, for a downstream or offline device, twice at
 * once; ended by the window, by the shell, or when idle; every session and command audited.
 */
import {
  ACCOUNT_PATHS,
  AUTH_PATHS,
  SYSTEM_PATHS,
  TERMINAL_INPUT_MAX_CHARS,
  TERMINAL_PATHS,
  TERMINAL_SOCKET_PATH,
  type TerminalServerMessage,
  type TerminalTicket,
} from '@vap/contracts';
import { type Fleet, type FleetOptions, type SimulatedDevice, startFleet } from '@vap/device-sim';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { auditLogs } from '../../core/audit/schema.js';
import { PasswordHasher } from '../../core/auth/passwords.js';
import { devices } from '../../core/db/devices.js';
import { companies, roles, users } from '../../core/db/schema.js';
import { translate } from '../../core/http/i18n.js';
import { md5Hex } from '../../seed.js';
import { boundDevices, deviceStatus } from '../../testing/device-fixtures.js';
import { bearer, createTestApp, ENGINES, type TestApp } from '../../testing/harness.js';
import { demoOwner } from '../../testing/test-app.js';
import { LineRecorder } from './command-audit.js';
import { terminalSessions } from './schema.js';

const IDLE_MS = 1500;
/** The relay's keepalive in these tests: asked every 300 ms, a device silent for 1.5 s is lost. */
const KEEPALIVE = { keepaliveMs: 300, silenceMs: 1500 };
/** How soon a revoked session's terminal must be closed ("within seconds", issue 28). */
const REVOKED_WITHIN_MS = 6000;
const STAFF_PASSWORD = 'staff-pass-1';

describe('the command lines of a terminal session', () => {
  it('are what Enter ends, with Backspace, Ctrl-C and arrow keys taken into account', () => {
    const recorder = new LineRecorder();
    expect(recorder.keys('unamx\x7fe -a\r')).toEqual(['uname -a']);
    expect(recorder.keys('rm -rf\x03ls\x1b[A\r')).toEqual(['ls']);
    expect(recorder.keys('\r   \r')).toEqual([]);
    expect(recorder.keys('cat /etc/ver')).toEqual([]);
    expect(recorder.keys('sion\r')).toEqual(['cat /etc/version']);
  });
});

describe.each(ENGINES)('the remote terminal, on %s (issue 16)', (engine) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let companyId: number;
  let base: string;
  let fleet: Fleet;
  let online: { id: number; sn: string };
  let offline: { id: number };
  let downstream: { id: number };
  let port: number;
  /** More of the company's own devices, for a simulated unit of their own (`unitOf`). */
  let spare: Array<{ id: number; sn: string; secret: string; kind: 'ipc' | 'nvr'; model: string }>;
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    t = await createTestApp(engine, { terminal: { idleMs: IDLE_MS, ...KEEPALIVE } });
    base = (await t.app.listen({ host: '127.0.0.1', port: 0 })).replace('http', 'ws');
    port = await t.services.mqtt.broker.listenTcp({ port: 0, host: '127.0.0.1', chosen: true, tls: null });
    ({ headers: owner, companyId } = await demoOwner(t));
    const rows = await boundDevices(t.database, t.serverSecret);
    const own = rows.filter((row) => row.companyId === companyId);
    const [first, second] = own;
    const foreign = rows.find((row) => row.companyId !== companyId);
    if (!first || !second || !foreign) throw new Error('demo devices missing');
    online = first;
    offline = second;
    downstream = foreign;
    spare = own.slice(2, 4);
    fleet = startFleet({
      url: `mqtt://127.0.0.1:${port}`,
      units: [
        {
          sn: first.sn,
          secret: first.secret,
          kind: first.kind,
          model: first.model,
        },
      ],
      eventRate: 0,
    });
    await vi.waitFor(
      async () => {
        const [row] = await t.database.db.select().from(devices).where(eq(devices.id, first.id));
        expect(row?.status).toBe('online');
      },
      { timeout: 10_000 },
    );
  });
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.terminate();
    // The server ends a session once its socket is gone.
    await vi.waitFor(async () => {
      const open = await t.database.db
        .select()
        .from(terminalSessions)
        .where(isNull(terminalSessions.endedAt));
      expect(open).toEqual([]);
    });
  });
  afterAll(async () => {
    await fleet?.stop();
    await t.close();
  });

  /** The online status of a device in the device list. */
  const statusOf = (deviceId: number) => deviceStatus(t.database, deviceId);

  /** A spare device of the company as a simulated unit of its own, online; stopped after `use`. */
  async function unitOf<T>(
    index: number,
    options: Partial<FleetOptions>,
    use: (device: { id: number; unit: SimulatedDevice }) => Promise<T>,
  ): Promise<T> {
    const row = spare[index];
    if (!row) throw new Error('spare device missing');
    const own = startFleet({
      url: `mqtt://127.0.0.1:${port}`,
      units: [{ sn: row.sn, secret: row.secret, kind: row.kind, model: row.model }],
      eventRate: 0,
      backoff: { initialMs: 200, maxMs: 1000 },
      ...options,
    });
    try {
      await expect.poll(() => statusOf(row.id), { timeout: 10_000 }).toBe('online');
      return await use({ id: row.id, unit: own.devices[0] as SimulatedDevice });
    } finally {
      await own.stop();
    }
  }

  const ticketFor = (deviceId: number) =>
    t.app.inject({ method: 'POST', url: `/webapi${TERMINAL_PATHS.ticket(deviceId)}`, headers: owner });

  /** A terminal page's socket, with what the server sent it so far. */
  async function connect(ticket: string) {
    const socket = new WebSocket(`${base}${TERMINAL_SOCKET_PATH}?ticket=${encodeURIComponent(ticket)}`);
    sockets.push(socket);
    const received: TerminalServerMessage[] = [];
    socket.on('message', (data) => received.push(JSON.parse(data.toString()) as TerminalServerMessage));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const output = () =>
      received
        .filter((message) => message.type === 'output')
        .map((message) => (message as { data: string }).data)
        .join('');
    const type = (data: string) => socket.send(JSON.stringify({ type: 'input', data }));
    return { socket, received, output, type, closed };
  }

  const closedReason = (received: TerminalServerMessage[]) =>
    received.find(
      (message): message is Extract<TerminalServerMessage, { type: 'closed' }> => message.type === 'closed',
    )?.reason;

  async function session() {
    const answer = await ticketFor(online.id);
    expect(answer.statusCode, answer.body).toBe(200);
    const ticket = answer.json<TerminalTicket>();
    expect(ticket.url).toBe(`/telnet?ticket=${encodeURIComponent(ticket.ticket)}`);
    return { ticket, terminal: await connect(ticket.ticket) };
  }

  let staffCount = 0;
  /** A staff member (not the owner) whose own role has the terminal: device_maintenance's telnet button. */
  async function staff() {
    staffCount++;
    const [role] = await t.database.db
      .insert(roles)
      .values({
        companyId,
        name: `terminal staff ${staffCount}`,
        menus: { device_maintenance: ['telnet'] },
        isAccessAllGroup: true,
      })
      .returning({ id: roles.id });
    const phone = `1390000${String(staffCount).padStart(4, '0')}`;
    const [user] = await t.database.db
      .insert(users)
      .values({
        companyId,
        roleId: role?.id ?? 0,
        phone,
        passwordHash: await new PasswordHasher(2).hash(md5Hex(STAFF_PASSWORD)),
      })
      .returning({ id: users.id });
    if (!role || !user) throw new Error('staff member not created');
    const signIn = async () => bearer(await t.signIn(phone, STAFF_PASSWORD));
    return { id: user.id, roleId: role.id, signIn };
  }

  /**
   * A terminal of the online device opened with the session of `headers`, its prompt shown, where
   * a command is typed every half second until it closes: in use, it is never idle.
   */
  async function terminalInUse(headers: Record<string, string>, deviceId = online.id) {
    const answer = await t.app.inject({
      method: 'POST',
      url: `/webapi${TERMINAL_PATHS.ticket(deviceId)}`,
      headers,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const terminal = await connect(answer.json<TerminalTicket>().ticket);
    await expect.poll(() => terminal.output()).toContain('# ');
    const typing = setInterval(() => {
      if (terminal.socket.readyState === WebSocket.OPEN) terminal.type('echo still here\r');
    }, 500);
    void terminal.closed.then(() => clearInterval(typing));
    return terminal;
  }

  /** Waits for the terminal to close, failing when it takes longer than `ms`. */
  async function closedWithin(terminal: { closed: Promise<void> }, ms: number) {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`terminal still open after ${ms} ms`)), ms);
    });
    try {
      await Promise.race([terminal.closed, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  it("relays the device's shell: its banner and prompt, a command's answer; closing the window ends it, audited", async () => {
    const { terminal } = await session();
    await expect.poll(() => terminal.output()).toContain(`root@${online.sn}:~# `);
    expect(terminal.received[0]).toMatchObject({ type: 'opened', sn: online.sn });
    // A new window size reaches the device; it does not end the session.
    terminal.socket.send(JSON.stringify({ type: 'resize', cols: 120, rows: 40 }));
    terminal.type('uname');
    terminal.type('\r');
    await expect.poll(() => terminal.output()).toMatch(/uname\r\nLinux\r\n/);
    expect(fleet.devices[0]?.terminalSessions).toBe(1);
    terminal.socket.close();
    await terminal.closed;
    // Closing the window ends the session on the device too.
    await expect.poll(() => fleet.devices[0]?.terminalSessions).toBe(0);
    await expect
      .poll(async () => {
        const [row] = await t.database.db
          .select()
          .from(terminalSessions)
          .where(eq(terminalSessions.deviceId, online.id))
          .orderBy(terminalSessions.startedAt);
        return row?.endReason;
      })
      .toBe('closed');
    const auditedNow = () =>
      t.database.db
        .select({ action: auditLogs.action, after: auditLogs.after })
        .from(auditLogs)
        .where(
          and(
            eq(auditLogs.companyId, companyId),
            inArray(auditLogs.action, ['device.telnet.open', 'device.telnet.command', 'device.telnet.close']),
          ),
        )
        .orderBy(auditLogs.id);
    // The close is audited in a statement after the one that ends the session row.
    await expect
      .poll(async () => (await auditedNow()).map((entry) => entry.action))
      .toEqual(['device.telnet.open', 'device.telnet.command', 'device.telnet.close']);
    const audited = await auditedNow();
    expect(audited[1]?.after).toEqual({ session: expect.any(String), lines: ['uname'] });
    // The device's shell session ended with it: a new one may open at once.
    const again = await session();
    await expect.poll(() => again.terminal.output()).toContain('# ');
  });

  it('audits the command lines of a session at most once a second, never a row per line of a keystroke burst (issue 28)', async () => {
    const { terminal } = await session();
    await expect.poll(() => terminal.output()).toContain('# ');
    const [open] = await t.database.db
      .select({ id: terminalSessions.id })
      .from(terminalSessions)
      .where(and(eq(terminalSessions.deviceId, online.id), isNull(terminalSessions.endedAt)));
    // Input is bounded per message: one over the bound is not relayed.
    terminal.type('x'.repeat(TERMINAL_INPUT_MAX_CHARS + 1));
    const burst = 'a\r'.repeat(TERMINAL_INPUT_MAX_CHARS / 2);
    const started = Date.now();
    for (let message = 0; message < 10; message++) terminal.type(burst);
    const lines = 10 * (TERMINAL_INPUT_MAX_CHARS / 2);
    // The device ran every line.
    await expect
      .poll(() => terminal.output().split('sh: a: not found').length - 1, { timeout: 20_000 })
      .toBe(lines);
    expect(terminal.output()).not.toContain('xxx');
    terminal.socket.close();
    await expect
      .poll(async () => {
        const [ended] = await t.database.db
          .select({ commands: terminalSessions.commands })
          .from(terminalSessions)
          .where(and(eq(terminalSessions.id, open?.id ?? ''), isNotNull(terminalSessions.endedAt)));
        return ended?.commands;
      })
      .toBe(lines);
    const seconds = Math.ceil((Date.now() - started) / 1000);
    const rows = await t.database.db
      .select({ after: auditLogs.after })
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.action, 'device.telnet.command'),
          sql`${auditLogs.after}->>'session' = ${open?.id ?? ''}`,
        ),
      );
    // One row a second at most (and the last, written at the close), each with its lines bounded.
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(seconds + 1);
    for (const row of rows) {
      const after = row.after as { lines: string[]; omitted?: number };
      expect(after.lines.length).toBeLessThanOrEqual(100);
      expect(after.lines.every((line) => line === 'a')).toBe(true);
    }
    const recorded = rows.reduce((sum, row) => {
      const after = row.after as { lines: string[]; omitted?: number };
      return sum + after.lines.length + (after.omitted ?? 0);
    }, 0);
    expect(recorded).toBe(lines);
  });

  it('closes a terminal whose page sends a frame larger than any input message can be (issue 28)', async () => {
    const { terminal } = await session();
    await expect.poll(() => terminal.output()).toContain('# ');
    const code = new Promise<number>((resolve) => terminal.socket.once('close', resolve));
    // 4,096 characters, each escaped as \uXXXX, fit in 32 KiB; 40 KB does not.
    terminal.socket.send('x'.repeat(40_000));
    expect(await code).toBe(1009);
    await expect.poll(() => fleet.devices[0]?.terminalSessions).toBe(0);
  });

  it('takes a ticket once: used again it opens nothing', async () => {
    const { ticket, terminal } = await session();
    await expect.poll(() => terminal.output()).toContain('# ');
    const reused = await connect(ticket.ticket);
    await reused.closed;
    expect(closedReason(reused.received)).toBe('ticket_invalid');
    const forged = await connect('not-a-ticket');
    await forged.closed;
    expect(closedReason(forged.received)).toBe('ticket_invalid');
  });

  it('keeps one session per device', async () => {
    const { terminal } = await session();
    await expect.poll(() => terminal.output()).toContain('# ');
    const second = await ticketFor(online.id);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'telnet_busy' });
  });

  it('ends a session when the shell exits, and one nobody typed into after the idle time', async () => {
    const exiting = await session();
    await expect.poll(() => exiting.terminal.output()).toContain('# ');
    exiting.terminal.type('exit\r');
    await exiting.terminal.closed;
    expect(closedReason(exiting.terminal.received)).toBe('device_closed');

    const idle = await session();
    await idle.terminal.closed;
    expect(closedReason(idle.terminal.received)).toBe('idle');
  });

  it('refuses a ticket for an offline device, a downstream company’s, and on the free plan', async () => {
    expect((await ticketFor(offline.id)).json()).toMatchObject({ code: 'device_offline' });
    // The downstream company's device: shown, never acted on (spec §6).
    expect((await ticketFor(downstream.id)).json()).toEqual({
      code: 'device_read_only',
      message: '下级公司的设备只读，不能打开远程终端',
    });
    await t.database.db.update(companies).set({ plan: 'free' }).where(eq(companies.id, companyId));
    try {
      const refused = await t.app.inject({
        method: 'POST',
        url: `/webapi${TERMINAL_PATHS.ticket(online.id)}`,
        headers: { ...owner, 'accept-language': 'en' },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        code: 'telnet_free_plan',
        message: 'Free plan does not support remote telnet',
      });
    } finally {
      await t.database.db.update(companies).set({ plan: 'standard' }).where(eq(companies.id, companyId));
    }
  });
  describe('frees a device that is gone (issue 28)', () => {
    it('closes the terminal of a device that drops without a will, and opens again once it is back', async () => {
      await unitOf(0, { lastWill: false }, async (device) => {
        const terminal = await terminalInUse(owner, device.id);
        device.unit.drop();
        await closedWithin(terminal, 5_000);
        expect(closedReason(terminal.received)).toBe('device_offline');
        // Back: connected to the broker again (the dropped connection is gone by now, it closed
        // the terminal), and online once the broker has settled its presence — the status alone
        // may still read the 'online' of before the drop.
        await expect
          .poll(
            () => t.services.mqtt.broker.allConnections().some((one) => one.client.id === device.unit.sn),
            {
              timeout: 10_000,
            },
          )
          .toBe(true);
        await t.services.mqtt.broker.settled();
        await expect.poll(() => statusOf(device.id), { timeout: 10_000 }).toBe('online');
        // Not busy: its session ended with it.
        const again = await terminalInUse(owner, device.id);
        again.socket.close();
        await again.closed;
      });
    });

    it('closes the terminal of a device that stops answering, once silent for the silence time; the device ends its shell too', async () => {
      await unitOf(1, { terminalSilenceMs: KEEPALIVE.silenceMs }, async (device) => {
        const terminal = await terminalInUse(owner, device.id);
        expect(device.unit.terminalSessions).toBe(1);
        device.unit.responsive = false;
        const stalled = Date.now();
        await closedWithin(terminal, 5_000);
        expect(closedReason(terminal.received)).toBe('device_lost');
        expect(Date.now() - stalled).toBeGreaterThanOrEqual(KEEPALIVE.silenceMs - KEEPALIVE.keepaliveMs);
        // Its shell, not told (it heard nothing), ends once it has not heard of the server for as long.
        await expect.poll(() => device.unit.terminalSessions, { timeout: 5_000 }).toBe(0);
        device.unit.responsive = true;
        const again = await terminalInUse(owner, device.id);
        again.socket.close();
        await again.closed;
      });
    });
  });

  describe('belongs to the session that opened it (issue 28)', () => {
    it('opens nothing with a ticket fetched before its session signed out, and says why in the console’s language', async () => {
      const member = await staff();
      const headers = await member.signIn();
      const answer = await t.app.inject({
        method: 'POST',
        url: `/webapi${TERMINAL_PATHS.ticket(online.id)}`,
        headers: { ...headers, 'accept-language': 'zh-TW' },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      const signOut = await t.app.inject({ method: 'POST', url: `/webapi${AUTH_PATHS.logout}`, headers });
      expect(signOut.statusCode).toBe(204);
      const terminal = await connect(answer.json<TerminalTicket>().ticket);
      await terminal.closed;
      expect(terminal.received).toEqual([
        { type: 'closed', reason: 'signed_out', message: translate('zh-TW', 'terminalEnd.signed_out') },
      ]);
      expect(translate('zh-TW', 'terminalEnd.signed_out')).toMatch(/^登入已失效/);
      expect(fleet.devices[0]?.terminalSessions).toBe(0);
    });

    /**
     * Why a staff member's terminal in use was closed once `revoke` (of that member) was answered
     * `status`: the terminal must close within REVOKED_WITHIN_MS.
     */
    async function closedAfter(
      status: number,
      revoke: (member: Awaited<ReturnType<typeof staff>>) => Promise<{ statusCode: number; body: string }>,
    ) {
      const member = await staff();
      const terminal = await terminalInUse(await member.signIn());
      const answer = await revoke(member);
      expect(answer.statusCode, answer.body).toBe(status);
      await closedWithin(terminal, REVOKED_WITHIN_MS);
      return closedReason(terminal.received);
    }

    it('is closed within seconds when its session signs out', async () => {
      const member = await staff();
      const headers = await member.signIn();
      const terminal = await terminalInUse(headers);
      await t.app.inject({ method: 'POST', url: `/webapi${AUTH_PATHS.logout}`, headers });
      await closedWithin(terminal, REVOKED_WITHIN_MS);
      expect(closedReason(terminal.received)).toBe('signed_out');
      // Closed on the device too: the shell runs no more commands.
      await expect.poll(() => fleet.devices[0]?.terminalSessions).toBe(0);
    });

    it('is closed within seconds when the password is changed in another session', async () => {
      const reason = await closedAfter(204, async (member) =>
        t.app.inject({
          method: 'PUT',
          url: `/webapi${ACCOUNT_PATHS.password}`,
          headers: await member.signIn(),
          payload: { old_password: md5Hex(STAFF_PASSWORD), new_password: md5Hex('staff-pass-2') },
        }),
      );
      expect(reason).toBe('signed_out');
    });

    it("is closed within seconds when the user's role loses the terminal", async () => {
      const reason = await closedAfter(200, (member) =>
        t.app.inject({
          method: 'PUT',
          url: `/webapi${SYSTEM_PATHS.role(member.roleId)}`,
          headers: owner,
          payload: {
            name: 'terminal staff, narrowed',
            menus: { device_maintenance: [] },
            is_access_all_group: true,
          },
        }),
      );
      expect(reason).toBe('access_revoked');
    });

    it('is closed within seconds when the user is removed from the company', async () => {
      const reason = await closedAfter(204, (member) =>
        t.app.inject({ method: 'DELETE', url: `/webapi${SYSTEM_PATHS.user(member.id)}`, headers: owner }),
      );
      expect(reason).toBe('signed_out');
    });
  });
});
