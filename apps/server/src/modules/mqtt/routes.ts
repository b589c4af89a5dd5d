import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { apiErrorSchema, MQTT_PATHS, type MqttVersion, mqttVersionSchema } from '@vap/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The embedded broker's version, as the console shows it: the dir `mqtt` appears with it (spec §2.3). */
// Read beside its entry: the package exports no `./package.json`.
const aedesEntry = createRequire(import.meta.url).resolve('aedes');
const { version: aedesVersion } = JSON.parse(
  readFileSync(join(dirname(aedesEntry), 'package.json'), 'utf8'),
) as {
  version: string;
};
export const BROKER_VERSION = `Aedes ${aedesVersion}`;
/** The versions of this server's broker calls (`/v1/mtx/company/…`) and their metrics. */
const API_VERSION = 'v1';

export const mqttModule: FastifyPluginAsyncZod = async (app) => {
  app.get(
    MQTT_PATHS.version,
    {
      config: { access: 'user' },
      schema: {
        tags: ['mqtt'],
        summary: 'Versions of the MQTT broker serving the company, and the server clock',
        security: [{ bearer: [] }],
        response: { 200: mqttVersionSchema, 401: apiErrorSchema },
      },
    },
    (): MqttVersion => ({
      main_version: BROKER_VERSION,
      api_version: API_VERSION,
      metrics_api_version: API_VERSION,
      // The console's clock offset is the difference to this (issue 15).
      unix_milli: Date.now(),
    }),
  );
};
