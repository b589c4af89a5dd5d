/**
 * The dashboard's time ranges and the step each is asked in (MQTT_SERIES_STEPS): enough points to
 * draw a curve, never more than the server answers (MQTT_SERIES_MAX_POINTS).
 */
import {
  MQTT_SERIES_KEPT_DAYS,
  MQTT_SERIES_MAX_POINTS,
  MQTT_SERIES_STEPS,
  type MqttSeriesQuery,
} from '@vap/contracts';

const HOUR = 3600;

/** The ranges offered, in seconds: the last hour up to all that is kept. */
export const SERIES_RANGES = {
  '1h': HOUR,
  '6h': 6 * HOUR,
  '24h': 24 * HOUR,
  '7d': MQTT_SERIES_KEPT_DAYS * 24 * HOUR,
} as const;
export type SeriesRange = keyof typeof SERIES_RANGES;
export const SERIES_RANGE_NAMES = Object.keys(SERIES_RANGES) as SeriesRange[];

/** About this many points make a readable curve across a dashboard card. */
const WANTED_POINTS = 200;

/** The finest step that draws a span in at most WANTED_POINTS points (and the server's maximum). */
export function seriesStep(spanSeconds: number): number {
  const limit = Math.min(WANTED_POINTS, MQTT_SERIES_MAX_POINTS);
  return MQTT_SERIES_STEPS.find((step) => spanSeconds / step <= limit) ?? MQTT_SERIES_STEPS.at(-1) ?? HOUR;
}

/** The series query of a range ending now. */
export function seriesQuery(range: SeriesRange, now: number): MqttSeriesQuery {
  const span = SERIES_RANGES[range];
  return {
    from: new Date(now - span * 1000).toISOString(),
    to: new Date(now).toISOString(),
    step: seriesStep(span),
  };
}
