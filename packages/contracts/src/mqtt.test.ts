import { describe, expect, it } from 'vitest';
import { mqttLogQuerySchema, mqttSeriesQuerySchema } from './mqtt.js';

describe('MQTT queries (issue 15)', () => {
  const at = (days: number) => new Date(Date.UTC(2026, 10, 1) + days * 86_400_000).toISOString();

  it('a log query spans at most the seven days kept, and ends after it starts', () => {
    expect(mqttLogQuerySchema.safeParse({ from: at(0), to: at(7) }).success).toBe(true);
    expect(mqttLogQuerySchema.safeParse({ from: at(0), to: at(7.01) }).success).toBe(false);
    expect(mqttLogQuerySchema.safeParse({ from: at(1), to: at(0) }).success).toBe(false);
  });

  it('a time series is asked in an offered step, with at most 2016 points', () => {
    expect(mqttSeriesQuerySchema.safeParse({ from: at(0), to: at(7), step: '300' }).success).toBe(true);
    expect(mqttSeriesQuerySchema.safeParse({ from: at(0), to: at(7), step: '60' }).success).toBe(false);
    expect(mqttSeriesQuerySchema.safeParse({ from: at(0), to: at(1), step: '120' }).success).toBe(false);
  });
});
