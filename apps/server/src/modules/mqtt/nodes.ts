/**
 * This server's broker node among those sharing the database: it says it is alive every
 * `HEARTBEAT_MS`, and each beat also sets offline the devices of nodes that stopped beating
 * (a killed process, a server restarted) — a device is never left "online" for ever.
 */
import { randomUUID } from 'node:crypto';
import { eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../core/db/client.js';
import type { DevicePresence } from '../devices/index.js';
import { mqttNodes } from './schema.js';

export const HEARTBEAT_MS = 10_000;
/** A node silent this long is taken for dead: three beats missed. */
export const NODE_TIMEOUT_MS = 3 * HEARTBEAT_MS + 5_000;

export class BrokerNodes {
  readonly id = randomUUID();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly presence: DevicePresence,
    private readonly log: { warn(object: object, message: string): void },
  ) {}

  /** Registers this node and reconciles at once: devices of a node that is gone go offline now. */
  async start(): Promise<void> {
    const now = new Date();
    await this.db.insert(mqttNodes).values({ id: this.id, startedAt: now, heartbeatAt: now });
    await this.beat();
    this.timer = setInterval(() => {
      this.beat().catch((error: unknown) => this.log.warn({ err: error }, 'mqtt node heartbeat failed'));
    }, HEARTBEAT_MS);
    this.timer.unref();
  }

  /** Says this node is alive, forgets nodes long dead, and sets their devices offline. */
  async beat(now = new Date()): Promise<number> {
    await this.db.update(mqttNodes).set({ heartbeatAt: now }).where(eq(mqttNodes.id, this.id));
    const deadline = new Date(now.getTime() - NODE_TIMEOUT_MS);
    await this.db.delete(mqttNodes).where(lt(mqttNodes.heartbeatAt, deadline));
    const live = await this.db
      .select({ id: mqttNodes.id })
      .from(mqttNodes)
      .where(gt(mqttNodes.heartbeatAt, deadline));
    return this.presence.reconcile(
      live.map((node) => node.id),
      now,
    );
  }

  /** The nodes alive now (this one included). */
  async live(now = new Date()): Promise<string[]> {
    const rows = await this.db
      .select({ id: mqttNodes.id })
      .from(mqttNodes)
      .where(gt(mqttNodes.heartbeatAt, new Date(now.getTime() - NODE_TIMEOUT_MS)));
    return rows.map((node) => node.id);
  }

  /** Leaves: this node's devices are set offline by the caller's disconnects, then the row goes. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.db.delete(mqttNodes).where(eq(mqttNodes.id, this.id));
  }
}
