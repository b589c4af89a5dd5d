/**
 * What each task type sends its devices, and what a completed job changes (engine.ts's JobKind).
 * The payload of a task is fixed when it is created (tasks.ts).
 */
import { JOB_COMMANDS, type TaskType } from '@vap/contracts';
import type { ObjectStore } from '../../core/storage/objects.js';
import { setFirmwareVersion } from '../devices/index.js';
import type { JobKind } from './engine.js';

/** A firmware upgrade task's payload: the package, as it was when the task was created. */
export interface UpgradePayload {
  firmware_id: number;
  path: string;
  md5: string;
  size: number;
  version: string;
  model: string;
}

export interface KindsOptions {
  store: ObjectStore;
  /**
   * Where devices reach this server (PUBLIC_URL, else the address it listens on): the object
   * store's own signed URLs are relative to it; a bucket's are absolute already.
   */
  origin: () => string;
}

export function jobKinds({ store, origin }: KindsOptions): Record<TaskType, JobKind> {
  return {
    firmware_upgrade: {
      async command(task) {
        const payload = task.payload as unknown as UpgradePayload;
        const url = new URL(await store.signedUrl(payload.path), origin()).href;
        return {
          name: JOB_COMMANDS.firmware_upgrade,
          args: { url, md5: payload.md5, size: payload.size, version: payload.version },
        };
      },
      async completed(tx, job) {
        const payload = job.payload as unknown as UpgradePayload;
        const reported = job.result.firmware_version;
        await setFirmwareVersion(tx, job.deviceId, typeof reported === 'string' ? reported : payload.version);
      },
    },
    configuration: {
      async command(task) {
        return { name: JOB_COMMANDS.configuration, args: { config: task.payload.config ?? {} } };
      },
    },
    whitelist: {
      async command(task) {
        return {
          name: JOB_COMMANDS.whitelist,
          args: { list: task.payload.list, entries: task.payload.entries ?? [] },
        };
      },
    },
  };
}
