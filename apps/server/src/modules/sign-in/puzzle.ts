/**
 * The slider puzzle captcha picture (spec §5.2): a procedural background — a gradient, shapes,
 * stripes and noise, different every time — with a jigsaw piece cut out at a random x, and the
 * piece itself, both PNG (pngjs). The answer x never leaves the server.
 */
import { randomInt } from 'node:crypto';
import { PNG } from 'pngjs';

export const PUZZLE_WIDTH = 310;
export const PUZZLE_HEIGHT = 160;
export const PIECE_SIZE = 50;

export interface Puzzle {
  /** PNG data URLs. */
  background: string;
  piece: string;
  /** Where the piece was cut: x is the secret answer. */
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The jigsaw piece: a square body with a knob on top and one on the right. */
function inPiece(px: number, py: number): boolean {
  const body = px >= 2 && px <= 40 && py >= 10 && py <= 48;
  const top = (px - 21) ** 2 + (py - 10) ** 2 <= 49;
  const right = (px - 40) ** 2 + (py - 29) ** 2 <= 49;
  return body || top || right;
}

/** Inside the piece and next to its outside: where the outline is drawn. */
function onEdge(px: number, py: number): boolean {
  if (!inPiece(px, py)) return false;
  return !inPiece(px - 1, py) || !inPiece(px + 1, py) || !inPiece(px, py - 1) || !inPiece(px, py + 1);
}

type Rgb = [number, number, number];

function hsl(h: number, s: number, l: number): Rgb {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

const clamp = (value: number) => (value < 0 ? 0 : value > 255 ? 255 : value);

/** A new picture: every call draws different colours, shapes and a different cut. */
export function renderPuzzle(): Puzzle {
  const width = PUZZLE_WIDTH;
  const height = PUZZLE_HEIGHT;
  const pixels = new Float64Array(width * height * 3);
  const hue = randomInt(360);
  const from = hsl(hue, 0.55, 0.55);
  const to = hsl((hue + 60 + randomInt(120)) % 360, 0.6, 0.45);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      const i = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) pixels[i + c] = (from[c] ?? 0) * (1 - t) + (to[c] ?? 0) * t;
    }
  }
  const blend = (x: number, y: number, colour: Rgb, alpha: number) => {
    const i = (y * width + x) * 3;
    for (let c = 0; c < 3; c++) pixels[i + c] = (pixels[i + c] ?? 0) * (1 - alpha) + (colour[c] ?? 0) * alpha;
  };
  // Circles and rectangles of random colours, half transparent.
  for (let n = 0, count = 8 + randomInt(8); n < count; n++) {
    const colour = hsl(randomInt(360), 0.5 + Math.random() * 0.4, 0.3 + Math.random() * 0.5);
    const alpha = 0.25 + Math.random() * 0.45;
    if (Math.random() < 0.6) {
      const cx = randomInt(width);
      const cy = randomInt(height);
      const r = 8 + randomInt(40);
      for (let y = Math.max(0, cy - r); y < Math.min(height, cy + r); y++) {
        for (let x = Math.max(0, cx - r); x < Math.min(width, cx + r); x++) {
          if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) blend(x, y, colour, alpha);
        }
      }
    } else {
      const x0 = randomInt(width);
      const y0 = randomInt(height);
      const x1 = Math.min(width, x0 + 15 + randomInt(70));
      const y1 = Math.min(height, y0 + 10 + randomInt(50));
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) blend(x, y, colour, alpha);
    }
  }
  // Soft diagonal stripes and noise, so the cut cannot be found by a flat colour.
  const period = 14 + randomInt(20);
  const phase = randomInt(period);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const stripe = Math.sin(((x + y + phase) / period) * Math.PI * 2) * 10;
      const i = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) pixels[i + c] = (pixels[i + c] ?? 0) + stripe + (Math.random() - 0.5) * 18;
    }
  }

  const cutX = randomInt(70, width - PIECE_SIZE - 5 + 1);
  const cutY = randomInt(5, height - PIECE_SIZE - 5 + 1);

  const background = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const o = (y * width + x) * 4;
      let rgb: Rgb = [clamp(pixels[i] ?? 0), clamp(pixels[i + 1] ?? 0), clamp(pixels[i + 2] ?? 0)];
      const px = x - cutX;
      const py = y - cutY;
      if (px >= 0 && py >= 0 && px < PIECE_SIZE && py < PIECE_SIZE && inPiece(px, py)) {
        rgb = onEdge(px, py) ? [235, 235, 235] : [rgb[0] * 0.4, rgb[1] * 0.4, rgb[2] * 0.4];
      }
      background.data[o] = Math.round(rgb[0]);
      background.data[o + 1] = Math.round(rgb[1]);
      background.data[o + 2] = Math.round(rgb[2]);
      background.data[o + 3] = 255;
    }
  }

  const piece = new PNG({ width: PIECE_SIZE, height: PIECE_SIZE });
  for (let py = 0; py < PIECE_SIZE; py++) {
    for (let px = 0; px < PIECE_SIZE; px++) {
      const o = (py * PIECE_SIZE + px) * 4;
      if (!inPiece(px, py)) {
        piece.data[o + 3] = 0;
        continue;
      }
      const i = ((cutY + py) * width + cutX + px) * 3;
      const edge = onEdge(px, py);
      piece.data[o] = edge ? 255 : Math.round(clamp((pixels[i] ?? 0) + 12));
      piece.data[o + 1] = edge ? 255 : Math.round(clamp((pixels[i + 1] ?? 0) + 12));
      piece.data[o + 2] = edge ? 255 : Math.round(clamp((pixels[i + 2] ?? 0) + 12));
      piece.data[o + 3] = 255;
    }
  }

  const dataUrl = (png: PNG) => `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`;
  return {
    background: dataUrl(background),
    piece: dataUrl(piece),
    x: cutX,
    y: cutY,
    width: PIECE_SIZE,
    height: PIECE_SIZE,
  };
}
