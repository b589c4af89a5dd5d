/** MQTT clients for the broker's tests: connected, refused, and all ended after each test. */
import { createHmac, randomBytes } from 'node:crypto';
import { mqttConnectStringToSign, mqttKeyPassword } from '@vap/contracts';
import mqtt, { type MqttClient } from 'mqtt';

/** An access key's MQTT password for one connection, signed now with a new nonce (docs/mqtt.md). */
export function keyPassword(
  key: { id: string; secret: string },
  clientId: string,
  nonce = randomBytes(12).toString('hex'),
) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', key.secret)
    .update(mqttConnectStringToSign({ keyId: key.id, clientId, timestamp, nonce }))
    .digest('hex');
  return mqttKeyPassword(timestamp, nonce, signature);
}

export function testClients(defaultUrl: () => string) {
  const open: MqttClient[] = [];
  const connect = async (options: mqtt.IClientOptions, url = defaultUrl()) => {
    const client = await mqtt.connectAsync(url, { reconnectPeriod: 0, connectTimeout: 5_000, ...options });
    open.push(client);
    return client;
  };
  return {
    connect,
    /** A unit's connection with its serial and secret. */
    connectDevice: (unit: { sn: string; secret: string }) =>
      connect({ clientId: unit.sn, username: unit.sn, password: unit.secret }),
    /** `'connected'`, or the CONNACK return code of a refusal. */
    refusalOf: (options: mqtt.IClientOptions, url = defaultUrl()) =>
      connect(options, url).then(
        () => 'connected',
        (error: Error & { code?: number }) => error.code,
      ),
    /** Forgets a client the test ended itself. */
    forget: (client: MqttClient) => {
      open.splice(open.indexOf(client), 1);
    },
    endAll: () => Promise.all(open.splice(0).map((client) => client.endAsync(true))),
  };
}
