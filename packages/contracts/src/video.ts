/**
 * Video detail (page video_detail; spec §1 cloud video packages, §2.3, §5.6; issue 32): the cloud
 * video recordings a device uploads while it holds a cloud video package, listed by time, played
 * with seeking (the browser's range requests on the object store) and downloaded.
 *
 * A device asks to upload a recording on `up/video` ({@link videoUploadRequestSchema}); the server
 * answers on `down/video` ({@link videoUploadAnswerSchema}) with an upload token (§7.2) for the
 * object `video/{companyId}_{md5}.mp4`, which the device posts to the object store's upload route.
 * A recording is listed once its object is stored.
 */
import { z } from 'zod';
import { DEVICE_KINDS } from './constants.js';
import { idSchema } from './ids.js';
import { type FilterSpec, instantSchema, serialFilterSchema } from './list.js';

/** A recording is at most 100 MB, as any video (spec §5.6). */
export const VIDEO_MAX_BYTES = 100 * 1024 * 1024;
/** A recording lasts at most a day. */
export const VIDEO_MAX_SECONDS = 24 * 60 * 60;
/** Recordings kept per device: beyond, a device's upload is refused (`video_limit`). */
export const VIDEO_MAX_PER_DEVICE = 500;

/** The sub-topic of a device's `up` and `down` for its recordings' uploads. */
export const VIDEO_TOPIC = 'video';

/** `up/video`: a recording the device wants to upload; `id` is its own, echoed in the answer. */
export const videoUploadRequestSchema = z.object({
  id: z.string().min(1).max(64),
  /** When it starts and ends, ms since the epoch. */
  start: z.number().int().min(0).max(8_640_000_000_000),
  end: z.number().int().min(0).max(8_640_000_000_000),
  size: z.number().int().min(1).max(VIDEO_MAX_BYTES),
  md5: z.string().regex(/^[0-9a-f]{32}$/),
});
export type VideoUploadRequest = z.infer<typeof videoUploadRequestSchema>;

/** Why a device may not upload a recording. */
export const VIDEO_UPLOAD_REFUSALS = ['bad_request', 'no_video_package', 'video_limit'] as const;

/** `down/video`: where to post the recording (the object store's upload, §7.2), or why not. */
export const videoUploadAnswerSchema = z.union([
  z.object({
    id: z.string(),
    ok: z.literal(true),
    /** The object's name, the form's `filename`. */
    path: z.string(),
    /** The upload token, sent as `Authorization: OSS {token}`. */
    token: z.string(),
    /** The absolute URL of the object store's upload route. */
    url: z.string(),
  }),
  z.object({ id: z.string(), ok: z.literal(false), error: z.enum(VIDEO_UPLOAD_REFUSALS) }),
]);
export type VideoUploadAnswer = z.infer<typeof videoUploadAnswerSchema>;

/** A device that holds a cloud video package (any state), to pick on page video_detail. */
export const videoDeviceSchema = z.object({
  id: z.number().int(),
  sn: z.string(),
  name: z.string(),
  kind: z.enum(DEVICE_KINDS),
  /** Its recordings stored now. */
  recordings: z.number().int(),
});
export type VideoDevice = z.infer<typeof videoDeviceSchema>;
export const VIDEO_DEVICE_FILTERS = {
  sn: { like: serialFilterSchema },
} as const satisfies FilterSpec;

export const videoRecordingSchema = z.object({
  id: z.number().int(),
  device_id: z.number().int(),
  sn: z.string(),
  /** When it starts and ends, ISO 8601. */
  started_at: z.string(),
  ended_at: z.string(),
  /** Seconds, from its start and end. */
  duration: z.number(),
  size: z.number().int(),
  md5: z.string(),
});
export type VideoRecording = z.infer<typeof videoRecordingSchema>;

/** One recording with a signed URL that plays it, valid until `expires_at` (ISO 8601). */
export const videoPlaybackSchema = videoRecordingSchema.extend({
  url: z.string(),
  content_type: z.string(),
});
export type VideoPlayback = z.infer<typeof videoPlaybackSchema>;

/** A signed URL that downloads a recording (the button `download`). */
export const videoDownloadSchema = z.object({ url: z.string(), filename: z.string() });
export type VideoDownload = z.infer<typeof videoDownloadSchema>;

export const VIDEO_RECORDING_FILTERS = {
  device_id: { '=': idSchema },
  /** Recordings that overlap the range: started before its end and ended after its start. */
  started_at: { between: z.tuple([instantSchema, instantSchema]) },
} as const satisfies FilterSpec;
export const VIDEO_RECORDING_ORDER_KEYS = ['started_at', 'size'] as const;
