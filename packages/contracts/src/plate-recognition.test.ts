import { describe, expect, it } from 'vitest';
import {
  PLATE_TYPES,
  PRS_IMAGE_MAX_BASE64,
  PRS_IMAGE_MAX_BYTES,
  PRS_TIERS,
  plateReadingSchema,
  priceOfRank,
  tierOfRank,
} from './plate-recognition.js';

describe('plate recognition (spec §9)', () => {
  it('lists 28 plate types, each once', () => {
    expect(PLATE_TYPES).toHaveLength(28);
    expect(new Set(PLATE_TYPES).size).toBe(28);
  });

  it('prices a month’s calls by rank: ¥0.10 to 10,000, ¥0.08 to 100,000, ¥0.04 to 1,000,000, then ¥0.02', () => {
    expect(PRS_TIERS.map((tier) => [tier.upTo, tier.priceFen])).toEqual([
      [10_000, 10],
      [100_000, 8],
      [1_000_000, 4],
      [null, 2],
    ]);
    expect([1, 10_000, 10_001, 100_000, 100_001, 1_000_000, 1_000_001].map(priceOfRank)).toEqual([
      10, 10, 8, 8, 4, 4, 2,
    ]);
    expect(tierOfRank(5_000_000)).toBe(3);
  });

  it('takes a box of exactly four corners and a confidence from 0 to 1', () => {
    const plate = {
      number: '沪A12345',
      type: 'small_vehicle',
      color: 'unknown',
      confidence: 0.5,
      box: [
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 1],
      ],
    };
    expect(plateReadingSchema.safeParse(plate).success).toBe(true);
    expect(plateReadingSchema.safeParse({ ...plate, box: plate.box.slice(0, 3) }).success).toBe(false);
    expect(plateReadingSchema.safeParse({ ...plate, confidence: 97 }).success).toBe(false);
  });

  it('bounds the base64 of an image at that of 2 MiB', () => {
    expect(PRS_IMAGE_MAX_BASE64).toBe(Math.ceil(PRS_IMAGE_MAX_BYTES / 3) * 4);
  });
});
