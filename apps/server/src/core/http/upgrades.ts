/**
 * The WebSocket endpoints on the HTTP port (the MQTT broker's `/mqtt`, the remote terminal's):
 * Node hands every upgrade request to one `upgrade` event, which this routes by path; a path no
 * one claimed is answered 404 and closed.
 */
import type { Server as HttpServer, IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';

export type UpgradeHandler = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;

export class Upgrades {
  private readonly routes = new Map<string, UpgradeHandler>();

  constructor(server: HttpServer) {
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      const handler = this.routes.get((request.url ?? '').split('?')[0] ?? '');
      if (!handler) {
        socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      handler(request, socket, head);
    });
  }

  /** Takes the upgrades of one path; a path is one endpoint's. */
  route(path: string, handler: UpgradeHandler) {
    if (this.routes.has(path)) throw new Error(`WebSocket path ${path} is taken`);
    this.routes.set(path, handler);
  }
}
