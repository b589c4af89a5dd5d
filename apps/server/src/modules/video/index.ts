/**
 * Video detail (issue 32; spec §1, §2.3 video_detail): the cloud video recordings devices with a
 * cloud video package upload, listed, played and downloaded by signed URLs of the object store.
 */
import { defineModule } from '../../core/modules.js';
import { VideoRecordings } from './recordings.js';
import { videoRoutes } from './routes.js';

export interface VideoServices {
  /** The devices' upload requests (`up/video`): tests ask it directly. */
  recordings: VideoRecordings;
}

declare module '../../core/modules.js' {
  interface ModuleServices {
    video: VideoServices;
  }
}

/** Recordings belong to cloud video packages (cbs); devices ask through the MQTT module's broker. */
export const videoModule = defineModule({
  name: 'video',
  dependencies: ['cbs', 'mqtt'],
  create: ({ db, log, store, origin }, { mqtt: { broker } }) => {
    const recordings = new VideoRecordings(
      db,
      store,
      origin,
      (sn, rest, body) => broker.sendToDevice(sn, rest, body),
      log,
    );
    broker.observe(recordings);
    return {
      services: { recordings },
      routes: async (app) => app.register(videoRoutes, { db, recordings }),
    };
  },
});
