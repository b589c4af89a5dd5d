/**
 * A local stand-in for a provider's far end (an SMS gateway, WeChat's OAuth endpoint): a real HTTP
 * server on 127.0.0.1 that records every call and answers what the test tells it to. The provider
 * under test is the real one; only where it connects to is local.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';

export interface RecordedCall {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: string;
}

export type FarEndAnswer = { status: number; body: unknown };

export interface FarEnd {
  calls: RecordedCall[];
  /** How to answer from now on: the same answer to every call, or one chosen per call. */
  answer(answer: FarEndAnswer | ((call: RecordedCall) => FarEndAnswer)): void;
  /** `http://127.0.0.1:<port>`. */
  url: string;
  close(): Promise<void>;
}

export async function startFarEnd(): Promise<FarEnd> {
  const calls: RecordedCall[] = [];
  let answer: (call: RecordedCall) => FarEndAnswer = () => ({ status: 200, body: {} });
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      const call = {
        method: request.method ?? '',
        url: new URL(request.url ?? '/', 'http://far-end'),
        headers: request.headers,
        body,
      };
      calls.push(call);
      const { status, body: answerBody } = answer(call);
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answerBody));
    });
  });
  // The SDKs keep connections alive between calls (the Alibaba one through a keep-alive agent). With
  // Node's 5 s default the server may close an idle one just as a slow test (a test app made on a
  // busy machine) reuses it, which reads as the provider failing; a test's far end keeps them open.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    calls,
    answer(next) {
      answer = typeof next === 'function' ? next : () => next;
    },
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/**
 * The far end of a test file's suite: started before its first test, its recorded calls forgotten
 * before each test, closed after the last. Answers it as a FarEnd to use from the tests and hooks.
 */
export function farEndSuite(): FarEnd {
  let far: FarEnd | undefined;
  const started = () => {
    if (!far) throw new Error('the far end starts before the first test');
    return far;
  };
  beforeAll(async () => {
    far = await startFarEnd();
  });
  afterAll(() => far?.close());
  beforeEach(() => {
    started().calls.length = 0;
  });
  return {
    get calls() {
      return started().calls;
    },
    answer: (next) => started().answer(next),
    get url() {
      return started().url;
    },
    close: () => started().close(),
  };
}
