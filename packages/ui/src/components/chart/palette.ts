/**
 * Series colours: the theme colour first (a runtime variable, so charts follow the user's theme
 * choice), then hues that stay apart from it and from each other.
 */
export const CHART_PALETTE: readonly string[] = [
  'var(--vap-primary)',
  '#52c41a',
  '#faad14',
  '#eb2f96',
  '#722ed1',
  '#13c2c2',
  '#fa541c',
  '#2f54eb',
];

/** The palette colour of the `index`-th series or slice, wrapping around. */
export function paletteColour(index: number): string {
  return CHART_PALETTE[index % CHART_PALETTE.length] as string;
}
