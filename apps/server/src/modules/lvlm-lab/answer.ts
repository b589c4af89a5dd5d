/**
 * The model's answer read defensively (issue 31): it was asked for a JSON list `[{label, box}]`, and
 * may wrap it in a ```json fence, put words around it, name the box `bbox_2d` (Qwen-VL) or `bbox`,
 * give corners in any order or beyond the image. Each engine's coordinate space is configured; every
 * box leaves here as fractions (0–1) of the image, clamped to it. What is not such a list at all is
 * `AnswerUnreadable`.
 */
import {
  type Detection,
  jsonDepthWithin,
  LAB_DETECTIONS_MAX,
  LAB_LABEL_MAX_LENGTH,
  LAB_TEXT_MAX_LENGTH,
} from '@vap/contracts';

/**
 * Where an engine's boxes are: pixels of the image it was sent, or thousandths of its sides (Qwen-VL
 * and others trained on a 0–1000 grid), or fractions of them.
 */
export const COORDINATE_SPACES = ['pixels', 'normalized_1000', 'normalized_1'] as const;
export type CoordinateSpace = (typeof COORDINATE_SPACES)[number];

/** An answer longer than this is not read (a model run away). */
export const ANSWER_MAX_CHARS = 200_000;

export class AnswerUnreadable extends Error {}

/** Where the list is: the first fenced block if any, else the text from its first `[` to its last `]`. */
function jsonOf(text: string): string | null {
  const fenced = /```(?:json|JSON)?\s*\n?([\s\S]*?)```/.exec(text);
  const inner = (fenced?.[1] ?? text).trim();
  if (inner.startsWith('[') || inner.startsWith('{')) return inner;
  const start = inner.indexOf('[');
  const end = inner.lastIndexOf(']');
  return start >= 0 && end > start ? inner.slice(start, end + 1) : null;
}

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** The four corners of a box as given: `[x1, y1, x2, y2]`, or an object of them. */
function cornersOf(value: unknown): [number, number, number, number] | null {
  if (Array.isArray(value)) {
    if (value.length !== 4) return null;
    const numbers = value.map((n) => (typeof n === 'string' && n.trim() !== '' ? Number(n) : n));
    return numbers.every(finite) ? (numbers as [number, number, number, number]) : null;
  }
  if (typeof value === 'object' && value !== null) {
    const { x1, y1, x2, y2 } = value as Record<string, unknown>;
    return [x1, y1, x2, y2].every(finite) ? ([x1, y1, x2, y2] as [number, number, number, number]) : null;
  }
  return null;
}

const clamp = (value: number) => Math.min(1, Math.max(0, value));
/** Six decimals: a millionth of the image is finer than any pixel of one 5000 wide. */
const round = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * The detections of a model's answer for an image of `width` × `height` pixels in the engine's
 * coordinate space; entries without a usable box are left out, boxes clamped to the image, and
 * those that lie wholly outside it dropped.
 */
export function readDetections(
  text: string,
  space: CoordinateSpace,
  image: { width: number; height: number },
): Detection[] {
  if (text.length > ANSWER_MAX_CHARS) throw new AnswerUnreadable('answer too long');
  const json = jsonOf(text);
  if (json === null || !jsonDepthWithin(json)) throw new AnswerUnreadable('no JSON list');
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    // A list followed or preceded by words: the text from its first `[` to its last `]`.
    const start = json.indexOf('[');
    const end = json.lastIndexOf(']');
    try {
      if (start < 0 || end <= start) throw new Error('no list');
      parsed = JSON.parse(json.slice(start, end + 1));
    } catch {
      throw new AnswerUnreadable('not JSON');
    }
  }
  // `{ "detections": [...] }` and the like, and a single object for a single thing.
  if (!Array.isArray(parsed) && typeof parsed === 'object' && parsed !== null) {
    const list = Object.values(parsed).find(Array.isArray);
    parsed = list ?? [parsed];
  }
  if (!Array.isArray(parsed)) throw new AnswerUnreadable('not a list');
  const [sx, sy] =
    space === 'pixels' ? [image.width, image.height] : space === 'normalized_1000' ? [1000, 1000] : [1, 1];
  const detections: Detection[] = [];
  let usable = 0;
  for (const entry of parsed) {
    if (typeof entry !== 'object' || entry === null) continue;
    const record = entry as Record<string, unknown>;
    const corners = cornersOf(record.box ?? record.bbox_2d ?? record.bbox);
    if (!corners) continue;
    usable += 1;
    const [a, b, c, d] = corners;
    const x1 = clamp(Math.min(a, c) / sx);
    const x2 = clamp(Math.max(a, c) / sx);
    const y1 = clamp(Math.min(b, d) / sy);
    const y2 = clamp(Math.max(b, d) / sy);
    if (x2 <= x1 || y2 <= y1) continue;
    const label = typeof record.label === 'string' ? record.label.trim() : '';
    detections.push({
      label: label.slice(0, LAB_LABEL_MAX_LENGTH),
      box: { x: round(x1), y: round(y1), w: round(x2 - x1), h: round(y2 - y1) },
    });
    if (detections.length === LAB_DETECTIONS_MAX) break;
  }
  // A list of things none of which has a box is not the answer asked for; an empty one is.
  if (parsed.length > 0 && usable === 0) throw new AnswerUnreadable('no boxes');
  return detections;
}

/** The answer's text as the page shows it. */
export const answerText = (text: string) => text.trim().slice(0, LAB_TEXT_MAX_LENGTH);
