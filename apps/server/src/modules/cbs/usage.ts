/**
 * What devices say of their cloud storage (`up/cloud`, docs/mqtt.md): the bytes each service keeps
 * now and the bytes moved this month. Only the latest report of each device counts: reports are
 * kept in memory and written a few seconds later, one statement per device and service, so that a
 * fleet reporting every half minute costs the database little.
 */
import { CLOUD_SERVICES, type CloudService, cloudUsageReportSchema, DEVICE_TOPICS } from '@vap/contracts';
import type { AedesPublishPacket } from 'aedes';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../core/db/client.js';
import { type BrokerObserver, type Connection, deviceTopic } from '../mqtt/index.js';
import { cloudPackages } from './schema.js';

interface Pending {
  space: number;
  flow: number;
}

export interface UsageLog {
  warn(details: object, message: string): void;
}

export class CloudUsage implements BrokerObserver {
  private readonly pending = new Map<string, Pending & { deviceId: number; service: CloudService }>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly log: UsageLog,
    private readonly flushMs = 5_000,
  ) {}

  published(connection: Connection, packet: AedesPublishPacket) {
    if (this.closed || connection.identity.kind !== 'device') return;
    const { device } = connection.identity;
    if (packet.topic !== deviceTopic(device.sn, 'up', DEVICE_TOPICS.cloud)) return;
    let body: unknown;
    try {
      body = JSON.parse(packet.payload.toString());
    } catch {
      return;
    }
    const report = cloudUsageReportSchema.safeParse(body);
    if (!report.success) return;
    for (const service of CLOUD_SERVICES) {
      const usage = report.data[service];
      if (!usage) continue;
      this.pending.set(`${device.id}:${service}`, { deviceId: device.id, service, ...usage });
    }
    this.timer ??= setTimeout(() => void this.flush(), this.flushMs);
    this.timer.unref();
  }

  /**
   * Writes what was reported so far and takes no more: the server is closing, and a report the
   * broker still delivers would be written after the database has gone.
   */
  close(): Promise<void> {
    this.closed = true;
    return this.flush();
  }

  /** Writes what was reported so far (tests). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = [...this.pending.values()];
    this.pending.clear();
    this.flushing = this.flushing.then(() => this.write(batch));
    return this.flushing;
  }

  private async write(batch: readonly (Pending & { deviceId: number; service: CloudService })[]) {
    for (const usage of batch) {
      try {
        await this.db
          .update(cloudPackages)
          .set({ spaceUsed: usage.space, flowUsed: usage.flow })
          .where(
            and(
              eq(cloudPackages.deviceId, usage.deviceId),
              eq(cloudPackages.service, usage.service),
              ne(cloudPackages.state, 'closed'),
            ),
          );
      } catch (error) {
        this.log.warn({ err: error, deviceId: usage.deviceId }, 'cloud usage not written');
      }
    }
  }
}
