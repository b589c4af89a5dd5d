import { describe, expect, it } from 'vitest';
import { tradeInApplyBodySchema, tradeInVouchers } from './campaigns.js';

const messages = (body: unknown) => {
  const parsed = tradeInApplyBodySchema.safeParse(body);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};
const line = (model_id: number, quantity = 1) => ({ model_id, quantity });

describe('a trade-in application (spec §5.7)', () => {
  it('requires a tracking number', () => {
    expect(messages({ campaign_id: 1, tracking_number: '   ', lines: [line(1)] })).toEqual([
      'validation.trackingNumber',
    ]);
  });

  it('keeps at least one device model, each once', () => {
    expect(messages({ campaign_id: 1, tracking_number: 'SF1', lines: [] })).toEqual([
      'validation.tradeInLines',
    ]);
    expect(messages({ campaign_id: 1, tracking_number: 'SF1', lines: [line(1), line(1, 2)] })).toEqual([
      'validation.tradeInModelDuplicate',
    ]);
    expect(messages({ campaign_id: 1, tracking_number: 'SF1', lines: [line(1), line(2)] })).toEqual([]);
  });

  it('earns two vouchers per own-brand device and one per other brand (spec §9)', () => {
    const terms = { own_brand_vouchers: 2, other_brand_vouchers: 1 };
    expect(
      tradeInVouchers(
        [
          { own_brand: true, quantity: 3 },
          { own_brand: false, quantity: 4 },
        ],
        terms,
      ),
    ).toBe(10);
  });
});
