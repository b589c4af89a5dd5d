/**
 * The broker's summary of the dashboard's card (issue 29): the company's clients connected now, by
 * kind, on every node, and its messages a minute over the last MQTT_SUMMARY_MINUTES whole minutes
 * as the broker's counts recorded them — another company's never, and only with page mqtt_dashboard.
 */
import { MQTT_PATHS, MQTT_SUMMARY_MINUTES, type MqttSummary } from '@vap/contracts';
import { describe, expect, it } from 'vitest';
import { createKey, USERS_OPERATION } from '../../testing/access-keys.js';
import { addAccount } from '../../testing/accounts.js';
import { cardSummary } from '../../testing/card-summary.js';
import { createTestApp, ENGINES, type TestApp } from '../../testing/harness.js';
import { mqttStats } from './schema.js';
import { messageRate } from './summary.js';
import { boundUnits, brokerSuite } from './test-support.js';

const MINUTE_MS = 60_000;

describe.each(ENGINES)('the broker summary (issue 29) on %s', (engine) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let companyId: number;
  let otherCompanyId: number;
  const { connectDevice, connectKey } = brokerSuite(
    () => createTestApp(engine),
    async (suite) => {
      ({ t, owner, companyId } = suite);
      const stranger = await addAccount(t, { company: 'own', verifyStatus: 2 });
      otherCompanyId = stranger.companyId ?? 0;
    },
  );

  /** One company's counts of the minute starting `minute`, as a node writes them. */
  const minuteRow = (company: number, minute: number, messagesIn: number, messagesOut: number) => ({
    companyId: company,
    node: 'summary-test-node',
    minute: new Date(minute),
    deviceClients: 0,
    userClients: 0,
    subscriptions: 0,
    messagesIn,
    messagesOut,
  });

  const { summary, strangerSummary, memberRefusal } = cardSummary<MqttSummary>(() => t, MQTT_PATHS.summary);

  it('averages the messages of the last whole minutes, leaving out the minute under way and older ones', async () => {
    const now = Date.parse('2026-11-16T04:00:30Z');
    const minute = now - (now % MINUTE_MS);
    await t.database.db.insert(mqttStats).values([
      // The minute under way, and the one before the window: not counted.
      minuteRow(companyId, minute, 9_000, 9_000),
      minuteRow(companyId, minute - (MQTT_SUMMARY_MINUTES + 1) * MINUTE_MS, 9_000, 9_000),
      ...Array.from({ length: MQTT_SUMMARY_MINUTES }, (_, index) =>
        minuteRow(companyId, minute - (index + 1) * MINUTE_MS, 10 * (index + 1), 3),
      ),
      // Another company's traffic in the same minutes.
      minuteRow(otherCompanyId, minute - MINUTE_MS, 5_000, 5_000),
    ]);
    // 10 + 20 + 30 + 40 + 50 in five minutes; 3 out each minute.
    expect(await messageRate(t.database.db, companyId, now)).toEqual({ in: 30, out: 3 });
    expect(await messageRate(t.database.db, otherCompanyId, now)).toEqual({ in: 1_000, out: 1_000 });
  });

  it("counts the company's clients connected now by kind, and its traffic, not another company's", async () => {
    // The same counts in every minute around now, so that a minute ending during the test changes nothing.
    const minute = Date.now() - (Date.now() % MINUTE_MS);
    await t.database.db
      .insert(mqttStats)
      .values(
        Array.from({ length: MQTT_SUMMARY_MINUTES + 4 }, (_, index) =>
          minuteRow(companyId, minute - (index - 2) * MINUTE_MS, 120, 60),
        ),
      )
      .onConflictDoNothing();
    const units = await boundUnits(t, 3, companyId);
    for (const unit of units.slice(0, 2)) await connectDevice(unit);
    const key = await createKey(t, owner, { is_access_all_group: true, operations: [USERS_OPERATION] });
    await connectKey(key, 'summary-reader');
    await expect.poll(() => t.services.mqtt.broker.allConnections().length).toBe(3);
    expect(await summary(owner)).toEqual({
      device_clients: 2,
      user_clients: 1,
      messages_in_per_minute: 120,
      messages_out_per_minute: 60,
    });
    expect(await strangerSummary()).toEqual({
      device_clients: 0,
      user_clients: 0,
      messages_in_per_minute: 0,
      messages_out_per_minute: 0,
    });
  });

  it('needs the broker dashboard page (403 for a role with only the client list)', async () => {
    expect(await memberRefusal(companyId, { mqtt_device_client: [] })).toEqual([403, 'forbidden']);
  });
});
