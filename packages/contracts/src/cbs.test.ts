import { describe, expect, it } from 'vitest';
import { CLOUD_PLAN_QUOTAS, cloudChargeNote, parseCloudChargeNote, proratedFen } from './cbs.js';

describe('cloud storage packages (spec §9)', () => {
  it('give the free tier 50 MB and 10 MB a month, the R series 500 and 100, the C series 100 and 20', () => {
    const MB = 1024 * 1024;
    expect(CLOUD_PLAN_QUOTAS.free).toEqual({ space: 50 * MB, flow: 10 * MB });
    expect(CLOUD_PLAN_QUOTAS.r).toEqual({ space: 500 * MB, flow: 100 * MB });
    expect(CLOUD_PLAN_QUOTAS.c).toEqual({ space: 100 * MB, flow: 20 * MB });
  });

  it('charge the rest of a month by the time left, rounded up to a fen', () => {
    expect(proratedFen(3_000, 0, 0, 30)).toBe(3_000);
    expect(proratedFen(3_000, 15, 0, 30)).toBe(1_500);
    expect(proratedFen(1_000, 1, 0, 3)).toBe(667);
    expect(proratedFen(1_000, 30, 0, 30)).toBe(0);
  });

  it('note their charges as codes the console translates', () => {
    expect(parseCloudChargeNote(cloudChargeNote('upgrade', 'r'))).toEqual({ reason: 'upgrade', plan: 'r' });
    expect(parseCloudChargeNote('bank transfer')).toBeNull();
    expect(parseCloudChargeNote('cbs:refund:r')).toBeNull();
  });
});
