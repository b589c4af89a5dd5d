/**
 * The broker's packet limit (issue 28, MQTT_MAX_PACKET_SIZE, 256 KB by default): nothing large is
 * held for a socket that has not authenticated — a CONNECT announcing 256 MB, or a WebSocket
 * message announcing 64 MB, is refused from its announced length — and no client, authenticated or
 * not, of any protocol version, gets a larger packet through; MQTT 5 clients are told the limit.
 */
import { connect as connectTcp, type Socket } from 'node:net';
import mqtt, { type IConnackPacket } from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_MQTT_LIMITS } from '../../core/config.js';
import { createTestApp, ENGINES, type TestApp } from '../../testing/harness.js';
import { boundUnits, brokerSuite } from './test-support.js';
import { deviceTopic } from './topics.js';

const LIMIT = DEFAULT_MQTT_LIMITS.maxPacketSize;
const MB = 1024 * 1024;
/** What each hostile socket sends, and how many send at once. */
const STREAMED = 64 * MB;
const SOCKETS = 4;

/** MQTT's variable-length encoding of a remaining length (§1.5.5). */
function remainingLength(length: number): Buffer {
  const bytes: number[] = [];
  let left = length;
  do {
    let byte = left % 128;
    left = Math.floor(left / 128);
    if (left > 0) byte |= 0x80;
    bytes.push(byte);
  } while (left > 0);
  return Buffer.from(bytes);
}

/**
 * Writes `header`, then zeros as fast as the server takes them, up to `total` bytes or until the
 * server closes the socket. Answers how many bytes went out, the socket left open if the server
 * did not close it.
 */
function stream(socket: Socket, header: Buffer, total: number): Promise<{ sent: number; closed: boolean }> {
  const chunk = Buffer.alloc(64 * 1024);
  return new Promise((resolve) => {
    let sent = 0;
    let closed = false;
    socket.on('error', () => {});
    socket.once('close', () => {
      closed = true;
      resolve({ sent, closed });
    });
    const pump = () => {
      while (!closed && sent < total) {
        sent += chunk.length;
        if (!socket.write(chunk)) return socket.once('drain', pump);
      }
      if (!closed) resolve({ sent, closed });
    };
    socket.write(header);
    pump();
  });
}

/** An open socket to `port`, connected. */
const opened = (port: number) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = connectTcp({ host: '127.0.0.1', port }, () => resolve(socket));
    socket.once('error', reject);
  });

/** The first bytes of a client's WebSocket frame: binary, final, masked (with a zero mask), `length` long. */
function frameHeader(length: number): Buffer {
  const header = Buffer.alloc(14);
  header[0] = 0x82;
  header[1] = 0x80 | 127;
  header.writeBigUInt64BE(BigInt(length), 2);
  return header;
}

/** A socket upgraded to WebSocket at /mqtt, past the server's 101. */
function upgraded(httpPort: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connectTcp({ host: '127.0.0.1', port: httpPort }, () => {
      socket.write(
        [
          'GET /mqtt HTTP/1.1',
          `Host: 127.0.0.1:${httpPort}`,
          'Upgrade: websocket',
          'Connection: Upgrade',
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
          'Sec-WebSocket-Version: 13',
          'Sec-WebSocket-Protocol: mqtt',
          '',
          '',
        ].join('\r\n'),
      );
    });
    socket.once('error', reject);
    let answer = '';
    const read = (data: Buffer) => {
      answer += data.toString('latin1');
      if (!answer.includes('\r\n\r\n')) return;
      socket.off('data', read);
      if (answer.startsWith('HTTP/1.1 101')) resolve(socket);
      else reject(new Error(answer));
    };
    socket.on('data', read);
  });
}

const rssMb = () => process.memoryUsage.rss() / MB;

describe.each(ENGINES)('the broker’s packet limit, on %s (issue 28)', (engine) => {
  let t: TestApp;
  let port: number;
  let httpPort: number;
  const { connectDevice } = brokerSuite(
    () => createTestApp(engine),
    (suite) => ({ t, port, httpPort } = suite),
    { http: true },
  );
  const sockets: Socket[] = [];
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.destroy();
  });

  /** What the server's subscriber receives on a topic. */
  const received = (topic: string) => {
    const payloads: Buffer[] = [];
    t.services.mqtt.broker.aedes.subscribe(
      topic,
      (packet, done) => {
        payloads.push(packet.payload as Buffer);
        done();
      },
      () => {},
    );
    return payloads;
  };

  it(`holds nothing large before authentication: ${SOCKETS} sockets streaming CONNECTs that announce 256 MB are cut off, the memory unchanged`, async () => {
    const before = rssMb();
    const connects = await Promise.all(
      Array.from({ length: SOCKETS }, async () => {
        const socket = await opened(port);
        sockets.push(socket);
        return stream(socket, Buffer.concat([Buffer.from([0x10]), remainingLength(256 * MB - 1)]), STREAMED);
      }),
    );
    // Without the limit the four held what they sent, until the connect timeout 30 s later.
    expect(rssMb() - before).toBeLessThan(32);
    for (const connect of connects) {
      expect(connect.closed).toBe(true);
      expect(connect.sent).toBeLessThan(STREAMED);
    }
  });

  it(`holds nothing large before authentication over WebSocket: ${SOCKETS} messages announcing 64 MB are refused from their header`, async () => {
    const before = rssMb();
    const messages = await Promise.all(
      Array.from({ length: SOCKETS }, async () => {
        const socket = await upgraded(httpPort);
        sockets.push(socket);
        return stream(socket, frameHeader(STREAMED), STREAMED);
      }),
    );
    // Without the limit ws buffered each message whole (up to its own 100 MiB).
    expect(rssMb() - before).toBeLessThan(32);
    for (const message of messages) {
      expect(message.closed).toBe(true);
      expect(message.sent).toBeLessThan(STREAMED);
    }
  });

  it('tells an MQTT 5 client the largest packet it takes, in the CONNACK', async () => {
    const [unit] = await boundUnits(t, 1);
    if (!unit) throw new Error('no unit');
    const connack = await new Promise<IConnackPacket>((resolve, reject) => {
      const client = mqtt.connect(`mqtt://127.0.0.1:${port}`, {
        protocolVersion: 5,
        clientId: unit.sn,
        username: unit.sn,
        password: unit.secret,
        reconnectPeriod: 0,
      });
      client.once('connect', (packet) => {
        client.end(true);
        resolve(packet);
      });
      client.once('error', reject);
    });
    expect(connack.properties?.maximumPacketSize).toBe(LIMIT);
  });

  it('lets an authenticated device publish up to the limit, and closes an MQTT 3.1.1 connection that publishes more', async () => {
    const [unit] = await boundUnits(t, 1);
    if (!unit) throw new Error('no unit');
    const topic = deviceTopic(unit.sn, 'up', 'big');
    const payloads = received(topic);
    const device = await connectDevice(unit);
    // The topic and the fixed header take their part of the limit.
    await device.publishAsync(topic, Buffer.alloc(LIMIT - 1024), { qos: 1 });
    await expect.poll(() => payloads.length).toBe(1);

    device.publish(topic, Buffer.alloc(MB), { qos: 0 });
    await expect.poll(() => device.connected, { timeout: 5_000 }).toBe(false);
    expect(payloads.length).toBe(1);
    await expect
      .poll(() =>
        t.services.mqtt.broker.allConnections().some((connection) => connection.clientId === unit.sn),
      )
      .toBe(false);
  });

  it('tells an MQTT 5 device that publishes more than the limit DISCONNECT 0x95 and drops the message', async () => {
    const [unit] = await boundUnits(t, 1);
    if (!unit) throw new Error('no unit');
    const topic = deviceTopic(unit.sn, 'up', 'big');
    const payloads = received(topic);
    const device = await connectDevice(unit, { protocolVersion: 5 });
    const told = new Promise<number | undefined>((resolve) =>
      device.once('disconnect', (packet) => resolve(packet.reasonCode)),
    );
    device.publish(topic, Buffer.alloc(16 * MB), { qos: 0 });
    expect(await Promise.race([told, new Promise((resolve) => setTimeout(resolve, 5_000, 'not told'))])).toBe(
      0x95,
    );
    expect(payloads).toEqual([]);
  });
});
