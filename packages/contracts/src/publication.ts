/**
 * Publishing to devices, as ad packages and hologram schemes do (issue 32): what is published goes
 * to chosen devices of the caller's groups as jobs of the task engine, each device's delivery with
 * its state, and failed deliveries may be tried again. An area's schemas of it come from
 * `publicationSchemas`, under the area's own names.
 */
import { z } from 'zod';
import { idSchema } from './ids.js';
import { type FilterSpec, serialFilterSchema } from './list.js';

/** A device's delivery: on its way (pending or running), shown, or failed. */
export const DELIVERY_STATES = ['in_progress', 'success', 'failed'] as const;

const deviceIdsSchema = z.array(idSchema);

/**
 * The schemas of publishing an area's rows to devices: `maxDevices`, the devices one publish or retry
 * names at most; `noDevices`, the message of a publish that names none.
 */
export function publicationSchemas({ maxDevices, noDevices }: { maxDevices: number; noDevices: string }) {
  return {
    /** How a row's deliveries stand. */
    deliveryCountsSchema: z.object({
      total: z.number().int(),
      in_progress: z.number().int(),
      success: z.number().int(),
      failed: z.number().int(),
    }),
    /** One device's delivery of a row. */
    deliverySchema: z.object({
      id: z.number().int(),
      /** The device while bound to the company; null once unbound. */
      device_id: z.number().int().nullable(),
      sn: z.string(),
      device_name: z.string(),
      state: z.enum(DELIVERY_STATES),
      /** Why it failed: the device's code (`md5_mismatch`, `download_failed`, …), `offline`, `timeout`. */
      reason: z.string().nullable(),
      attempts: z.number().int(),
      updated_at: z.string(),
    }),
    deliveryFilters: {
      state: { '=': z.enum(DELIVERY_STATES) },
      sn: { like: serialFilterSchema },
    } as const satisfies FilterSpec,
    /** POST …/devices: publishes the row to these devices of the caller's groups. */
    publishBodySchema: z.object({ device_ids: deviceIdsSchema.min(1, noDevices).max(maxDevices) }),
    /** POST …/devices/retry: these failed deliveries of the row. */
    retryBodySchema: z.object({ ids: deviceIdsSchema.min(1).max(maxDevices) }),
    changedSchema: z.object({ changed: z.number().int() }),
    /** A device the caller may publish to. */
    deviceSchema: z.object({
      id: z.number().int(),
      sn: z.string(),
      name: z.string(),
      model: z.string(),
      online: z.boolean(),
    }),
    deviceFilters: {
      sn: { like: serialFilterSchema },
    } as const satisfies FilterSpec,
  };
}
