/**
 * An ad package's item files read as what they must be (spec §5.6; issue 32). An image (at most
 * 5 MB) is read whole and its size taken with image-size: at most 1296×2304, else
 * 'image_resolution_too_large'. A video is read by mp4box.js from range reads of the object store,
 * a window at a time — the parser says where it wants to go on, so a movie after its media data is
 * reached without reading the media — for its duration, resolution and codec; a file in which it
 * finds no movie once read whole is 'file content incorrect' (spec §8).
 */
import type { Readable } from 'node:stream';
import {
  ADPKG_IMAGE_MAX_BYTES,
  ADPKG_IMAGE_MAX_HEIGHT,
  ADPKG_IMAGE_MAX_WIDTH,
  ADPKG_VIDEO_MAX_BYTES,
} from '@vap/contracts';
import { imageSize } from 'image-size';
import { createFile, MP4BoxBuffer } from 'mp4box';
import { boundedBytes } from '../../core/http/bounded-bytes.js';
import { ApiError } from '../../core/http/errors.js';

const incorrect = () => new ApiError(400, 'file_content_incorrect');

/** How much one range read of a video brings. */
export const VIDEO_WINDOW_BYTES = 1024 * 1024;

/** Reads bytes `start`..`end` (inclusive) of the file. */
export type RangeReader = (start: number, end: number) => Promise<Readable>;

/** The whole of a read of the object store, stopped with 'file_too_large' past `max` bytes. */
const bytesOf = (content: Readable, max: number) =>
  boundedBytes(content, { max, tooLarge: () => new ApiError(400, 'file_too_large'), rest: 'destroy' });

export interface ImageFacts {
  width: number;
  height: number;
}

/** An image item's width and height. */
export async function readImage(content: Readable): Promise<ImageFacts> {
  const bytes = await bytesOf(content, ADPKG_IMAGE_MAX_BYTES);
  let size: { width: number; height: number };
  try {
    size = imageSize(bytes);
  } catch {
    throw incorrect();
  }
  if (!(size.width > 0 && size.height > 0)) throw incorrect();
  if (size.width > ADPKG_IMAGE_MAX_WIDTH || size.height > ADPKG_IMAGE_MAX_HEIGHT)
    throw new ApiError(400, 'image_resolution_too_large');
  return { width: size.width, height: size.height };
}

export interface VideoFacts {
  width: number;
  height: number;
  duration_ms: number;
  codec: string;
}

/** A video item's movie: its duration, its first video track's resolution and codec. */
export async function readVideo(size: number, read: RangeReader): Promise<VideoFacts> {
  if (size > ADPKG_VIDEO_MAX_BYTES) throw new ApiError(400, 'file_too_large');
  const file = createFile();
  let facts: VideoFacts | null = null;
  let broken = false;
  file.onReady = (info) => {
    const track = info.videoTracks[0];
    if (!track || !info.timescale) return;
    facts = {
      width: track.video?.width ?? track.track_width,
      height: track.video?.height ?? track.track_height,
      duration_ms: Math.round((info.duration / info.timescale) * 1000),
      codec: track.codec,
    };
  };
  file.onError = () => {
    broken = true;
  };
  let position = 0;
  let windows = 0;
  // The parser only ever moves on; a file of N windows is read in at most N (plus the seeks past media).
  while (!facts && !broken && position < size && windows++ <= Math.ceil(size / VIDEO_WINDOW_BYTES) + 64) {
    const end = Math.min(size, position + VIDEO_WINDOW_BYTES) - 1;
    const chunk = await bytesOf(await read(position, end), VIDEO_WINDOW_BYTES);
    if (chunk.length === 0) break;
    const buffer = MP4BoxBuffer.fromArrayBuffer(
      chunk.buffer.slice(chunk.byteOffset, chunk.byteOffset + chunk.byteLength) as ArrayBuffer,
      position,
    );
    let next: number;
    try {
      next = file.appendBuffer(buffer);
    } catch {
      throw incorrect();
    }
    position = next > position ? next : position + chunk.length;
  }
  if (!facts && !broken) {
    try {
      file.flush();
    } catch {
      throw incorrect();
    }
  }
  const found = facts as VideoFacts | null;
  if (!found || broken || !(found.width > 0 && found.height > 0)) throw incorrect();
  return found;
}
