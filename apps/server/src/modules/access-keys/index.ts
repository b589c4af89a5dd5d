/**
 * Access keys and the open API (docs/open-api.md): the owner's key pages, and the gate through which
 * requests signed with a key reach the routes that declare `openApi: true`.
 */
import { ACCESS_KEY_SECRETS } from '../../core/crypto/secret-box.js';
import { defineModule } from '../../core/modules.js';
import { AccessKeyConnections } from './mqtt-credentials.js';
import { OpenApiGate } from './open-api.js';
import { accessKeyRoutes } from './routes.js';

export type { KeyRefusal, KeyScope } from './mqtt-credentials.js';
export type { AccessKeyConnections, OpenApiGate };

export interface AccessKeyServices {
  /** Requests signed with a key (the access hook), and the operations of the OpenAPI document. */
  openApi: OpenApiGate;
  /** Access keys connecting to the MQTT broker. */
  connections: AccessKeyConnections;
}

declare module '../../core/modules.js' {
  interface ModuleServices {
    'access-keys': AccessKeyServices;
  }
}

export const accessKeysModule = defineModule({
  name: 'access-keys',
  dependencies: ['devices'],
  create: ({ db, secrets }, { devices: { devices } }) => {
    const secretBox = secrets.box(ACCESS_KEY_SECRETS);
    const openApi = new OpenApiGate(db, secretBox);
    return {
      services: { openApi, connections: new AccessKeyConnections(db, secretBox) },
      routes: async (app) => app.register(accessKeyRoutes, { db, openApi, secretBox, devices }),
    };
  },
});
