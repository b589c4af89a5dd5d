/**
 * The message broker's version (spec §3 "MQTT version info", §7.3), which the kernel asks for with
 * every session load: apart from the broker's other schemas (mqtt.ts), which only its pages parse.
 */
import { z } from 'zod';

/** GET /v1/mtx/company/version (spec §3 "MQTT version info", §7.3). */
export const mqttVersionSchema = z.object({
  /** Empty while no broker node is live (MQTT_BROKER=false everywhere): the console then hides the `mqtt` dir (spec §2.3). */
  main_version: z.string(),
  api_version: z.string(),
  metrics_api_version: z.string(),
  /** Server clock in ms, for the console's clock offset. */
  unix_milli: z.number(),
});
export type MqttVersion = z.infer<typeof mqttVersionSchema>;
