/**
 * What the lab asks of the model: a preset's request or the user's question, with the form of the
 * answer (a JSON list `[{label, box}]`) and where the engine's boxes are.
 */
import type { LabPreset } from '@vap/contracts';
import type { CoordinateSpace } from './answer.js';

/** Each preset's request, in English: every vision-language model of the lab reads English. */
export const PRESET_REQUESTS: Readonly<Record<LabPreset, string>> = {
  person: 'Find every person.',
  intrusion: 'Find every person and every vehicle, as an intrusion alarm of a perimeter would.',
  helmet: 'Find the head of every person; label it "helmet" if they wear a safety helmet, else "no_helmet".',
  licence_plate: 'Find every vehicle licence plate; label each with the characters of the plate.',
  vehicle: 'Find every vehicle; label each car, bus, truck, motorcycle or bicycle by its kind.',
};

const SPACES: Readonly<Record<CoordinateSpace, (width: number, height: number) => string>> = {
  pixels: (width, height) => `pixels of the image, which is ${width} wide and ${height} high`,
  normalized_1000: () => 'thousandths of the image, from 0 to 1000 on each side',
  normalized_1: () => 'fractions of the image, from 0 to 1 on each side',
};

/** The instructions beside the image. */
export function systemPrompt(space: CoordinateSpace, width: number, height: number): string {
  return (
    'You detect objects in images. Answer with a JSON list only, no other words: ' +
    '[{"label": "<what it is>", "box": [x1, y1, x2, y2]}], one entry per object found, ' +
    `[] when there is none. x1, y1 is the top left corner and x2, y2 the bottom right, in ${SPACES[space](width, height)}.`
  );
}

/** The request of a detection: a preset's, or the question as typed. */
export const requestOf = (body: { preset?: LabPreset | undefined; question?: string | undefined }) =>
  body.preset ? PRESET_REQUESTS[body.preset] : `Find what this asks for: ${body.question ?? ''}`;
