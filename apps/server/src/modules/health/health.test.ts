import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ENGINES, statementsDuring, type TestApp } from '../../testing/harness.js';

describe.each(ENGINES)('health routes on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    // No task engine, money schedule or broker heartbeat: their statements would land among the counted ones.
    t = await createTestApp(engine, { taskTickMs: 0, mqttBroker: false });
  });
  afterAll(() => t.close());

  it('healthz names the database engine it reached', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/webapi/healthz' });
    expect(response.json()).toEqual({ status: 'ok', database: engine });
  });

  it('livez answers without touching the database', async () => {
    const statements = await statementsDuring(t.database, async () => {
      const response = await t.app.inject({ method: 'GET', url: '/webapi/livez' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    });
    expect(statements).toEqual([]);
  });
});
