// Numbers, ages and dates as spec §9 writes them; the helpers themselves are @vap/contracts'.
export { CompactNumber, type CompactNumberProps } from './compact-number.js';
export { NOW_TICK_MS, useNow } from './now.js';
export { type Instant, RelativeTime, type RelativeTimeProps, useRelativeTime } from './relative-time.js';
