/**
 * The spans ending now that the dashboard's charts and the log both offer: the last hour up to all
 * that the broker keeps (MQTT_SERIES_KEPT_DAYS), in seconds. One list, so that the two pages offer
 * the same choices.
 */
import { MQTT_SERIES_KEPT_DAYS } from '@vap/contracts';

export const HOUR_SECONDS = 3600;

export const SPANS = {
  '1h': HOUR_SECONDS,
  '6h': 6 * HOUR_SECONDS,
  '24h': 24 * HOUR_SECONDS,
  '7d': MQTT_SERIES_KEPT_DAYS * 24 * HOUR_SECONDS,
} as const;
export type Span = keyof typeof SPANS;
export const SPAN_NAMES = Object.keys(SPANS) as Span[];
