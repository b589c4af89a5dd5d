/** A real local HTTP server for the kernel's HTTP and session tests (Node environment only). */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

export interface TestServer {
  /** Base URL ending in /webapi. */
  base: string;
  handlers: Map<string, Handler>;
  /** Paths requested, in order. */
  requests: string[];
  close(): Promise<void>;
}

export function json(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
}

export async function startTestServer(): Promise<TestServer> {
  const handlers = new Map<string, Handler>();
  const requests: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      requests.push(`${req.method} ${path}`);
      const handler = handlers.get(path);
      if (handler) handler(req, res, body);
      else json(res, 404, { code: 'not_found', message: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webapi`,
    handlers,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An in-memory `Storage` for tests outside a DOM. */
export class MemoryStorage implements Storage {
  readonly #items = new Map<string, string>();
  get length() {
    return this.#items.size;
  }
  clear() {
    this.#items.clear();
  }
  getItem(key: string) {
    return this.#items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.#items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.#items.delete(key);
  }
  setItem(key: string, value: string) {
    this.#items.set(key, value);
  }
}
