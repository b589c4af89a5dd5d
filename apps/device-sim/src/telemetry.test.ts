import { describe, expect, it } from 'vitest';
import { drawEvent, nextEventDelayMs } from './events.js';
import { seededRandom } from './prng.js';
import { Vitals } from './telemetry.js';

const series = (kind: 'ipc' | 'nvr', model: string, seed: string) => {
  const vitals = new Vitals(kind, model, seededRandom(seed, 'vitals'));
  return Array.from({ length: 50 }, (_, index) => vitals.sample(1_000 * index, index * 30, 30));
};

describe('the vitals', () => {
  it('are the same series for the same seed and unit, another for another unit', () => {
    expect(series('ipc', 'VC-C3', 'a')).toEqual(series('ipc', 'VC-C3', 'a'));
    expect(series('ipc', 'VC-C3', 'a')).not.toEqual(series('ipc', 'VC-C3', 'b'));
  });

  it('stay plausible: percentages in range, temperature of a device, small steps', () => {
    const reports = series('nvr', 'VR-N16', 'plausible');
    for (const report of reports) {
      expect(report.cpu).toBeGreaterThanOrEqual(1);
      expect(report.cpu).toBeLessThanOrEqual(99);
      expect(report.memory).toBeGreaterThanOrEqual(5);
      expect(report.memory).toBeLessThanOrEqual(95);
      expect(report.temperature).toBeGreaterThan(20);
      expect(report.temperature).toBeLessThan(90);
      expect(report.storage?.used).toBeLessThanOrEqual(report.storage?.total ?? 0);
      expect(report.bitrate).toBe(report.channels?.reduce((sum, channel) => sum + channel.bitrate, 0));
    }
    for (let index = 1; index < reports.length; index += 1) {
      expect(Math.abs((reports[index]?.cpu ?? 0) - (reports[index - 1]?.cpu ?? 0))).toBeLessThan(15);
    }
  });

  it('take an NVR channel offline on video loss until its video is restored', () => {
    const random = seededRandom('events');
    const vitals = new Vitals('nvr', 'VR-N8', seededRandom('events', 'vitals'));
    const seen = new Set<string>();
    for (let index = 0; index < 500; index += 1) {
      const event = drawEvent('nvr', vitals.channels, random, index);
      seen.add(event.type);
      const channel = vitals.channels.find((candidate) => candidate.channel === event.channel);
      if (event.type === 'video_loss') expect(channel?.online).toBe(false);
      if (event.type === 'video_restored') expect(channel?.online).toBe(true);
      const report = vitals.sample(index, index, 30);
      for (const state of report.channels ?? []) if (!state.online) expect(state.bitrate).toBe(0);
    }
    expect(seen).toContain('video_loss');
    expect(seen).toContain('video_restored');
    expect(seen).toContain('motion');
  });

  it('space events as a Poisson process of the rate asked', () => {
    const random = seededRandom('poisson');
    const waits = Array.from({ length: 5_000 }, () => nextEventDelayMs(60, random));
    const mean = waits.reduce((sum, wait) => sum + wait, 0) / waits.length;
    // 60 an hour: a minute apart on average.
    expect(mean).toBeGreaterThan(55_000);
    expect(mean).toBeLessThan(65_000);
    expect(nextEventDelayMs(1e-9, random)).toBe(2 ** 31 - 1);
  });
});
