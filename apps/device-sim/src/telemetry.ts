/**
 * A unit's vitals, as its telemetry reports them. Each quantity wanders around a level of its own
 * (drawn once from the unit's seeded source), so that units differ from each other, a unit's
 * charts look like a device's rather than like noise, and the same seed gives the same series.
 */
import type { DeviceKind } from '@vap/contracts';
import type { Random } from './prng.js';
import { channelCapacity } from './unit.js';

/** One camera input of an NVR. */
export interface ChannelState {
  channel: number;
  /** false from a video_loss event until its video_restored. */
  online: boolean;
  /** kbps, 0 while offline. */
  bitrate: number;
}

/** The payload of `up/telemetry` (docs/mqtt.md). */
export interface Telemetry {
  /** ms since the epoch. */
  ts: number;
  /** %. */
  cpu: number;
  /** %. */
  memory: number;
  /** °C. */
  temperature: number;
  /** s since the unit booted. */
  uptime: number;
  /** kbps: the main stream of an IPC, everything an NVR records. */
  bitrate: number;
  /** NVR: its disks, GB. */
  storage?: { used: number; total: number };
  /** NVR: the channels with a camera attached. */
  channels?: ChannelState[];
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** A quantity that each step moves by some noise and is pulled back towards its level. */
class Walk {
  private value: number;

  constructor(
    readonly level: number,
    private readonly step: number,
    private readonly min: number,
    private readonly max: number,
  ) {
    this.value = level;
  }

  move(random: Random): number {
    const pulled = this.value + random.between(-this.step, this.step) + (this.level - this.value) * 0.2;
    this.value = Math.min(this.max, Math.max(this.min, pulled));
    return this.value;
  }

  set(value: number) {
    this.value = value;
  }
}

export class Vitals {
  private readonly cpu: Walk;
  private readonly memory: Walk;
  private readonly temperature: Walk;
  /** One stream per channel; an IPC has one. */
  private readonly streams: Walk[];
  readonly channels: ChannelState[];
  private readonly storage: { used: number; total: number } | undefined;

  constructor(
    private readonly kind: DeviceKind,
    model: string,
    private readonly random: Random,
  ) {
    const nvr = kind === 'nvr';
    this.cpu = new Walk(random.between(nvr ? 20 : 12, nvr ? 45 : 35), 4, 1, 99);
    this.memory = new Walk(random.between(30, 60), 1.5, 5, 95);
    this.temperature = new Walk(random.between(nvr ? 40 : 36, nvr ? 55 : 50), 0.5, 20, 85);
    const capacity = channelCapacity(model);
    const attached = nvr ? random.int(Math.min(2, capacity), Math.min(4, capacity)) : 1;
    this.streams = Array.from({ length: attached }, () => {
      const kbps = random.pick([2048, 3072, 4096]);
      return new Walk(kbps, kbps * 0.05, kbps * 0.5, kbps * 1.5);
    });
    this.channels = this.streams.map((_, index) => ({ channel: index + 1, online: true, bitrate: 0 }));
    if (nvr) {
      const total = random.pick([2000, 4000, 8000]);
      this.storage = { used: round(total * random.between(0.3, 0.9), 2), total };
    }
  }

  /** A boot starts with fresh memory and a busy processor. */
  boot(): void {
    this.memory.set(this.memory.level * 0.7);
    this.cpu.set(Math.min(99, this.cpu.level * 1.8));
  }

  /** The next sample, `intervalSeconds` after the last one. */
  sample(ts: number, uptime: number, intervalSeconds: number): Telemetry {
    const cpu = this.cpu.move(this.random);
    // A busier processor runs warmer.
    const temperature = this.temperature.move(this.random) + (cpu - this.cpu.level) * 0.15;
    this.channels.forEach((channel, index) => {
      const stream = this.streams[index]?.move(this.random) ?? 0;
      channel.bitrate = channel.online ? Math.round(stream) : 0;
    });
    const bitrate = this.channels.reduce((sum, channel) => sum + channel.bitrate, 0);
    const telemetry: Telemetry = {
      ts,
      cpu: round(cpu, 1),
      memory: round(this.memory.move(this.random), 1),
      temperature: round(temperature, 1),
      uptime,
      bitrate,
    };
    if (this.kind === 'nvr' && this.storage) {
      // kbit/s × s / 8 / 10⁶ = GB recorded; a full recorder overwrites its oldest footage.
      const used = this.storage.used + (bitrate * intervalSeconds) / 8 / 1e6;
      this.storage.used = round(used > this.storage.total * 0.95 ? this.storage.total * 0.9 : used, 2);
      telemetry.storage = { ...this.storage };
      telemetry.channels = this.channels.map((channel) => ({ ...channel }));
    }
    return telemetry;
  }
}
