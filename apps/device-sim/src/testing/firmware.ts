/**
 * A firmware package on a local HTTP server on a free port, for the upgrade's tests: as the server's
 * signed download would be, in chunks with a pause between them (a download that takes a while), or
 * refused with a status.
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

export interface PackageOptions {
  /** Its length in bytes; 100 000. */
  size?: number;
  /** Sent in this many writes; 10. */
  chunks?: number;
  /** Between two writes, ms; 0. */
  pauseMs?: number;
  /** Not 200: the server refuses with this status and no package. */
  status?: number;
}

export class PackageServer {
  /** GET requests of the package so far. */
  requests = 0;

  private constructor(
    private readonly server: Server,
    readonly url: string,
    readonly body: Buffer,
  ) {}

  static async start({ size = 100_000, chunks = 10, pauseMs = 0, status = 200 }: PackageOptions = {}) {
    const body = Buffer.from(Array.from({ length: size }, (_, index) => (index * 7) % 251));
    const step = Math.ceil(size / chunks);
    let served: PackageServer | undefined;
    const server = createServer((request, response) => {
      if (served) served.requests += 1;
      if (status !== 200) {
        response.writeHead(status, { 'content-type': 'text/plain' }).end('refused');
        return;
      }
      response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': size });
      void (async () => {
        for (let offset = 0; offset < size && !response.destroyed; offset += step) {
          if (offset > 0 && pauseMs > 0) await sleep(pauseMs);
          response.write(body.subarray(offset, offset + step));
        }
        response.end();
      })();
      request.resume();
    });
    const port = await new Promise<number>((resolve) =>
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : 0);
      }),
    );
    served = new PackageServer(server, `http://127.0.0.1:${port}/firmware/pkg.bin?expires=1&sig=abc`, body);
    return served;
  }

  get md5(): string {
    return createHash('md5').update(this.body).digest('hex');
  }

  get size(): number {
    return this.body.length;
  }

  /** The args of an upgrade to `version` from this package. */
  args(version: string, md5 = this.md5): { url: string; md5: string; size: number; version: string } {
    return { url: this.url, md5, size: this.size, version };
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
