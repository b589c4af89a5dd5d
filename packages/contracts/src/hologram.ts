/**
 * Hologram parking (spec §1, §2.3 hologram_parking; issue 32): the company's screen-display schemes
 * for its parking sites, each with its scheme file — a TAR archive (at most 100 MB, spec §5.6) whose
 * `manifest.json` names the screens it shows — published to chosen devices as jobs of the task
 * engine, each device's delivery with its state.
 */
import { z } from 'zod';
import { HOLOGRAM_SCHEME_MAX_BYTES } from './constants.js';
import { type FilterSpec, filterTextSchema } from './list.js';
import { DELIVERY_STATES, publicationSchemas } from './publication.js';
import { requiredTextSchema } from './validators.js';

export const HOLOGRAM_SCHEME_NAME_MAX_LENGTH = 50;
export const HOLOGRAM_SITE_MAX_LENGTH = 100;
/** Devices one publish or retry names at most. */
export const HOLOGRAM_PUBLISH_MAX_DEVICES = 200;
/** How long a device has to fetch and show a scheme once it is online; then its delivery fails `timeout`. */
export const HOLOGRAM_DELIVERY_TIMEOUT_MINUTES = 30;
/** How long a delivery waits for its device to come online; then it fails `offline`. */
export const HOLOGRAM_DELIVERY_DEADLINE_HOURS = 72;

/**
 * The scheme file's manifest, `manifest.json` at the top of the archive: its format and version,
 * and the screens it shows in turn, each a file of the archive shown for some seconds.
 */
export const HOLOGRAM_MANIFEST_NAME = 'manifest.json';
export const HOLOGRAM_MANIFEST_MAX_BYTES = 64 * 1024;
/** Entries an archive may hold; more is no scheme file. */
export const HOLOGRAM_ARCHIVE_MAX_ENTRIES = 10_000;
export const hologramManifestSchema = z.object({
  format: z.literal('vap-hologram-scheme'),
  version: z.literal(1),
  screens: z
    .array(
      z.object({
        file: z.string().min(1).max(200),
        seconds: z.number().int().min(1).max(3600).default(10),
      }),
    )
    .min(1)
    .max(100),
});
export type HologramManifest = z.infer<typeof hologramManifestSchema>;

/** `hologram/{companyId}_{md5}.tar`: the object name of a scheme file (spec §7.2). */
export const HOLOGRAM_FILE_PATTERN = /^hologram\/[1-9]\d{0,9}_[0-9a-f]{32}\.tar$/;
const schemeFileSchema = z.string().regex(HOLOGRAM_FILE_PATTERN, 'validation.objectPath');

/** A device's delivery of a scheme: on its way (pending or running), shown, or failed. */
export const HOLOGRAM_DELIVERY_STATES = DELIVERY_STATES;
export type HologramDeliveryState = (typeof HOLOGRAM_DELIVERY_STATES)[number];

/** The add and edit form. */
export const hologramSchemeFormSchema = z.object({
  name: requiredTextSchema.max(HOLOGRAM_SCHEME_NAME_MAX_LENGTH, 'validation.hologramName'),
  site: requiredTextSchema.max(HOLOGRAM_SITE_MAX_LENGTH, 'validation.hologramSite'),
  /** The uploaded scheme file's object name. */
  file: schemeFileSchema,
});
export type HologramSchemeForm = z.input<typeof hologramSchemeFormSchema>;
export const hologramSchemeBodySchema = hologramSchemeFormSchema;

/** POST file_token: an upload token of a scheme file of this size (resumable, in parts). */
export const hologramFileTokenBodySchema = z.object({
  name: schemeFileSchema,
  size: z.number().int().positive().max(HOLOGRAM_SCHEME_MAX_BYTES, 'validation.objectSize'),
});

/** Publishing a scheme to devices (`publication-calls.ts`). */
export const hologramPublication = publicationSchemas({
  maxDevices: HOLOGRAM_PUBLISH_MAX_DEVICES,
  noDevices: 'validation.hologramDevices',
});

export const hologramSchemeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  site: z.string(),
  file: z.string(),
  size: z.number().int(),
  md5: z.string(),
  /** The screens its manifest names. */
  screens: z.number().int(),
  /** How its deliveries stand. */
  devices: hologramPublication.deliveryCountsSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type HologramScheme = z.infer<typeof hologramSchemeSchema>;
export const HOLOGRAM_SCHEME_FILTERS = {
  name: { like: filterTextSchema(HOLOGRAM_SCHEME_NAME_MAX_LENGTH) },
  site: { like: filterTextSchema(HOLOGRAM_SITE_MAX_LENGTH) },
} as const satisfies FilterSpec;
export const HOLOGRAM_SCHEME_ORDER_KEYS = ['created_at', 'name'] as const;

/** One device's delivery of a scheme. */
export type HologramDelivery = z.infer<typeof hologramPublication.deliverySchema>;
export const HOLOGRAM_DELIVERY_FILTERS = hologramPublication.deliveryFilters;

/** POST …/devices: publishes the scheme to these devices of the caller's groups (the publish dialog's form). */
export const hologramPublishBodySchema = hologramPublication.publishBodySchema;
export type HologramPublishBody = z.input<typeof hologramPublishBodySchema>;

/** A device the caller may publish to. */
export type HologramDevice = z.infer<typeof hologramPublication.deviceSchema>;
export const HOLOGRAM_DEVICE_FILTERS = hologramPublication.deviceFilters;
