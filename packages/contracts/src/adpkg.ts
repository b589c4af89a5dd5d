/**
 * Ad packages (spec §2.3 adpkg_management, adpkg_design, §5.6; issue 32): a named layout for a
 * device's screen — a top half and a bottom half, the top one's share of the screen 30–80% — and up
 * to 10 items shown in turn, each an image (jpg/png ≤ 5M, ≤ 1296×2304) shown for its display time or
 * a video (mp4 ≤ 100M, its duration, resolution and codec read from the file), each with a resource
 * name; published to chosen devices as jobs of the task engine, each device's delivery with its state.
 */
import { z } from 'zod';
import { type FilterSpec, filterTextSchema } from './list.js';
import { DELIVERY_STATES, publicationSchemas } from './publication.js';
import { requiredTextSchema, wholeNumberSchema } from './validators.js';

export const ADPKG_NAME_MAX_LENGTH = 50;
/** The top half's share of the screen, in percent (spec §5.6). */
export const ADPKG_TOP_SHARE_MIN = 30;
export const ADPKG_TOP_SHARE_MAX = 80;
/** Items a package holds at most (spec §5.6). */
export const ADPKG_MAX_ITEMS = 10;
/** A resource name: letters, digits and underscores, at most 32 (spec §5.6). */
export const ADPKG_RESOURCE_NAME_PATTERN = /^[A-Za-z0-9_]{1,32}$/;
export const ADPKG_RESOURCE_NAME_MAX_LENGTH = 32;
/** An image item: jpg or png, at most 5M and 1296×2304 (spec §5.6). */
export const ADPKG_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const ADPKG_IMAGE_MAX_WIDTH = 1296;
export const ADPKG_IMAGE_MAX_HEIGHT = 2304;
/** A video item: mp4, at most 100M (spec §5.6). */
export const ADPKG_VIDEO_MAX_BYTES = 100 * 1024 * 1024;
/** An image's display time, seconds. */
export const ADPKG_SECONDS_MIN = 1;
export const ADPKG_SECONDS_MAX = 3600;
/** Devices one publish or retry names at most. */
export const ADPKG_PUBLISH_MAX_DEVICES = 200;
/** How long a device has to fetch and show a package once it is online; then its delivery fails `timeout`. */
export const ADPKG_DELIVERY_TIMEOUT_MINUTES = 30;
/** How long a delivery waits for its device to come online; then it fails `offline`. */
export const ADPKG_DELIVERY_DEADLINE_HOURS = 72;

/** `adpkg/{companyId}_{md5}.{jpg|png|mp4}`: the object name of an item's file (spec §7.2). */
export const ADPKG_FILE_PATTERN = /^adpkg\/[1-9]\d{0,9}_[0-9a-f]{32}\.(?:jpg|png|mp4)$/;
const itemFileSchema = z.string().regex(ADPKG_FILE_PATTERN, 'validation.objectPath');

export const ADPKG_ITEM_TYPES = ['image', 'video'] as const;
export type AdpkgItemType = (typeof ADPKG_ITEM_TYPES)[number];

/** A device's delivery of a package: on its way (pending or running), shown, or failed. */
export const ADPKG_DELIVERY_STATES = DELIVERY_STATES;
export type AdpkgDeliveryState = (typeof ADPKG_DELIVERY_STATES)[number];

const resourceNameSchema = requiredTextSchema
  .max(ADPKG_RESOURCE_NAME_MAX_LENGTH, 'validation.adpkgResourceName')
  .regex(ADPKG_RESOURCE_NAME_PATTERN, 'validation.adpkgResourceName');

/** An item as the form sends it: an image with its display time, or a video. */
export const adpkgItemFormSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('image'),
    file: itemFileSchema.refine((file) => !file.endsWith('.mp4'), 'validation.adpkgItemFile'),
    resource_name: resourceNameSchema,
    seconds: wholeNumberSchema(ADPKG_SECONDS_MIN, ADPKG_SECONDS_MAX, 'validation.adpkgSeconds'),
  }),
  z.object({
    type: z.literal('video'),
    file: itemFileSchema.refine((file) => file.endsWith('.mp4'), 'validation.adpkgItemFile'),
    resource_name: resourceNameSchema,
  }),
]);
export type AdpkgItemForm = z.input<typeof adpkgItemFormSchema>;

/** The add and edit form's fields but its items (the design page and the dialog edit those apart). */
export const adpkgFieldsSchema = z.object({
  name: requiredTextSchema.max(ADPKG_NAME_MAX_LENGTH, 'validation.adpkgName'),
  top_share: wholeNumberSchema(ADPKG_TOP_SHARE_MIN, ADPKG_TOP_SHARE_MAX, 'validation.adpkgTopShare'),
});

/** The add and edit form. */
export const adpkgFormSchema = adpkgFieldsSchema
  .extend({
    items: z
      .array(adpkgItemFormSchema)
      .min(1, 'validation.adpkgItems')
      .max(ADPKG_MAX_ITEMS, 'validation.adpkgItems'),
  })
  .refine((form) => new Set(form.items.map((item) => item.resource_name)).size === form.items.length, {
    message: 'validation.adpkgResourceNameTaken',
    path: ['items'],
  });
export type AdpkgForm = z.input<typeof adpkgFormSchema>;
export const adpkgBodySchema = adpkgFormSchema;

/** POST file_token: an upload token of an item's file of this size (resumable, in parts). */
export const adpkgFileTokenBodySchema = z
  .object({
    name: itemFileSchema,
    size: z.number().int().positive().max(ADPKG_VIDEO_MAX_BYTES, 'validation.objectSize'),
  })
  .refine((body) => body.name.endsWith('.mp4') || body.size <= ADPKG_IMAGE_MAX_BYTES, {
    message: 'validation.objectSize',
    path: ['size'],
  });

/** Publishing a package to devices (`publication-calls.ts`). */
export const adpkgPublication = publicationSchemas({
  maxDevices: ADPKG_PUBLISH_MAX_DEVICES,
  noDevices: 'validation.adpkgDevices',
});

/** An item as kept: its file's size and md5, its picture's size, and a video's duration and codec. */
export const adpkgItemSchema = z.object({
  type: z.enum(ADPKG_ITEM_TYPES),
  file: z.string(),
  resource_name: z.string(),
  /** An image's display time; null for a video. */
  seconds: z.number().int().nullable(),
  size: z.number().int(),
  md5: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** A video's duration in milliseconds; null for an image. */
  duration_ms: z.number().int().nullable(),
  /** A video's codec (`avc1.64001f`, …); null for an image. */
  codec: z.string().nullable(),
});
export type AdpkgItem = z.infer<typeof adpkgItemSchema>;

export const adpkgSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  top_share: z.number().int(),
  items: z.array(adpkgItemSchema),
  /** How its deliveries stand. */
  devices: adpkgPublication.deliveryCountsSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Adpkg = z.infer<typeof adpkgSchema>;
export const ADPKG_FILTERS = {
  name: { like: filterTextSchema(ADPKG_NAME_MAX_LENGTH) },
} as const satisfies FilterSpec;
export const ADPKG_ORDER_KEYS = ['created_at', 'name'] as const;

/** One device's delivery of a package, and the filters of a package's deliveries and of the devices to publish to. */
export type AdpkgDelivery = z.infer<typeof adpkgPublication.deliverySchema>;
export const ADPKG_DELIVERY_FILTERS = adpkgPublication.deliveryFilters;
export const ADPKG_DEVICE_FILTERS = adpkgPublication.deviceFilters;
