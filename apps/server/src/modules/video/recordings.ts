/**
 * Cloud video recordings (issue 32; contracts video.ts). A device holding a running cloud video
 * package asks on `up/video` to upload a recording and is answered on `down/video` with an upload
 * token (spec §7.2) for `recording/{companyId}_{md5}.mp4`, which it posts to the object store (the
 * store checks its length, its md5 and that it is an MP4). The recording is listed once its object
 * is stored; its bytes are read by signed, expiring URLs, in ranges as a player seeks.
 */
import {
  COMPANY_PATHS,
  type ListPage,
  type ListQuery,
  VIDEO_DEVICE_FILTERS,
  VIDEO_MAX_PER_DEVICE,
  VIDEO_MAX_SECONDS,
  VIDEO_RECORDING_FILTERS,
  VIDEO_RECORDING_ORDER_KEYS,
  VIDEO_TOPIC,
  type VideoDevice,
  type VideoDownload,
  type VideoPlayback,
  type VideoRecording,
  type VideoUploadAnswer,
  videoUploadRequestSchema,
} from '@vap/contracts';
import type { AedesPublishPacket } from 'aedes';
import { and, count, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { companyOf, type Permissions } from '../../core/auth/permissions.js';
import type { Db } from '../../core/db/client.js';
import { devices } from '../../core/db/devices.js';
import { ApiError } from '../../core/http/errors.js';
import { likePattern, orderOf, pageOf, whereOf } from '../../core/http/list-sql.js';
import type { ObjectStore } from '../../core/storage/objects.js';
import { storedObjects } from '../../core/storage/schema.js';
import { holdsPackage } from '../cbs/index.js';
import { ownDevicesWhere } from '../devices/index.js';
import { type BrokerObserver, type Connection, deviceTopic } from '../mqtt/index.js';
import { videoRecordings as recordings } from './schema.js';

export interface VideoLog {
  warn(details: object, message: string): void;
}

/** Sends a message to a device's `down/{rest}` (the broker's `sendToDevice`). */
export type SendToDevice = (sn: string, rest: string, body: unknown) => Promise<void>;

/** The device a message came from, as its connection proved it. */
export interface RecordingDevice {
  id: number;
  sn: string;
  companyId: number;
}

const recordingFilters = whereOf(VIDEO_RECORDING_FILTERS, {
  device_id: recordings.deviceId,
  // Recordings overlapping the range: started before its end, ended after its start.
  started_at: ({ v: [from, to] }, param) =>
    and(
      lte(recordings.startedAt, param(new Date(to))),
      gte(recordings.endedAt, param(new Date(from))),
    ) as SQL,
});
const recordingSorting = orderOf(VIDEO_RECORDING_ORDER_KEYS, {
  started_at: recordings.startedAt,
  size: recordings.size,
});
const deviceFilters = whereOf(VIDEO_DEVICE_FILTERS, {
  sn: ({ v }, param) => sql`${devices.sn} ilike ${param(likePattern(v))}`,
});

const recordingColumns = {
  id: recordings.id,
  deviceId: recordings.deviceId,
  sn: devices.sn,
  path: recordings.path,
  startedAt: recordings.startedAt,
  endedAt: recordings.endedAt,
  size: recordings.size,
  md5: recordings.md5,
  contentType: storedObjects.contentType,
};
type RecordingRow = { [K in keyof typeof recordingColumns]: (typeof recordingColumns)[K]['_']['data'] };

const toRecording = (row: RecordingRow): VideoRecording => ({
  id: row.id,
  device_id: row.deviceId,
  sn: row.sn,
  started_at: row.startedAt.toISOString(),
  ended_at: row.endedAt.toISOString(),
  duration: (row.endedAt.getTime() - row.startedAt.getTime()) / 1000,
  size: row.size,
  md5: row.md5,
});

/** `{sn}_{yyyymmdd}-{hhmmss}.mp4` of its start in UTC: what a download saves it as. */
const fileNameOf = (row: RecordingRow) =>
  `${row.sn}_${row.startedAt
    .toISOString()
    .replace(/\.\d{3}Z$/, '')
    .replace(/[-:]/g, '')
    .replace('T', '-')}.mp4`;

/**
 * Requests of one device answered at once; more are dropped unanswered (a unit asks again when it
 * connects again), so that a device flooding `up/video` holds a few of the database's connections
 * at most, whatever it sends.
 */
export const VIDEO_REQUESTS_IN_FLIGHT = 4;

export class VideoRecordings implements BrokerObserver {
  /** Requests being answered, by device id. */
  readonly #inFlight = new Map<number, number>();

  constructor(
    private readonly db: Db,
    private readonly store: ObjectStore,
    /** Where devices reach this server (PUBLIC_URL, or its own address). */
    private readonly origin: () => string,
    private readonly send: SendToDevice,
    private readonly log: VideoLog,
  ) {}

  published(connection: Connection, packet: AedesPublishPacket) {
    if (connection.identity.kind !== 'device') return;
    const { device, companyId } = connection.identity;
    if (packet.topic !== deviceTopic(device.sn, 'up', VIDEO_TOPIC)) return;
    let body: unknown;
    try {
      body = JSON.parse(packet.payload.toString());
    } catch {
      return;
    }
    const busy = this.#inFlight.get(device.id) ?? 0;
    if (busy >= VIDEO_REQUESTS_IN_FLIGHT) return;
    this.#inFlight.set(device.id, busy + 1);
    void this.request({ id: device.id, sn: device.sn, companyId }, body)
      .then((answer) => answer && this.send(device.sn, VIDEO_TOPIC, answer))
      .catch((error: unknown) => this.log.warn({ err: error, sn: device.sn }, 'video upload not answered'))
      .finally(() => {
        const left = (this.#inFlight.get(device.id) ?? 1) - 1;
        if (left > 0) this.#inFlight.set(device.id, left);
        else this.#inFlight.delete(device.id);
      });
  }

  /**
   * The answer to a device's request to upload a recording: a token for its object, or why not —
   * no running cloud video package, or its recordings at VIDEO_MAX_PER_DEVICE. Null for a message
   * without an id to answer.
   */
  async request(device: RecordingDevice, body: unknown): Promise<VideoUploadAnswer | null> {
    const parsed = videoUploadRequestSchema.safeParse(body);
    if (!parsed.success) {
      const id = (body as { id?: unknown } | null)?.id;
      return typeof id === 'string' && id.length <= 64 ? { id, ok: false, error: 'bad_request' } : null;
    }
    const asked = parsed.data;
    if (asked.end < asked.start || asked.end - asked.start > VIDEO_MAX_SECONDS * 1000)
      return { id: asked.id, ok: false, error: 'bad_request' };
    const [open] = await this.db
      .select({ id: devices.id })
      .from(devices)
      .where(
        and(eq(devices.id, device.id), holdsPackage(devices.id, device.companyId, 'cloud_video', ['active'])),
      );
    if (!open) return { id: asked.id, ok: false, error: 'no_video_package' };
    const path = `recording/${device.companyId}_${asked.md5}.mp4`;
    const startedAt = new Date(asked.start);
    const row = {
      companyId: device.companyId,
      deviceId: device.id,
      path,
      startedAt,
      endedAt: new Date(asked.end),
      size: asked.size,
      md5: asked.md5,
    };
    const admitted = await this.db.transaction(async (tx) => {
      // One request of a device at a time: the count and the insert see each other's rows.
      await tx.select({ id: devices.id }).from(devices).where(eq(devices.id, device.id)).for('update');
      const [again] = await tx
        .select({ id: recordings.id })
        .from(recordings)
        .where(and(eq(recordings.deviceId, device.id), eq(recordings.startedAt, startedAt)));
      if (again) {
        // The same recording asked for again (a restarted unit): the same row, its content anew.
        await tx.update(recordings).set(row).where(eq(recordings.id, again.id));
        return true;
      }
      const [kept] = await tx
        .select({ total: count() })
        .from(recordings)
        .where(eq(recordings.deviceId, device.id));
      if ((kept?.total ?? 0) >= VIDEO_MAX_PER_DEVICE) return false;
      await tx.insert(recordings).values(row);
      return true;
    });
    if (!admitted) return { id: asked.id, ok: false, error: 'video_limit' };
    const token = this.store.issueUploadToken({ path, size: asked.size, companyId: device.companyId });
    return {
      id: asked.id,
      ok: true,
      path,
      token,
      url: `${this.origin()}/webapi${COMPANY_PATHS.objectUpload}`,
    };
  }

  /** The caller's devices that hold a cloud video package (not closed), with their recordings. */
  async devices(caller: Permissions, query: ListQuery): Promise<ListPage<VideoDevice>> {
    const companyId = companyOf(caller);
    const where = and(
      ownDevicesWhere(caller),
      holdsPackage(devices.id, companyId, 'cloud_video', ['active', 'suspended']),
      deviceFilters(query.wheres),
    );
    const { items: rows, total } = await pageOf(
      query,
      this.db
        .select({ id: devices.id, sn: devices.sn, name: devices.name, kind: devices.kind })
        .from(devices)
        .where(where)
        .orderBy(devices.sn),
      this.db.select({ total: count() }).from(devices).where(where),
    );
    const stored =
      rows.length === 0
        ? []
        : await this.db
            .select({ deviceId: recordings.deviceId, recordings: count() })
            .from(recordings)
            .innerJoin(storedObjects, eq(storedObjects.path, recordings.path))
            .where(
              and(
                eq(recordings.companyId, companyId),
                inArray(
                  recordings.deviceId,
                  rows.map((row) => row.id),
                ),
              ),
            )
            .groupBy(recordings.deviceId);
    const of = new Map(stored.map((row) => [row.deviceId, row.recordings]));
    return {
      items: rows.map((row) => ({ ...row, recordings: of.get(row.id) ?? 0 })),
      total,
    };
  }

  /** The recordings of the caller's company on devices in their groups, stored in full. */
  #scope(caller: Permissions): SQL {
    return and(eq(recordings.companyId, companyOf(caller)), ownDevicesWhere(caller)) as SQL;
  }

  #select() {
    return this.db
      .select(recordingColumns)
      .from(recordings)
      .innerJoin(devices, eq(devices.id, recordings.deviceId))
      .innerJoin(storedObjects, eq(storedObjects.path, recordings.path));
  }

  /** A page of recordings, the latest first unless asked otherwise. */
  async page(caller: Permissions, query: ListQuery): Promise<ListPage<VideoRecording>> {
    const where = and(this.#scope(caller), recordingFilters(query.wheres));
    const orders = recordingSorting(query.orders);
    const { items, total } = await pageOf(
      query,
      this.#select()
        .where(where)
        .orderBy(...orders, desc(recordings.startedAt), desc(recordings.id)),
      this.db
        .select({ total: count() })
        .from(recordings)
        .innerJoin(devices, eq(devices.id, recordings.deviceId))
        .innerJoin(storedObjects, eq(storedObjects.path, recordings.path))
        .where(where),
    );
    return { items: items.map(toRecording), total };
  }

  async #one(caller: Permissions, id: number): Promise<RecordingRow> {
    const [row] = await this.#select().where(and(this.#scope(caller), eq(recordings.id, id)));
    if (!row) throw new ApiError(404, 'not_found');
    return row;
  }

  /** One recording with a signed URL that plays it (range requests seek). */
  async playback(caller: Permissions, id: number): Promise<VideoPlayback> {
    const row = await this.#one(caller, id);
    return { ...toRecording(row), url: await this.store.signedUrl(row.path), content_type: row.contentType };
  }

  /** A signed URL that downloads one recording as `{sn}_{start}.mp4`. */
  async download(caller: Permissions, id: number): Promise<VideoDownload> {
    const row = await this.#one(caller, id);
    const filename = fileNameOf(row);
    return { url: await this.store.signedUrl(row.path, filename), filename };
  }
}
