/**
 * The device clients' export (page mqtt_device_client, button export; issue 29): the company's
 * connected devices that match the list's filters, in its order, as .xlsx with the list's own
 * headers and values in the caller's language; refused beyond 5000 rows with spec §8's message, and
 * to a role without the button.
 */
import { randomBytes } from 'node:crypto';
import {
  encodeListParam,
  MQTT_CLIENT_EXPORT_MAX_ROWS,
  MQTT_PATHS,
  type MqttClient,
  type Order,
  type Where,
} from '@vap/contracts';
import { ne } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { devices } from '../../core/db/devices.js';
import { roles } from '../../core/db/schema.js';
import { DATE_TIME_FORMAT } from '../../core/http/xlsx-download.js';
import { createKey, USERS_OPERATION } from '../../testing/access-keys.js';
import { addAccount } from '../../testing/accounts.js';
import { createTestApp, ENGINES, type TestApp } from '../../testing/harness.js';
import { sheetOf } from '../../testing/xlsx-answers.js';
import { boundUnits, brokerSuite } from './test-support.js';

describe.each(ENGINES)('the device clients export, on %s (issue 29)', (engine) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let companyId: number;
  const { connectDevice, connectKey } = brokerSuite(
    () => createTestApp(engine),
    (suite) => ({ t, owner, companyId } = suite),
  );
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const exportOf = (
    headers: Record<string, string>,
    query: { wheres?: Where[]; orders?: Order[] } = {},
    language = 'en',
  ) => {
    const params = new URLSearchParams();
    if (query.wheres) params.set('wheres', encodeListParam(query.wheres));
    if (query.orders) params.set('orders', encodeListParam(query.orders));
    return t.app.inject({
      method: 'GET',
      url: `/webapi${MQTT_PATHS.clientsExport}?${params}`,
      headers: { ...headers, 'accept-language': language },
    });
  };

  /** CONNACK goes out before the broker counts the client as connected. */
  const counted = (clientId: string) =>
    expect
      .poll(() =>
        t.services.mqtt.broker.allConnections().some((connection) => connection.clientId === clientId),
      )
      .toBe(true);

  async function roleWith(menus: Record<string, string[]>) {
    const [role] = await t.database.db
      .insert(roles)
      .values({ companyId, name: `导出 ${randomBytes(3).toString('hex')}`, menus })
      .returning({ id: roles.id });
    return (await addAccount(t, { company: 'demo', roleId: role?.id ?? -1 })).headers;
  }

  it("exports the company's connected devices that match, in the list's order, with the list's headers and values", async () => {
    const [first, second] = await boundUnits(t, 2, companyId);
    const [other] = await t.database.db
      .select({ companyId: devices.companyId })
      .from(devices)
      .where(ne(devices.companyId, companyId))
      .limit(1);
    const [foreign] = await boundUnits(t, 1, other?.companyId);
    if (!first || !second || !foreign) throw new Error('no units');
    await connectDevice(first);
    const device = await connectDevice(second);
    await device.subscribeAsync(`vap/dev/${second.sn}/down/#`);
    await connectDevice(foreign);
    // A user client of the company is the user clients page's, not this export's.
    const key = await createKey(t, owner, { is_access_all_group: true, operations: [USERS_OPERATION] });
    await connectKey(key, 'integration-1');
    for (const clientId of [first.sn, second.sn, foreign.sn, 'integration-1']) await counted(clientId);

    const all = await exportOf(owner, { orders: [{ k: 'client_id', o: 'desc' }] });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.headers['content-type']).toContain('spreadsheetml');
    expect(all.headers['content-disposition']).toMatch(
      /^attachment; filename="mqtt-device-clients-\d+\.xlsx"$/,
    );
    const { sheet, rows } = await sheetOf(all.rawPayload);
    expect(rows[0]).toEqual([
      'Client ID',
      'Username',
      'IP address',
      'Transport',
      'Protocol',
      'Connected at',
      'Subscriptions',
      'Messages in',
      'Messages out',
      'Keep-alive',
      'Broker node',
    ]);
    // Its own devices only, in the asked order; what the list shows in words is in words.
    expect(rows.slice(1).map((row) => row.slice(0, 5))).toEqual(
      [first.sn, second.sn]
        .sort()
        .reverse()
        .map((sn) => [sn, sn, '127.0.0.1', 'TCP', 'MQTT 3.1.1']),
    );
    const subscribed = rows.find((row) => row[0] === second.sn);
    expect(subscribed?.slice(6)).toEqual([1, 0, 0, 60, t.services.mqtt.broker.nodeId]);
    const connectedAt = sheet.getRow(2).getCell(6);
    expect(connectedAt?.value).toBeInstanceOf(Date);
    expect(connectedAt?.numFmt).toBe(DATE_TIME_FORMAT);

    // The list's filters, and its language.
    const one = await exportOf(owner, { wheres: [{ k: 'client_id', o: '=', v: first.sn }] }, 'zh-CN');
    expect(one.statusCode, one.body).toBe(200);
    const chinese = await sheetOf(one.rawPayload);
    expect(chinese.rows).toEqual([
      expect.arrayContaining(['客户端 ID', '连接时间']),
      expect.arrayContaining([first.sn, '127.0.0.1']),
    ]);
    // A filter the list does not take is refused, as the list refuses it.
    expect(
      (await exportOf(owner, { wheres: [{ k: 'password', o: '=', v: 'x' }] as unknown as Where[] }))
        .statusCode,
    ).toBe(400);
  });

  it('needs the export button of mqtt_device_client', async () => {
    expect((await exportOf(await roleWith({ mqtt_device_client: ['kick'] }))).statusCode).toBe(403);
    expect((await exportOf(await roleWith({ mqtt_log: ['export'] }))).statusCode).toBe(403);
    const allowed = await exportOf(await roleWith({ mqtt_device_client: ['export'] }));
    expect(allowed.statusCode, allowed.body).toBe(200);
  });

  it(`exports ${MQTT_CLIENT_EXPORT_MAX_ROWS} devices and refuses one more with the message of spec §8`, async () => {
    const client = (index: number): MqttClient => ({
      client_id: String(10_000_000_000_000_000_000n + BigInt(index)),
      username: String(10_000_000_000_000_000_000n + BigInt(index)),
      kind: 'device',
      auth: null,
      device_id: index,
      user_id: null,
      ip: '10.0.0.1',
      transport: 'tcp',
      protocol_level: 4,
      keepalive: 60,
      clean_start: true,
      connected_at: new Date().toISOString(),
      subscriptions: 1,
      messages_in: 0,
      messages_out: 0,
      node: 'node-a',
    });
    // As many connections as the cluster view would gather from its nodes.
    const connected = (count: number) =>
      vi
        .spyOn(t.services.mqtt.broker.cluster, 'clients')
        .mockResolvedValue(
          Array.from({ length: count }, (_, index) => ({ client: client(index), subscriptions: [] })),
        );
    connected(MQTT_CLIENT_EXPORT_MAX_ROWS);
    const most = await exportOf(owner);
    expect(most.statusCode, most.body).toBe(200);
    expect((await sheetOf(most.rawPayload)).rows).toHaveLength(MQTT_CLIENT_EXPORT_MAX_ROWS + 1);

    connected(MQTT_CLIENT_EXPORT_MAX_ROWS + 1);
    const refused = await exportOf(owner);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: 'log_export_too_many_rows',
      message: 'Log export at most 5000 rows: narrow the time range or the filters',
    });
    const chinese = await exportOf(owner, {}, 'zh-CN');
    expect(chinese.json<{ message: string }>().message).toContain('5000');
    // Narrowed by a filter, it is exported.
    const narrowed = await exportOf(owner, { wheres: [{ k: 'client_id', o: '=', v: client(7).client_id }] });
    expect(narrowed.statusCode).toBe(200);
  });
});
