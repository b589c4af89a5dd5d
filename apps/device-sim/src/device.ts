/**
 * One simulated unit on the broker: it connects with its serial and factory secret, says it is
 * online, publishes telemetry and events, answers commands (commands.ts), runs jobs (jobs.ts) and
 * terminal sessions (shell.ts), and comes back after any loss of its connection with its own back-off
 * (backoff.ts). mqtt.js reconnects on its own only with a fixed period, so its reconnectPeriod is 0
 * and every attempt is a new client made here.
 */
import { EventEmitter } from 'node:events';
import type { DeviceKind, JobMessage, LicencePayload, TerminalOutput, WhitelistKind } from '@vap/contracts';
import mqtt, { type MqttClient } from 'mqtt';
import { Backoff, type BackoffOptions } from './backoff.js';
import { CloudUse } from './cloud.js';
import { answer, type CommandContext } from './commands.js';
import { drawEvent, nextEventDelayMs } from './events.js';
import { Jobs } from './jobs.js';
import { type Random, seededRandom } from './prng.js';
import { RecordingUploads } from './recordings.js';
import { Terminals } from './shell.js';
import { Vitals } from './telemetry.js';
import { type DeviceTopics, topicsOf } from './topics.js';
import { DEFAULT_FIRMWARE, DEFAULT_MODEL, type SimulatedUnit } from './unit.js';

export interface FleetLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

/**
 * - idle: not started yet (a fleet staggers its connects);
 * - connecting: an attempt under way;
 * - online: connected, publishing;
 * - waiting: lost or never reached the broker, back-off running;
 * - refused: the broker said CONNACK 4 or 5 (0x86 or 0x87 in MQTT 5), long wait (or none, then it
 *   stays so);
 * - rebooting: away on a reboot command;
 * - stopped: for good.
 */
export type DeviceState = 'idle' | 'connecting' | 'online' | 'waiting' | 'refused' | 'rebooting' | 'stopped';

/** What a device needs of the fleet's options, every default applied. */
export interface DeviceSettings {
  url: string;
  /** MQTT 3.1.1 (4) or MQTT 5 (5). */
  protocolVersion: 4 | 5;
  telemetryIntervalMs: number;
  /** Events an hour, on average; 0 for none. */
  eventRate: number;
  seed: string;
  keepaliveSeconds: number;
  connectTimeoutMs: number;
  backoff: BackoffOptions;
  rebootMs: number;
  /** The wait after a refusal; 0 to give up. */
  refusedRetryMs: number;
  /** The longest stop() waits for the broker to acknowledge the last state. */
  stopTimeoutMs: number;
  /** The share of jobs that fail on purpose, 0 to 1, unless the unit has its own. */
  jobFailureRate: number;
  /** Whether it connects with a last will (`{online: false}` on up/state); some firmware sets none. */
  lastWill: boolean;
  /** A terminal session nothing is heard of for this long ends (shell.ts). */
  terminalSilenceMs: number;
  /** The server's licence key: units verify the algorithm licences they are sent with it. */
  licenceKey?: string;
  /** Cloud video recordings each unit uploads once connected (a unit's own count wins); 0. */
  videoRecordings: number;
  log: FleetLog;
}

export interface DeviceEvents {
  state: [state: DeviceState];
  /**
   * A reboot ended: on command (after `rebooting`), or one of its own while away from the broker
   * (an upgrade installed meanwhile), which passes through no `rebooting` state.
   */
  booted: [];
  /** A reconnection is scheduled in `delayMs`, after `reason`. */
  retry: [delayMs: number, reason: string];
}

/**
 * CONNACK codes that no retry soon will change: bad user name or password and not authorised, as
 * MQTT 3.1.1 says them (§3.2.2.3) and as MQTT 5 does (§3.2.2.2).
 */
const REFUSALS: ReadonlySet<unknown> = new Set([4, 5, 0x86, 0x87]);
const NOT_AUTHORISED: ReadonlySet<unknown> = new Set([5, 0x87]);
/** A SUBACK code from here up refuses the subscription (0x80 in MQTT 3.1.1, 0x80 to 0xA2 in 5). */
const SUBSCRIPTION_REFUSED = 0x80;

type Timer = ReturnType<typeof setTimeout>;

export class SimulatedDevice extends EventEmitter<DeviceEvents> {
  readonly sn: string;
  readonly kind: DeviceKind;
  readonly model: string;
  /** What it runs: an upgrade job changes it. */
  firmwareVersion: string;
  /** The address it reports (get_info): a LAN address of its own, as behind a customer's router. */
  readonly ip: string;
  /** Kept in memory across reboots, as a unit's flash would: its configuration, white lists and jobs. */
  readonly config: Record<string, unknown> = {};
  readonly whitelists: Partial<Record<WhitelistKind, readonly string[]>> = {};
  /** The algorithm licences it installed, by product code. */
  readonly licences = new Map<string, LicencePayload>();
  /** The hologram parking schemes it shows, by scheme id: the md5 of each file. */
  readonly schemes = new Map<number, string>();
  /** The ad packages it shows, by package id: the md5 of each item's file, in order. */
  readonly adPackages = new Map<number, string[]>();
  readonly jobs: Jobs;

  /** Messages it published (each once acknowledged, or written for QoS 0), and commands it received. */
  published = 0;
  received = 0;
  /** Successful connections, and refusals, since it started. */
  connections = 0;
  refusals = 0;
  /** The CONNACK code of its last attempt when that was refused; null once it connects. */
  refusedWith: number | null = null;

  private current: DeviceState = 'idle';
  private client: MqttClient | undefined;
  private readonly topics: DeviceTopics;
  private readonly secret: string;
  private readonly vitals: Vitals;
  private readonly cloud: CloudUse;
  /** Its cloud video recordings, uploaded when it holds a cloud video package. */
  readonly recordings: RecordingUploads;
  /** Separate sources, so that reconnections and events do not shift the telemetry's series. */
  private readonly eventRandom: Random;
  /** When to report first on each connection, and the back-off's jitter. */
  private readonly timing: Random;
  private readonly backoff: Backoff;
  private bootedAt: number;
  private connectedAt = 0;
  /** The start, back-off and reboot waits. */
  private readonly waits = new Set<Timer>();
  /** What runs while connected: telemetry and events. */
  private readonly activity = new Set<Timer>();
  /** Its terminal sessions: they live as long as the connection. */
  private readonly terminals: Terminals;
  /**
   * false: it answers no command and its shells print nothing, while its MQTT connection stays up
   * (its agent hung; to the server, as a unit behind a network gone silent until the keep-alive).
   */
  responsive = true;

  /** Its open terminal sessions: the server ends one when its window closes. */
  get terminalSessions(): number {
    return this.terminals.count;
  }

  constructor(
    unit: SimulatedUnit,
    private readonly settings: DeviceSettings,
  ) {
    super();
    this.sn = unit.sn;
    this.secret = unit.secret;
    this.kind = unit.kind;
    this.model = unit.model || DEFAULT_MODEL[unit.kind];
    this.firmwareVersion = unit.firmwareVersion || DEFAULT_FIRMWARE;
    this.topics = topicsOf(unit.sn);
    this.terminals = new Terminals((output) => this.publishTerminal(output), {
      silenceMs: settings.terminalSilenceMs,
    });
    const profile = seededRandom(settings.seed, unit.sn, 'profile');
    this.ip = `192.168.${profile.int(1, 254)}.${profile.int(2, 254)}`;
    // A unit found running has been up for a while: an hour to a month.
    this.bootedAt = Date.now() - Math.round(profile.between(3_600, 30 * 86_400)) * 1000;
    this.vitals = new Vitals(unit.kind, this.model, seededRandom(settings.seed, unit.sn, 'vitals'));
    this.cloud = new CloudUse(seededRandom(settings.seed, unit.sn, 'cloud'));
    this.recordings = new RecordingUploads(
      unit.sn,
      unit.videoRecordings ?? settings.videoRecordings,
      settings.log,
    );
    this.eventRandom = seededRandom(settings.seed, unit.sn, 'events');
    this.timing = seededRandom(settings.seed, unit.sn, 'timing');
    this.backoff = new Backoff(settings.backoff, this.timing.next);
    // The jobs read and set the device's own firmware version, not a copy of it.
    const device = this;
    this.jobs = new Jobs(
      {
        get firmwareVersion() {
          return device.firmwareVersion;
        },
        set firmwareVersion(version: string) {
          device.firmwareVersion = version;
        },
        sn: this.sn,
        model: this.model,
        licences: this.licences,
        schemes: this.schemes,
        adPackages: this.adPackages,
        config: this.config,
        whitelists: this.whitelists,
        publish: (message) => this.publishJob(message),
        reboot: (reason) => this.restart(reason),
      },
      {
        failureRate: unit.jobFailureRate ?? settings.jobFailureRate,
        random: seededRandom(settings.seed, unit.sn, 'jobs'),
        ...(settings.licenceKey ? { licenceKey: settings.licenceKey } : {}),
        ...(unit.licenceHangs ? { licenceHangs: true } : {}),
      },
    );
  }

  get state(): DeviceState {
    return this.current;
  }

  get online(): boolean {
    return this.current === 'online';
  }

  uptimeSeconds(): number {
    return Math.floor((Date.now() - this.bootedAt) / 1000);
  }

  /** Connects, after `delayMs` when given (a fleet staggers its units). */
  start(delayMs = 0): void {
    if (this.current !== 'idle' || this.waits.size > 0) return;
    if (delayMs > 0) this.wait(delayMs, () => this.connect());
    else this.connect();
  }

  /** Says it goes offline, disconnects, and stays so. */
  async stop(): Promise<void> {
    if (this.current === 'stopped') return;
    const wasOnline = this.current === 'online';
    this.setState('stopped');
    this.clear(this.waits);
    this.clear(this.activity);
    this.jobs.interrupt();
    this.terminals.endAll();
    const client = this.client;
    this.client = undefined;
    if (!client) return;
    if (wasOnline && client.connected) this.publish(client, this.topics.state, this.goodbye('stop'), 1);
    // A clean DISCONNECT (no will) once the broker has the last state; a broker gone cannot hold us.
    let timer: Timer | undefined;
    const ended = await Promise.race([
      client.endAsync(!client.connected).then(
        () => true,
        () => false,
      ),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), this.settings.stopTimeoutMs);
      }),
    ]);
    clearTimeout(timer);
    // mqtt.js ignores a forced end while a graceful one waits for acknowledgements: cut the stream.
    if (!ended) client.stream?.destroy();
  }

  /**
   * Its connection cut as a failing network would: no DISCONNECT, so the broker publishes its will
   * when it has one. It comes back by its back-off.
   */
  drop(): void {
    this.client?.stream?.destroy();
  }

  private setState(state: DeviceState) {
    if (this.current === state) return;
    this.current = state;
    this.emit('state', state);
  }

  private wait(ms: number, run: () => void) {
    const timer = setTimeout(() => {
      this.waits.delete(timer);
      run();
    }, ms);
    this.waits.add(timer);
  }

  private clear(timers: Set<Timer>) {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  }

  private goodbye(reason: string) {
    return { online: false, reason, ts: Date.now() };
  }

  private connect() {
    if (this.current === 'stopped') return;
    this.setState('connecting');
    const client = mqtt.connect(this.settings.url, {
      clientId: this.sn,
      username: this.sn,
      password: this.secret,
      protocolVersion: this.settings.protocolVersion,
      clean: true,
      keepalive: this.settings.keepaliveSeconds,
      connectTimeout: this.settings.connectTimeoutMs,
      reconnectPeriod: 0,
      // Retained false: an offline unit's last state is the device list's business, not a retained message.
      ...(this.settings.lastWill
        ? {
            will: {
              topic: this.topics.state,
              payload: Buffer.from(JSON.stringify({ online: false })),
              qos: 1 as const,
              retain: false,
            },
          }
        : {}),
    });
    this.client = client;
    let refusedWith: number | null = null;
    let reason = 'connection closed';
    client.on('connect', () => this.connected(client));
    client.on('message', (topic, payload) => {
      if (topic === this.topics.videoAnswer) void this.recordings.answered(payload);
      else void this.command(client, payload);
    });
    client.on('error', (error: Error & { code?: unknown }) => {
      if (REFUSALS.has(error.code)) refusedWith = error.code as number;
      reason = error.message;
    });
    // An MQTT 5 broker says why it ends a connection (a kick, a takeover, a shutdown).
    client.on('disconnect', (packet) => {
      reason = `disconnected by the broker (reason code 0x${(packet.reasonCode ?? 0).toString(16)})`;
    });
    client.on('close', () => this.closed(client, refusedWith, reason));
  }

  private connected(client: MqttClient) {
    if (client !== this.client) return;
    this.refusedWith = null;
    this.connections += 1;
    this.connectedAt = Date.now();
    this.setState('online');
    client.subscribe(this.topics.command, { qos: 1 }, (error, granted) => {
      if (error || granted?.some((grant) => grant.qos >= SUBSCRIPTION_REFUSED)) {
        this.settings.log.warn(
          { sn: this.sn, err: error },
          'simulated device: commands subscription refused',
        );
      }
    });
    this.publish(client, this.topics.state, { online: true, ts: Date.now() }, 1);
    // Its recordings not uploaded yet: asked for once the answers' subscription is in place.
    if (this.recordings.count > 0)
      client.subscribe(this.topics.videoAnswer, { qos: 1 }, (error) => {
        if (!error)
          this.recordings.connected((request) => this.publish(client, this.topics.video, request, 1));
      });
    // The ends of jobs the server has not heard of yet: an upgrade's, once back on its new firmware.
    this.jobs.reconnected();

    const interval = this.settings.telemetryIntervalMs;
    // The first report comes somewhere within the interval, so that a fleet does not report in step.
    const first = setTimeout(
      () => {
        this.activity.delete(first);
        this.telemetry(client);
        const every = setInterval(() => this.telemetry(client), interval);
        this.activity.add(every);
      },
      Math.floor(this.timing.next() * interval),
    );
    this.activity.add(first);
    this.scheduleEvent(client);
  }

  private telemetry(client: MqttClient) {
    const sample = this.vitals.sample(
      Date.now(),
      this.uptimeSeconds(),
      this.settings.telemetryIntervalMs / 1000,
    );
    this.publish(client, this.topics.telemetry, sample, 0);
    this.publish(client, this.topics.cloud, this.cloud.report(Date.now()), 0);
  }

  private scheduleEvent(client: MqttClient) {
    if (this.settings.eventRate <= 0) return;
    const timer = setTimeout(
      () => {
        this.activity.delete(timer);
        const event = drawEvent(this.kind, this.vitals.channels, this.eventRandom, Date.now());
        this.publish(client, this.topics.event, event, 1);
        this.scheduleEvent(client);
      },
      nextEventDelayMs(this.settings.eventRate, this.eventRandom),
    );
    this.activity.add(timer);
  }

  private publish(client: MqttClient, topic: string, body: object, qos: 0 | 1, then?: () => void) {
    client.publish(topic, JSON.stringify(body), { qos, retain: false }, (error) => {
      if (error) return;
      this.published += 1;
      then?.();
    });
  }

  /** A job's report on up/job: true once the broker has it, false when the unit cannot send it now. */
  private publishJob(message: JobMessage): Promise<boolean> {
    const client = this.client;
    if (!client || this.current !== 'online') return Promise.resolve(false);
    return new Promise((resolve) => {
      client.publish(this.topics.job, JSON.stringify(message), { qos: 1, retain: false }, (error) => {
        if (!error) this.published += 1;
        resolve(!error);
      });
    });
  }

  /**
   * A terminal's output, at QoS 0: it is worth something only to the session, which lives as long as
   * this connection, and one connection keeps the order of what it carries.
   */
  private publishTerminal(output: TerminalOutput) {
    const client = this.client;
    if (client && this.current === 'online' && this.responsive)
      this.publish(client, this.topics.terminal, output, 0);
  }

  private async command(client: MqttClient, payload: Buffer) {
    this.received += 1;
    if (!this.responsive) return;
    const after: Array<() => void> = [];
    const context: CommandContext = {
      sn: this.sn,
      kind: this.kind,
      model: this.model,
      firmwareVersion: this.firmwareVersion,
      ip: this.ip,
      uptimeSeconds: () => this.uptimeSeconds(),
      config: this.config,
      afterReply: (action) => after.push(action),
      reboot: () => this.reboot(client),
      rebootMs: this.settings.rebootMs,
      jobs: this.jobs,
      terminals: this.terminals,
    };
    const reply = await answer(payload, context);
    if (!reply) {
      this.settings.log.warn({ sn: this.sn }, 'simulated device: a command without an id, not answered');
      return;
    }
    if (client !== this.client || this.current !== 'online') return;
    this.publish(client, this.topics.reply, reply, 1, () => {
      for (const action of after) action();
    });
  }

  private reboot(client: MqttClient, reason = 'reboot') {
    if (client !== this.client || this.current !== 'online') return;
    this.terminals.endAll('\r\n\r\nThe system is going down for reboot NOW!\r\n');
    this.jobs.interrupt();
    this.setState('rebooting');
    this.clear(this.activity);
    // A unit rebooting on command says so and disconnects cleanly: no will. closed() brings it back.
    this.publish(client, this.topics.state, this.goodbye(reason), 1, () => client.end());
  }

  /** A reboot of its own (an upgrade installed): as on command when online; when away, at once. */
  private restart(reason: string) {
    if (this.client && this.current === 'online') return this.reboot(this.client, reason);
    if (this.current === 'stopped' || this.current === 'rebooting') return;
    // Away from the broker it reboots all the same; its back-off brings it back.
    this.jobs.interrupt();
    this.terminals.endAll();
    this.booted();
  }

  private booted() {
    this.bootedAt = Date.now();
    this.vitals.boot();
    this.emit('booted');
  }

  private closed(client: MqttClient, refusedWith: number | null, reason: string) {
    if (client !== this.client) return;
    this.client = undefined;
    this.clear(this.activity);
    this.terminals.endAll();
    // Nothing of this client runs on: mqtt.js keeps no timer once ended.
    client.end(true);
    const wasOnline = this.current === 'online';
    if (this.current === 'stopped') return;
    if (this.current === 'rebooting') {
      this.wait(this.settings.rebootMs, () => {
        this.booted();
        this.backoff.reset();
        this.connect();
      });
      return;
    }
    if (refusedWith !== null) {
      this.refusedWith = refusedWith;
      this.refusals += 1;
      this.setState('refused');
      const retryMs = this.settings.refusedRetryMs;
      this.settings.log.warn(
        { sn: this.sn, returnCode: refusedWith, retryMs: retryMs > 0 ? retryMs : null },
        NOT_AUTHORISED.has(refusedWith)
          ? 'simulated device refused: the unit is not bound to a company'
          : 'simulated device refused: unknown unit or wrong secret',
      );
      // Credentials do not mend themselves within seconds: try again much later, or never.
      if (retryMs > 0) this.wait(retryMs, () => this.connect());
      return;
    }
    if (wasOnline && Date.now() - this.connectedAt >= this.settings.backoff.stableMs) this.backoff.reset();
    const delayMs = this.backoff.next();
    this.setState('waiting');
    // One line per loss, not per failed attempt: a broker down for a minute is one line per unit.
    if (wasOnline) this.settings.log.info({ sn: this.sn, delayMs, reason }, 'simulated device offline');
    this.emit('retry', delayMs, reason);
    this.wait(delayMs, () => this.connect());
  }
}
