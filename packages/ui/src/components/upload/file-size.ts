/**
 * File sizes in units of 1024 (spec §9), written the way the console's messages do: "5M",
 * "1.5K", "512B". One decimal at most, trailing zeros dropped.
 */
const UNITS = ['B', 'K', 'M', 'G', 'T'] as const;

export function formatFileSize(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = Math.round(value * 10) / 10;
  return `${rounded}${UNITS[unit]}`;
}
