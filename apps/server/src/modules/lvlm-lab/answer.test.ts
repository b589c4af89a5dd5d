import { describe, expect, it } from 'vitest';
import { AnswerUnreadable, readDetections } from './answer.js';

const image = { width: 800, height: 400 };

describe("reading a model's answer (issue 31: [{label, box}], normalised before drawing)", () => {
  it('normalises pixels by the image, thousandths by 1000 and fractions as they are, to 0–1 of the image', () => {
    const box = (b: number[]) => JSON.stringify([{ label: 'car', box: b }]);
    expect(readDetections(box([80, 40, 400, 200]), 'pixels', image)).toEqual([
      { label: 'car', box: { x: 0.1, y: 0.1, w: 0.4, h: 0.4 } },
    ]);
    expect(readDetections(box([100, 250, 600, 750]), 'normalized_1000', image)).toEqual([
      { label: 'car', box: { x: 0.1, y: 0.25, w: 0.5, h: 0.5 } },
    ]);
    expect(readDetections(box([0.5, 0.5, 1, 1]), 'normalized_1', image)).toEqual([
      { label: 'car', box: { x: 0.5, y: 0.5, w: 0.5, h: 0.5 } },
    ]);
  });

  it('reads a list in a ```json fence with words around it, and Qwen-VL’s bbox_2d', () => {
    const text =
      'Here is what I found:\n```json\n[{"label": "person", "bbox_2d": [0, 0, 500, 1000]}]\n```\nDone.';
    expect(readDetections(text, 'normalized_1000', image)).toEqual([
      { label: 'person', box: { x: 0, y: 0, w: 0.5, h: 1 } },
    ]);
    expect(readDetections('Found: [{"label":"a","box":[0,0,1,1]}] ok', 'normalized_1', image)).toHaveLength(
      1,
    );
  });

  it('clamps boxes to the image, orders their corners and drops those wholly outside it', () => {
    const text = JSON.stringify([
      { label: 'over', box: [-100, -50, 2000, 300] },
      { label: 'swapped', box: [400, 200, 80, 40] },
      { label: 'outside', box: [900, 0, 1000, 100] },
    ]);
    expect(readDetections(text, 'pixels', image)).toEqual([
      { label: 'over', box: { x: 0, y: 0, w: 1, h: 0.75 } },
      { label: 'swapped', box: { x: 0.1, y: 0.1, w: 0.4, h: 0.4 } },
    ]);
  });

  it('answers an empty list as nothing found, and skips entries without a usable box', () => {
    expect(readDetections('[]', 'pixels', image)).toEqual([]);
    const text = JSON.stringify([
      { label: 'x', box: [1, 2] },
      { label: 'ok', box: ['10', '10', '20', '20'] },
    ]);
    expect(readDetections(text, 'pixels', image)).toEqual([
      { label: 'ok', box: { x: 0.0125, y: 0.025, w: 0.0125, h: 0.025 } },
    ]);
  });

  it('cuts a long label and keeps at most 100 detections', () => {
    const many = JSON.stringify(
      Array.from({ length: 150 }, () => ({ label: 'y'.repeat(500), box: [0, 0, 1, 1] })),
    );
    const read = readDetections(many, 'normalized_1', image);
    expect(read).toHaveLength(100);
    expect(read[0]?.label).toHaveLength(64);
  });

  it.each([
    ['words only', 'I see two cars.'],
    ['broken JSON', '```json\n[{"label": "car", "box": [1, 2, 3\n```'],
    ['a list of things without boxes', '[{"label": "car"}, {"label": "bus", "box": "here"}]'],
    ['a number', '42'],
    ['too deep', `${'['.repeat(500)}${']'.repeat(500)}`],
    ['too long', `[${' '.repeat(300_000)}]`],
  ])('refuses %s as unreadable', (_what, text) => {
    expect(() => readDetections(text, 'pixels', image)).toThrow(AnswerUnreadable);
  });
});
