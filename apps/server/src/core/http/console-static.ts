/**
 * Serves the console build at `/`: hashed assets (`/assets/*`) cached for a year as immutable,
 * everything else (`index.html`) revalidated on every load; each file in the brotli or gzip copy
 * the build wrote beside it when the browser accepts one (`Vary: Accept-Encoding`). `index.html`
 * answers every other GET that accepts HTML, so that a reload on any console route works (the
 * console routes itself), in the version that preloads the visitor's language (console-index.ts).
 * Source maps only when `serveSourceMaps`.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ConsoleIndex } from './console-index.js';
import { sendNotFound } from './errors.js';
import { negotiateLanguage, translate } from './i18n.js';

const isApi = (url: string) => url === '/webapi' || url.startsWith('/webapi/') || url.startsWith('/webapi?');

export interface ConsoleOptions {
  serveSourceMaps: boolean;
}

export async function registerConsole(app: FastifyInstance, consoleDir: string, options: ConsoleOptions) {
  const built = existsSync(join(consoleDir, 'index.html'));
  const assets = `${join(consoleDir, 'assets')}/`;
  const index = built ? ConsoleIndex.read(consoleDir) : undefined;
  if (built) {
    await app.register(fastifyStatic, {
      root: consoleDir,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      // Ours below; @fastify/static's own would set `max-age=0` over it.
      cacheControl: false,
      allowedPath: (pathName) => options.serveSourceMaps || !pathName.endsWith('.map'),
      setHeaders: (res, path) => {
        // Caches keep the brotli, gzip and plain answers apart.
        res.setHeader('vary', 'accept-encoding');
        res.setHeader(
          'cache-control',
          path.startsWith(assets) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn({ consoleDir }, 'no console build found: /webapi only');
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    if (isApi(request.url)) return sendNotFound(request, reply);
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !/\.\w+$/.test(request.url.split('?')[0] ?? '') &&
      (request.headers.accept ?? '*/*').match(/text\/html|\*\/\*/);
    if (!wantsPage) return sendNotFound(request, reply);
    if (!built) {
      const language = negotiateLanguage(request.headers['accept-language']);
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send(translate(language, 'errors.console_missing'));
    }
    if (index) return index.send(request, reply);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
