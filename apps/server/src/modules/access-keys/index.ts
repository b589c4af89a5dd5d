/**
 * Access keys and the open API (docs/open-api.md): the owner's key pages, and the gate through which
 * requests signed with a key reach the routes that declare `openApi: true`.
 */

export { AccessKeyConnections, type KeyRefusal, type KeyScope } from './mqtt-credentials.js';
export { OpenApiGate } from './open-api.js';
export { type AccessKeyRouteOptions, accessKeyRoutes as accessKeysModule } from './routes.js';
