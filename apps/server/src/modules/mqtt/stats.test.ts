/**
 * The broker's per-minute counts (issue 29): a minute is filed under the minute it measured, even
 * when the timer that writes it runs late — the "online clients" chart dropped to 0 for one minute
 * in every few while every device stayed connected.
 */
import { and, eq, gte } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companies } from '../../core/db/schema.js';
import { ENGINES, type TestApp } from '../../testing/harness.js';
import { blockApp } from '../../testing/suite-app.js';
import { mqttStats } from './schema.js';
import { BrokerStats } from './stats.js';

const MINUTE = 60_000;

describe.each(ENGINES)('the per-minute counts on %s (issue 29)', (engine) => {
  let t: TestApp;
  let companyId: number;
  blockApp(engine, { taskTickMs: 0 }, async (app) => {
    t = app;
    const [company] = await t.database.db.select({ id: companies.id }).from(companies).limit(1);
    companyId = company?.id ?? 0;
  });

  it('files each minute under the minute it counted when its timer fires late, none twice and none empty', async () => {
    // Minutes of this test alone, hours away from the app's own.
    const start = Date.now() - 5 * 3_600_000;
    const first = start - (start % MINUTE);
    let clock = first + 30_000;
    const stats = new BrokerStats(t.database.db, t.services.mqtt.broker, { warn: () => {} }, () => clock);
    const refusal = {
      clientId: 'x',
      username: 'x',
      ip: '10.0.0.1',
      transport: 'tcp',
      reason: 'bad_credentials',
      companyId,
    } as const;
    for (let minute = 0; minute < 4; minute++) {
      // Counted during the minute…
      stats.refused(refusal);
      // …and written by a timer that ran 5 ms to 2 s late, in the next minute.
      clock = first + (minute + 1) * MINUTE + ([5, 50, 2_000, 1][minute] ?? 0);
      await stats.flush();
      clock += 30_000;
    }
    const rows = await t.database.db
      .select({ minute: mqttStats.minute, refused: mqttStats.connectsRefused })
      .from(mqttStats)
      .where(and(eq(mqttStats.companyId, companyId), gte(mqttStats.minute, new Date(first))))
      .orderBy(mqttStats.minute);
    expect(rows.filter((row) => row.minute.getTime() < first + 10 * MINUTE)).toEqual(
      [0, 1, 2, 3].map((minute) => ({ minute: new Date(first + minute * MINUTE), refused: 1 })),
    );
  });
});
