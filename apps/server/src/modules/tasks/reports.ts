/**
 * What devices say of their jobs (docs/mqtt.md, "Jobs"): the answer to a job's command on `up/reply`
 * (how the job stands, or a refusal), and each change after on `up/job`. The broker hands this
 * node's devices' messages here; a device reports on its own jobs only (the engine checks the
 * serial), and a device subscribing to its commands wakes the engine, so that its pending jobs
 * start at once.
 */
import { DEVICE_TOPICS, jobMessageSchema, jobReportSchema } from '@vap/contracts';
import type { AedesPublishPacket, Subscription } from 'aedes';
import { z } from 'zod';
import { type BrokerObserver, type Connection, deviceTopic } from '../mqtt/index.js';
import { type EngineLog, JOB_KEY_PREFIX, type JobEngine } from './engine.js';

const replySchema = z.object({
  id: z.string(),
  ok: z.boolean(),
  result: z.unknown().optional(),
  error: z.string().optional(),
  message: z.string().optional(),
});

function json(payload: Buffer | string): unknown {
  try {
    return JSON.parse(payload.toString());
  } catch {
    return undefined;
  }
}

export class JobReports implements BrokerObserver {
  constructor(
    private readonly engine: JobEngine,
    private readonly log: EngineLog,
    /** Resolves once the device shows online in the device list (the engine claims jobs of online devices). */
    private readonly presenceSettled: (deviceId: number) => Promise<void> = async () => {},
  ) {}

  /**
   * A device that subscribes to its commands wakes the engine: its pending jobs start at once. Not
   * on connect — a command sent before the subscription would be lost until the lease ran out.
   */
  subscribed(connection: Connection, subscriptions: readonly Subscription[]) {
    if (connection.identity.kind !== 'device') return;
    const { device } = connection.identity;
    const commands = deviceTopic(device.sn, 'down', DEVICE_TOPICS.command);
    // Once its online state is written: a pass before would find it offline and start nothing.
    if (subscriptions.some((subscription) => subscription.topic === commands))
      void this.presenceSettled(device.id).then(() => this.engine.tick());
  }

  published(connection: Connection, packet: AedesPublishPacket) {
    if (connection.identity.kind !== 'device') return;
    const { sn } = connection.identity.device;
    if (packet.topic === deviceTopic(sn, 'up', DEVICE_TOPICS.job)) this.onJob(sn, packet.payload);
    else if (packet.topic === deviceTopic(sn, 'up', DEVICE_TOPICS.reply)) this.onReply(sn, packet.payload);
  }

  private onJob(sn: string, payload: Buffer | string) {
    const message = jobMessageSchema.safeParse(json(payload));
    if (!message.success || !message.data.id.startsWith(JOB_KEY_PREFIX)) return;
    const { id, ...report } = message.data;
    this.apply(sn, id, jobReportSchema.parse(report));
  }

  private onReply(sn: string, payload: Buffer | string) {
    const reply = replySchema.safeParse(json(payload));
    if (!reply.success || !reply.data.id.startsWith(JOB_KEY_PREFIX)) return;
    const { id, ok, result, error, message } = reply.data;
    if (!ok) {
      this.apply(sn, id, {
        state: 'failed',
        reason: error ?? 'command_failed',
        ...(message ? { message } : {}),
      });
      return;
    }
    const report = jobReportSchema.safeParse(result);
    if (report.success) this.apply(sn, id, report.data);
  }

  private apply(sn: string, key: string, report: Parameters<JobEngine['report']>[2]) {
    this.engine
      .report(sn, key, report)
      .catch((error: unknown) => this.log.warn({ err: error, sn, job: key }, 'job report not recorded'));
  }
}
