/** Start-up checks of route declarations, as the tests of the access hook and the open API make them. */
import type { FastifyInstance, RouteShorthandOptions } from 'fastify';

/**
 * Whether `app` starts with one more route, GET /webapi/x of `config`: `'started'`, or the message
 * of what stopped it (a malformed declaration throws while the route is added, an unknown name once
 * the app is ready). The app is closed either way.
 */
export async function startsWithRoute(
  app: FastifyInstance,
  config: RouteShorthandOptions['config'],
): Promise<string> {
  try {
    app.get('/webapi/x', { config }, () => ({}));
    await app.ready();
    return 'started';
  } catch (error) {
    return (error as Error).message;
  } finally {
    await app.close();
  }
}
