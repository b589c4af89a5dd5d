import { accountingMonthStart, cloudUsageReportSchema } from '@vap/contracts';
import { describe, expect, it } from 'vitest';
import { CloudUse } from './cloud.js';
import { seededRandom } from './prng.js';

describe("a unit's cloud storage use", () => {
  const now = Date.parse('2026-11-20T04:00:00Z');

  it('reports what it keeps and what it uploaded this month, in the form the server reads', () => {
    const report = new CloudUse(seededRandom('seed', 'unit-1', 'cloud')).report(now);
    expect(cloudUsageReportSchema.parse(report)).toEqual(report);
    for (const usage of [report.cloud_backup, report.cloud_video]) {
      expect(usage?.flow).toBeGreaterThan(0);
      expect(usage?.space).toBeGreaterThan(0);
    }
  });

  it('uploads more as the month goes on, from nothing when the next month begins', () => {
    const use = new CloudUse(seededRandom('seed', 'unit-2', 'cloud'));
    const early = use.report(now);
    const later = use.report(now + 3_600_000);
    expect(later.cloud_video?.flow).toBeGreaterThan(early.cloud_video?.flow ?? 0);
    const nextMonth = use.report(accountingMonthStart(now, 1).getTime() + 1_000);
    expect(nextMonth.cloud_video?.flow).toBeLessThan(early.cloud_video?.flow ?? 0);
  });

  it('reports the same after a restart, and differs from unit to unit', () => {
    const a = new CloudUse(seededRandom('seed', 'unit-3', 'cloud')).report(now);
    expect(new CloudUse(seededRandom('seed', 'unit-3', 'cloud')).report(now)).toEqual(a);
    expect(new CloudUse(seededRandom('seed', 'unit-4', 'cloud')).report(now)).not.toEqual(a);
  });
});
