/**
 * A server's V8 inspector, for a benchmark that must measure its memory after a full garbage
 * collection: started with `--inspect=127.0.0.1:0`, the server prints where its inspector listens;
 * `HeapProfiler.collectGarbage` then collects it without any code of its own. The DevTools
 * protocol speaks JSON over a WebSocket: the few frames it takes are written here rather than
 * adding a client library to the tests.
 */
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import type { Socket } from 'node:net';

/** The inspector's address in what the server printed (`Debugger listening on ws://…`). */
export function inspectorUrl(output: string): string {
  const found = /Debugger listening on (ws:\/\/\S+)/.exec(output);
  if (!found?.[1]) throw new Error('The server printed no inspector address (start it with --inspect)');
  return found[1];
}

/** A client's text frame: masked, as RFC 6455 asks of every client frame. */
function textFrame(text: string): Buffer {
  const payload = Buffer.from(text, 'utf8');
  const mask = randomBytes(4);
  const length =
    payload.length < 126
      ? Buffer.from([0x80 | payload.length])
      : payload.length < 65_536
        ? Buffer.from([0x80 | 126, payload.length >> 8, payload.length & 0xff])
        : (() => {
            const long = Buffer.alloc(9);
            long[0] = 0x80 | 127;
            long.writeBigUInt64BE(BigInt(payload.length), 1);
            return long;
          })();
  const masked = Buffer.from(payload.map((byte, index) => byte ^ (mask[index % 4] ?? 0)));
  return Buffer.concat([Buffer.from([0x81]), length, mask, masked]);
}

/** The text frames of a server's bytes (unmasked, unfragmented: what the inspector sends). */
function* textFrames(buffer: { bytes: Buffer }): Generator<string> {
  for (;;) {
    const bytes = buffer.bytes;
    if (bytes.length < 2) return;
    let length = (bytes[1] ?? 0) & 0x7f;
    let offset = 2;
    if (length === 126) {
      if (bytes.length < 4) return;
      length = bytes.readUInt16BE(2);
      offset = 4;
    } else if (length === 127) {
      if (bytes.length < 10) return;
      length = Number(bytes.readBigUInt64BE(2));
      offset = 10;
    }
    if (bytes.length < offset + length) return;
    buffer.bytes = bytes.subarray(offset + length);
    if (((bytes[0] ?? 0) & 0x0f) === 0x1) yield bytes.subarray(offset, offset + length).toString('utf8');
  }
}

/** Opens the inspector's WebSocket. */
function open(url: string): Promise<Socket> {
  const { hostname, port, pathname } = new URL(url);
  return new Promise((resolve, reject) => {
    const upgrade = request({
      host: hostname,
      port,
      path: pathname,
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Key': randomBytes(16).toString('base64'),
        'Sec-WebSocket-Version': '13',
      },
    });
    upgrade.once('upgrade', (_response, socket) => resolve(socket));
    upgrade.once('response', (response) => reject(new Error(`inspector answered ${response.statusCode}`)));
    upgrade.once('error', reject);
    upgrade.end();
  });
}

/** One session with a process's inspector: calls answered in turn (a profile lives in its session). */
export class InspectorSession {
  private lastId = 0;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private readonly buffer = { bytes: Buffer.alloc(0) };

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buffer.bytes = Buffer.concat([this.buffer.bytes, chunk]);
      for (const text of textFrames(this.buffer)) {
        const message = JSON.parse(text) as { id?: number; result?: unknown; error?: { message: string } };
        const waiting = message.id === undefined ? undefined : this.pending.get(message.id);
        if (!waiting || message.id === undefined) continue;
        this.pending.delete(message.id);
        if (message.error) waiting.reject(new Error(message.error.message));
        else waiting.resolve(message.result);
      }
    });
    const fail = (error: Error) => {
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    socket.once('error', fail);
    socket.once('close', () => fail(new Error('the inspector closed')));
  }

  static async open(url: string): Promise<InspectorSession> {
    return new InspectorSession(await open(url));
  }

  /** Calls one DevTools protocol method and answers its result. */
  call(method: string, params: object = {}): Promise<unknown> {
    const id = ++this.lastId;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.socket.write(textFrame(JSON.stringify({ id, method, params })));
    });
  }

  close() {
    this.socket.destroy();
  }
}

/** A full garbage collection of the server, then its heap in use (bytes). */
export async function collectGarbage(url: string): Promise<number> {
  const session = await InspectorSession.open(url);
  try {
    await session.call('HeapProfiler.collectGarbage');
    const usage = (await session.call('Runtime.getHeapUsage')) as { usedSize: number };
    return usage.usedSize;
  } finally {
    session.close();
  }
}

/**
 * Profiles the process's CPU while `during` runs, and writes the profile where DevTools and
 * speedscope open it (`.cpuprofile`).
 */
export async function profiled<T>(url: string, file: string, during: () => Promise<T>): Promise<T> {
  const session = await InspectorSession.open(url);
  try {
    await session.call('Profiler.enable');
    await session.call('Profiler.setSamplingInterval', { interval: 200 });
    await session.call('Profiler.start');
    const result = await during();
    const { profile } = (await session.call('Profiler.stop')) as { profile: unknown };
    await writeFile(file, JSON.stringify(profile));
    return result;
  } finally {
    session.close();
  }
}
