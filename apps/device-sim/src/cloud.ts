/**
 * A unit's use of cloud storage, as it reports it on `up/cloud` (docs/mqtt.md): for each service,
 * the bytes kept in the cloud now and the bytes uploaded this accounting month. Each unit uploads
 * at rates of its own (drawn once from its seeded source), so that the cloud-storage dashboard
 * shows devices far from, near and past their quota. Both figures follow from the time alone — what
 * a month's uploads add up to, and what retention keeps of them — so a restarted simulator reports
 * what it reported before.
 */
import {
  accountingMonthStart,
  CLOUD_SERVICES,
  type CloudService,
  type CloudUsageReport,
} from '@vap/contracts';
import type { Random } from './prng.js';

const MB = 1024 * 1024;

interface ServiceUse {
  /** Bytes a second it uploads. */
  rate: number;
  /** What its retention keeps at most. */
  ceiling: number;
  /** What it kept when the month began. */
  carried: number;
}

export class CloudUse {
  private readonly services: Record<CloudService, ServiceUse>;

  constructor(random: Random) {
    // Backups are small and steady; video is larger and differs more between units.
    const backup = { rate: random.between(4, 40), ceiling: random.between(10, 480) * MB };
    const video = { rate: random.between(8, 64), ceiling: random.between(20, 520) * MB };
    this.services = {
      cloud_backup: { ...backup, carried: backup.ceiling * random.between(0.2, 0.9) },
      cloud_video: { ...video, carried: video.ceiling * random.between(0.2, 0.9) },
    };
  }

  /** The report at `now` (ms since the epoch). */
  report(now: number): CloudUsageReport {
    const seconds = (now - accountingMonthStart(now).getTime()) / 1000;
    const report: CloudUsageReport = {};
    for (const service of CLOUD_SERVICES) {
      const use = this.services[service];
      const flow = Math.round(use.rate * seconds);
      report[service] = { space: Math.round(Math.min(use.ceiling, use.carried + flow)), flow };
    }
    return report;
  }
}
