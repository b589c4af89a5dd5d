/**
 * The theme colour at run time (spec §9: default #1890ff, user-selectable). The chosen colour is
 * kept for accents (focus rings, soft fills); text and white text on it use its accessible
 * rendition, darkened just enough to reach the WCAG AA contrast of 4.5:1 on every background such
 * text is drawn on: white, the page's canvas (a page's tabs) and the colour's own soft fill (a tag,
 * a chosen item) — the two last are darker than white. Many theme colours (the default included)
 * are too light for that as they are.
 */
const HEX_COLOUR = /^#([0-9a-f]{6})$/i;
export const MIN_TEXT_CONTRAST = 4.5;

type Rgb = [number, number, number];

function parse(hex: string): Rgb | null {
  const match = HEX_COLOUR.exec(hex);
  if (!match?.[1]) return null;
  const value = Number.parseInt(match[1], 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

const toHex = (rgb: Rgb) => `#${rgb.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;

function luminance([r, g, b]: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

function ratio(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The WCAG contrast ratio of two colours (1 when one is not #rrggbb). */
export function contrast(hex: string, other: string): number {
  const [a, b] = [parse(hex), parse(other)];
  return a && b ? ratio(a, b) : 1;
}

/** The WCAG contrast ratio of a colour with white. */
export function contrastWithWhite(hex: string): number {
  return contrast(hex, '#ffffff');
}

/** The page's background: theme.css's `--color-canvas`. */
export const CANVAS = '#f0f2f5';

/** A theme colour's soft fill: theme.css's `--color-primary-soft`, 10 % of it over white. */
export function softFill(hex: string): string {
  const rgb = parse(hex);
  if (!rgb) return hex;
  return toHex(rgb.map((channel) => Math.round(channel * 0.1 + 255 * 0.9)) as Rgb);
}

/**
 * The colour itself when it is legible as text on white, on the canvas and on its soft fill (and
 * white text on it), else the lightest darker shade that is.
 */
export function accessibleShade(hex: string, minContrast = MIN_TEXT_CONTRAST): string {
  const rgb = parse(hex);
  if (!rgb) return hex;
  // White is lighter than both: text legible on the darker of them is legible on all three.
  const backgrounds = [CANVAS, softFill(hex)].map((each) => parse(each) as Rgb);
  const darkest = backgrounds.reduce((a, b) => (luminance(a) <= luminance(b) ? a : b));
  for (let factor = 1; factor > 0; factor -= 0.01) {
    const shade = rgb.map((channel) => Math.round(channel * factor)) as Rgb;
    if (ratio(shade, darkest) >= minContrast) return toHex(shade);
  }
  return '#000000';
}

/** Sets the theme colour on an element (the document root by default); ignores what is not #rrggbb. */
export function applyThemeColour(hex: string, element: HTMLElement = document.documentElement): void {
  if (!parse(hex)) return;
  element.style.setProperty('--vap-primary', hex);
  element.style.setProperty('--vap-primary-text', accessibleShade(hex));
}
