/**
 * Cloud video recordings, as a unit with a cloud video package uploads them (docs/mqtt.md, "Cloud
 * video recordings"; contracts video.ts): for each recording it asks on `up/video` with its start,
 * end, size and md5, and once answered on `down/video` with an upload token, posts the file to the
 * object store's upload (spec §7.2: a multipart form of filename, filesize and file). A refusal
 * (`no_video_package`: the unit holds no running package) ends its asking until it connects again.
 *
 * The files are small H.264 MP4s committed with the simulator (fixtures/video-*.mp4, 4 s, 320x240).
 * The recordings' times follow from the hour the unit connects, so a restarted simulator asks for
 * the same recordings, which the server takes as the same.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  OBJECT_STORE_AUTH_SCHEME,
  type VideoUploadAnswer,
  type VideoUploadRequest,
  videoUploadAnswerSchema,
} from '@vap/contracts';

/** Each fixture lasts this long. */
export const FIXTURE_SECONDS = 4;
const FIXTURE_NAMES = ['video-1.mp4', 'video-2.mp4', 'video-3.mp4'] as const;
const HOUR = 3_600_000;
/** Between two recordings of a unit. */
const SPACING_MS = 20 * 60_000;

export interface Fixture {
  bytes: Buffer;
  md5: string;
}

let fixtures: Fixture[] | undefined;

/** The committed MP4s, read once (the fixtures folder sits beside src/ and dist/ alike). */
export function videoFixtures(): readonly Fixture[] {
  fixtures ??= FIXTURE_NAMES.map((name) => {
    const bytes = readFileSync(new URL(`../fixtures/${name}`, import.meta.url));
    return { bytes, md5: createHash('md5').update(bytes).digest('hex') };
  });
  return fixtures;
}

export interface Recording extends VideoUploadRequest {
  bytes: Buffer;
}

/** A unit's `count` recordings before the hour of `now`, the latest first. */
export function recordingsOf(sn: string, count: number, now: number): Recording[] {
  const files = videoFixtures();
  const anchor = Math.floor(now / HOUR) * HOUR;
  // Units record at minutes of their own.
  const offset = (Number(sn.slice(-4)) % 17) * 60_000;
  return Array.from({ length: count }, (_, i) => {
    const file = files[(Number(sn.slice(-2)) + i) % files.length] as Fixture;
    const start = anchor - (i + 1) * SPACING_MS + offset;
    return {
      id: `rec-${start}`,
      start,
      end: start + FIXTURE_SECONDS * 1000,
      size: file.bytes.length,
      md5: file.md5,
      bytes: file.bytes,
    };
  });
}

export interface RecordingLog {
  warn(object: object, message: string): void;
}

/** One unit's recordings and how far each is: asked, uploaded, or refused. */
export class RecordingUploads {
  private readonly recordings: Recording[];
  private readonly uploaded = new Set<string>();
  private readonly asked = new Set<string>();
  private refused = false;

  constructor(
    private readonly sn: string,
    count: number,
    private readonly log: RecordingLog,
    now = Date.now(),
  ) {
    this.recordings = count > 0 ? recordingsOf(sn, count, now) : [];
  }

  /** Recordings it has. */
  get count(): number {
    return this.recordings.length;
  }

  /** Recordings it has uploaded so far. */
  get done(): number {
    return this.uploaded.size;
  }

  /** On each connect: asks for every recording not uploaded yet (a refusal is asked again then). */
  connected(ask: (request: VideoUploadRequest) => void) {
    this.refused = false;
    this.asked.clear();
    for (const { bytes: _bytes, ...request } of this.recordings) {
      if (this.uploaded.has(request.id)) continue;
      this.asked.add(request.id);
      ask(request);
    }
  }

  /** An answer on `down/video`: posts the recording it allows, or stops asking. */
  async answered(payload: Buffer): Promise<void> {
    let answer: VideoUploadAnswer;
    try {
      answer = videoUploadAnswerSchema.parse(JSON.parse(payload.toString()));
    } catch {
      return;
    }
    if (!this.asked.delete(answer.id)) return;
    if (!answer.ok) {
      if (!this.refused)
        this.log.warn({ sn: this.sn, error: answer.error }, 'simulated device: recordings refused');
      this.refused = true;
      return;
    }
    const recording = this.recordings.find((one) => one.id === answer.id);
    if (!recording) return;
    const form = new FormData();
    form.set('filename', answer.path);
    form.set('filesize', String(recording.size));
    form.set('file', new Blob([new Uint8Array(recording.bytes)], { type: 'video/mp4' }), 'recording.mp4');
    try {
      const response = await fetch(answer.url, {
        method: 'POST',
        headers: { authorization: `${OBJECT_STORE_AUTH_SCHEME} ${answer.token}` },
        body: form,
        signal: AbortSignal.timeout(60_000),
      });
      await response.arrayBuffer().catch(() => undefined);
      if (response.ok) this.uploaded.add(recording.id);
      else
        this.log.warn({ sn: this.sn, status: response.status }, 'simulated device: recording upload refused');
    } catch (error) {
      this.log.warn({ sn: this.sn, err: error }, 'simulated device: recording upload failed');
    }
  }
}
