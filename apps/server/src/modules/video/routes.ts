/**
 * The calls of video detail (VIDEO_CALLS, page video_detail): the devices with a cloud video
 * package, their recordings, a recording to play and, with the button `download`, to download.
 */
import { VIDEO_CALLS } from '@vap/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../core/db/client.js';
import { permissionsOf } from '../../core/http/access.js';
import { serve } from '../../core/http/calls.js';
import type { VideoRecordings } from './recordings.js';

export async function videoRoutes(
  app: FastifyInstance,
  { db, recordings }: { db: Db; recordings: VideoRecordings },
) {
  await serve(app, VIDEO_CALLS.devices, async (request, _reply, list) =>
    recordings.devices(await permissionsOf(request, db), list),
  );
  await serve(app, VIDEO_CALLS.recordings, async (request, _reply, list) =>
    recordings.page(await permissionsOf(request, db), list),
  );
  await serve(app, VIDEO_CALLS.recording, async (request) =>
    recordings.playback(await permissionsOf(request, db), request.params.id),
  );
  await serve(app, VIDEO_CALLS.download, async (request) =>
    recordings.download(await permissionsOf(request, db), request.params.id),
  );
}
