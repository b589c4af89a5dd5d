import { apiErrorSchema, MQTT_PATHS, type MqttVersion, mqttVersionSchema } from '@vap/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

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
      // No broker serves companies yet: empty versions hide the `mqtt` dir (spec §2.3).
      main_version: '',
      api_version: '',
      metrics_api_version: '',
      unix_milli: Date.now(),
    }),
  );
};
