import { pathWithId } from './path-with-id.js';

/** Video detail (page video_detail): the cloud video recordings of devices with a cloud video package. */
export const VIDEO_PATHS = {
  /** GET: a page of the caller's devices that hold a cloud video package, to pick one. */
  devices: '/v1/cbs/company/video/devices',
  /** GET: a page of recordings (list query: device_id, started_at). */
  recordings: '/v1/cbs/company/video/recordings',
  /** GET: one recording with a signed, expiring URL to play it. */
  recording: pathWithId('/v1/cbs/company/video/recordings/:id'),
  /** GET: a signed, expiring URL that downloads the recording. */
  download: pathWithId('/v1/cbs/company/video/recordings/:id/download'),
} as const;
