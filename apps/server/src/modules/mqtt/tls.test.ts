/**
 * MQTT over TLS (MQTT_TLS_CERT, MQTT_TLS_KEY): the TCP listener speaks TLS with the configured
 * certificate, a device connects with mqtts:// and is listed with transport `tls`.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeListParam, MQTT_PATHS, type MqttClient } from '@vap/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundDevices } from '../../testing/device-fixtures.js';
import { bearer, createTestApp, type TestApp } from '../../testing/harness.js';
import { writeSelfSigned } from '../../testing/self-signed.js';
import { testClients } from './test-support.js';

describe('the MQTT broker over TLS', () => {
  let t: TestApp;
  let dir: string;
  let port: number;
  let ca: Buffer;
  const { connect, refusalOf, endAll } = testClients(() => `mqtts://127.0.0.1:${port}`);

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vap-mqtt-tls-'));
    const { certFile, keyFile } = writeSelfSigned(dir, '/CN=localhost', [
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ]);
    ca = await readFile(certFile);
    t = await createTestApp('pglite');
    port = await t.services.mqtt.broker.listenTcp({
      port: 0,
      host: '127.0.0.1',
      chosen: true,
      tls: { certFile, keyFile },
    });
  });
  afterAll(async () => {
    await endAll();
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('lets a device in over mqtts:// with the certificate, listed with transport tls', async () => {
    const [row] = await boundDevices(t.database, t.serverSecret);
    if (!row) throw new Error('no device');
    await connect({ clientId: row.sn, username: row.sn, password: row.secret, ca });
    const owner = bearer(await t.signIn());
    const wheres = encodeURIComponent(encodeListParam([{ k: 'client_id', o: '=', v: row.sn }]));
    await expect
      .poll(async () => {
        const listed = await t.app.inject({
          method: 'GET',
          url: `/webapi${MQTT_PATHS.clients}?wheres=${wheres}`,
          headers: owner,
        });
        return listed.json<{ items: MqttClient[] }>().items[0]?.transport;
      })
      .toBe('tls');
  });

  it('refuses a client that does not trust the certificate', async () => {
    expect(
      await refusalOf({ clientId: 'untrusting', username: 'x', password: 'y', connectTimeout: 3_000 }),
    ).not.toBe('connected');
  });
});
