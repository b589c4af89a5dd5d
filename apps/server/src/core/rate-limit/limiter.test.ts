import { describe, expect, it } from 'vitest';
import { databasePerSuite, ENGINES } from '../../testing/harness.js';
import { dailyLimit, RateLimiter } from './limiter.js';
import { rateLimits } from './schema.js';

describe.each(ENGINES)('fixed-window rate limiter on %s', (engine) => {
  const database = databasePerSuite(engine);
  let now = Date.UTC(2031, 0, 1, 12, 0, 0);
  const clock = () => now;

  it('counts concurrent hits atomically: exactly max of them are allowed', async () => {
    const limiter = new RateLimiter(database().db, clock);
    const limit = { max: 20, windowMs: 60_000 };
    const results = await Promise.all(Array.from({ length: 30 }, () => limiter.hit('burst', limit)));
    expect(results.filter(Boolean)).toHaveLength(20);
    expect(await limiter.exhausted('burst', limit)).toBe(true);
  });

  it('counts a daily limit by the calendar day of Asia/Shanghai: a new day begins at 16:00 UTC', async () => {
    now = Date.UTC(2031, 0, 1, 16, 0, 0); // 00:00 on 2 January in Shanghai
    const limiter = new RateLimiter(database().db, clock);
    const limit = dailyLimit(1);
    expect(await limiter.hit('trial', limit)).toBe(true);
    now = Date.UTC(2031, 0, 2, 15, 59, 0); // 23:59 in Shanghai: the same day
    expect(await limiter.hit('trial', limit)).toBe(false);
    now = Date.UTC(2031, 0, 2, 16, 0, 0); // midnight in Shanghai
    expect(await limiter.hit('trial', limit)).toBe(true);
    await limiter.reset('trial');
    now = Date.UTC(2031, 0, 1, 12, 0, 0);
  });

  it('starts over in the next window and keeps keys apart', async () => {
    const limiter = new RateLimiter(database().db, clock);
    const limit = { max: 2, windowMs: 60_000 };
    expect(await limiter.hit('a', limit)).toBe(true);
    expect(await limiter.hit('a', limit)).toBe(true);
    expect(await limiter.hit('a', limit)).toBe(false);
    expect(await limiter.exhausted('b', limit)).toBe(false);
    now += 60_000;
    expect(await limiter.exhausted('a', limit)).toBe(false);
    expect(await limiter.hit('a', limit)).toBe(true);
  });

  it('takes back one hit of the current window on forgive, never below zero', async () => {
    const limiter = new RateLimiter(database().db, clock);
    const limit = { max: 1, windowMs: 60_000 };
    expect(await limiter.hit('e', limit)).toBe(true);
    expect(await limiter.exhausted('e', limit)).toBe(true);
    await limiter.forgive('e', limit);
    await limiter.forgive('e', limit);
    expect(await limiter.hit('e', limit)).toBe(true);
    expect(await limiter.hit('e', limit)).toBe(false);
  });

  it('forgets a key on reset and prunes windows older than two days', async () => {
    const limiter = new RateLimiter(database().db, clock);
    const limit = { max: 1, windowMs: 60_000 };
    await limiter.hit('c', limit);
    await limiter.reset('c');
    expect(await limiter.exhausted('c', limit)).toBe(false);
    now += 3 * 24 * 60 * 60_000;
    await new RateLimiter(database().db, clock).hit('d', limit);
    const keys = (await database().db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key);
    expect(keys).toEqual(['d']);
  });
});
