/**
 * The ad package editor's rules (spec §2.3 adpkg_design, §5.6; issue 32), apart from the page so
 * that they are tested as rules: the split's bounds, reordering, the §5.6 checks of a file before it
 * is sent, what counts as unsaved, and the play-through's order and times.
 */
import {
  ADPKG_IMAGE_MAX_BYTES,
  ADPKG_IMAGE_MAX_HEIGHT,
  ADPKG_IMAGE_MAX_WIDTH,
  ADPKG_RESOURCE_NAME_PATTERN,
  ADPKG_SECONDS_MAX,
  ADPKG_SECONDS_MIN,
  ADPKG_TOP_SHARE_MAX,
  ADPKG_TOP_SHARE_MIN,
  ADPKG_VIDEO_MAX_BYTES,
  type AdpkgItemForm,
  type AdpkgItemType,
} from '@vap/contracts';
import { checkFile, type FileCheckFailure, type FileRules, matchesAccept } from '@vap/ui';

/** The device's screen, portrait: the largest picture an item may be (1296×2304, 9:16). */
export const SCREEN_ASPECT = ADPKG_IMAGE_MAX_WIDTH / ADPKG_IMAGE_MAX_HEIGHT;

/** The top half's share as kept: a whole percent within 30–80; what is not a number keeps `fallback`. */
export function clampShare(value: number, fallback: number = ADPKG_TOP_SHARE_MIN): number {
  if (!Number.isFinite(value)) return fallback;
  return Math.min(ADPKG_TOP_SHARE_MAX, Math.max(ADPKG_TOP_SHARE_MIN, Math.round(value)));
}

/** The share at a point dragged on the preview: `offset` pixels down a preview `height` tall. */
export function shareAt(offset: number, height: number): number {
  return clampShare(height > 0 ? (offset / height) * 100 : ADPKG_TOP_SHARE_MIN);
}

/** The list with the entry at `from` moved to `to` (both clamped to the list); the same list when nothing moves. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const last = list.length - 1;
  const source = Math.min(Math.max(from, 0), last);
  const target = Math.min(Math.max(to, 0), last);
  if (list.length === 0 || source === target) return [...list];
  const next = [...list];
  const [entry] = next.splice(source, 1);
  next.splice(target, 0, entry as T);
  return next;
}

/** A display time as kept: whole seconds within 1–3600. */
export function clampSeconds(value: number): number {
  if (!Number.isFinite(value)) return ADPKG_SECONDS_MIN;
  return Math.min(ADPKG_SECONDS_MAX, Math.max(ADPKG_SECONDS_MIN, Math.round(value)));
}

const IMAGE_ACCEPT = ['.jpg', '.jpeg', '.png', 'image/jpeg', 'image/png'] as const;
const VIDEO_ACCEPT = ['.mp4', 'video/mp4'] as const;
const IMAGE_RULES: FileRules = {
  accept: IMAGE_ACCEPT,
  maxBytes: ADPKG_IMAGE_MAX_BYTES,
  maxWidth: ADPKG_IMAGE_MAX_WIDTH,
  maxHeight: ADPKG_IMAGE_MAX_HEIGHT,
};
const VIDEO_RULES: FileRules = { accept: VIDEO_ACCEPT, maxBytes: ADPKG_VIDEO_MAX_BYTES };
/** What the file pickers offer. */
export const ITEM_ACCEPT = [...IMAGE_ACCEPT, ...VIDEO_ACCEPT].join(',');

/** Whether a file is a video item (mp4) or an image item; null when it is neither (by type, else name). */
export function itemTypeOf(file: Pick<File, 'name' | 'type'>): AdpkgItemType | null {
  if (matchesAccept(file, VIDEO_ACCEPT)) return 'video';
  if (matchesAccept(file, IMAGE_ACCEPT)) return 'image';
  return null;
}

/**
 * Checks a file before it is sent (§5.6): jpg or png at most 5M and 1296×2304, or mp4 at most 100M;
 * the failure is the §8 one the upload components translate (`useFileCheckMessage`).
 */
export async function checkItemFile(file: File): Promise<FileCheckFailure | null> {
  const type = itemTypeOf(file);
  if (type === null) return checkFile(file, { accept: [...IMAGE_ACCEPT, ...VIDEO_ACCEPT] });
  return checkFile(file, type === 'video' ? VIDEO_RULES : IMAGE_RULES);
}

/** Whether a resource name is one §5.6 allows: letters, digits and underscores, at most 32. */
export const isResourceName = (name: string) => ADPKG_RESOURCE_NAME_PATTERN.test(name.trim());

/** A resource name made from a file's name, for a new item: its allowed characters, at most 32. */
export function resourceNameOf(fileName: string, taken: readonly string[]): string {
  const dot = fileName.lastIndexOf('.');
  const stem = (dot > 0 ? fileName.slice(0, dot) : fileName).replace(/[^A-Za-z0-9_]+/g, '_').slice(0, 28);
  const base = stem.replace(/^_+|_+$/g, '') || 'item';
  if (!taken.includes(base)) return base;
  for (let n = 2; ; n++) if (!taken.includes(`${base}_${n}`)) return `${base}_${n}`;
}

/** The layout as it is saved: compared with the last saved one to tell unsaved work. */
export interface Layout {
  top_share: number;
  items: readonly AdpkgItemForm[];
}

/** Whether the layout differs from the saved one: the split, or any item, its order included. */
export function hasChanges(now: Layout, saved: Layout): boolean {
  return JSON.stringify(normalized(now)) !== JSON.stringify(normalized(saved));
}

const normalized = (layout: Layout) => ({
  top_share: layout.top_share,
  items: layout.items.map((item) =>
    item.type === 'image'
      ? [item.type, item.file, item.resource_name.trim(), item.seconds]
      : [item.type, item.file, item.resource_name.trim()],
  ),
});

/** An item as the play-through sees it: an image's display time, or a video's duration when known. */
export interface Playable {
  type: AdpkgItemType;
  seconds: number;
  /** A video's duration; a video whose duration is not known plays for `VIDEO_FALLBACK_MS`. */
  duration_ms: number | null;
}

/** How long a video whose duration is not known yet stays in the play-through. */
export const VIDEO_FALLBACK_MS = 10_000;

/** One step of the play-through: which item, from when, for how long (milliseconds). */
export interface PlayStep {
  index: number;
  startMs: number;
  durationMs: number;
}

/** The play-through: every item in its order, an image for its display time, a video for its duration. */
export function playThrough(items: readonly Playable[]): PlayStep[] {
  let startMs = 0;
  return items.map((item, index) => {
    const durationMs =
      item.type === 'image' ? clampSeconds(item.seconds) * 1000 : (item.duration_ms ?? VIDEO_FALLBACK_MS);
    const step = { index, startMs, durationMs };
    startMs += durationMs;
    return step;
  });
}

/** The step shown `elapsedMs` into the play-through; null once it has run through. */
export function stepAt(steps: readonly PlayStep[], elapsedMs: number): PlayStep | null {
  return (
    steps.find((step) => elapsedMs >= step.startMs && elapsedMs < step.startMs + step.durationMs) ?? null
  );
}
