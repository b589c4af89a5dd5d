/**
 * Serves the console build at `/`: hashed assets with a long cache, and `index.html` for every other
 * GET that accepts HTML, so that a reload on any console route works (the console routes itself).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendNotFound } from './errors.js';
import { negotiateLanguage, translate } from './i18n.js';

const isApi = (url: string) => url === '/webapi' || url.startsWith('/webapi/') || url.startsWith('/webapi?');

export async function registerConsole(app: FastifyInstance, consoleDir: string) {
  const built = existsSync(join(consoleDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: consoleDir,
      prefix: '/',
      wildcard: false,
      index: false,
      setHeaders: (res, path) => {
        res.setHeader(
          'cache-control',
          path.includes(`${join(consoleDir, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
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
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
