/**
 * The step each of the dashboard's spans (SPANS) is asked in (MQTT_SERIES_STEPS): enough points to
 * draw a curve, never more than the server answers (MQTT_SERIES_MAX_POINTS).
 */
import { MQTT_SERIES_MAX_POINTS, MQTT_SERIES_STEPS, type MqttSeriesQuery } from '@vap/contracts';
import { HOUR_SECONDS, SPANS, type Span } from '../common/spans.js';

/** About this many points make a readable curve across a dashboard card. */
const WANTED_POINTS = 200;

/** The finest step that draws a span in at most WANTED_POINTS points (and the server's maximum). */
export function seriesStep(spanSeconds: number): number {
  const limit = Math.min(WANTED_POINTS, MQTT_SERIES_MAX_POINTS);
  return (
    MQTT_SERIES_STEPS.find((step) => spanSeconds / step <= limit) ?? MQTT_SERIES_STEPS.at(-1) ?? HOUR_SECONDS
  );
}

/** The series query of a range ending now. */
export function seriesQuery(range: Span, now: number): MqttSeriesQuery {
  const span = SPANS[range];
  return {
    from: new Date(now - span * 1000).toISOString(),
    to: new Date(now).toISOString(),
    step: seriesStep(span),
  };
}
