/**
 * The calls of video detail (page video_detail; video.ts): the devices with a cloud video package,
 * their recordings, a recording's signed URL to play it and, with the button `download`, to
 * download it. Devices outside the caller's groups, and other companies' recordings, are not found.
 */

import { declareCalls, rowCalls } from './calls.js';
import { VIDEO_PATHS } from './paths-video.js';

const schemas = async () => ({
  ...(await import('./video.js')),
  ...(await import('./ids.js')),
  ...(await import('./list.js')),
});

const recordings = rowCalls(schemas, {
  page: 'video_detail',
  rows: VIDEO_PATHS.recordings,
  row: VIDEO_PATHS.recording.pattern,
});

export const VIDEO_CALLS = declareCalls(schemas, ['video'], {
  devices: {
    method: 'GET',
    path: VIDEO_PATHS.devices,
    access: { page: 'video_detail' },
    summary: "A page of the caller's devices that hold a cloud video package, by serial",
    description: 'wheres (base64 JSON): sn like.',
    schemas: (s) => s.listSchemas(s.videoDeviceSchema, s.VIDEO_DEVICE_FILTERS),
  },
  recordings: recordings.list({
    summary: "A page of the caller's devices' cloud video recordings, latest first",
    description:
      'wheres (base64 JSON): device_id =, started_at between (recordings overlapping the range). orders: started_at, size.',
    schemas: (s) =>
      s.listSchemas(s.videoRecordingSchema, s.VIDEO_RECORDING_FILTERS, s.VIDEO_RECORDING_ORDER_KEYS),
  }),
  recording: recordings.get({
    errors: [404],
    summary: 'One recording with a signed, expiring URL that plays it (range requests seek)',
    schemas: (s) => ({ params: s.idParamsSchema, response: s.videoPlaybackSchema }),
  }),
  download: {
    method: 'GET',
    path: VIDEO_PATHS.download.pattern,
    access: { page: 'video_detail', button: 'download' },
    errors: [404],
    summary: 'A signed, expiring URL that downloads one recording as an attachment',
    schemas: (s) => ({ params: s.idParamsSchema, response: s.videoDownloadSchema }),
  },
});
