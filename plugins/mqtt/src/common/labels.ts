/** Labels of the broker's enumerations, shared by the lists, the drawer and the logs. */
import type { TranslateOf } from '@vap/kernel';

type T = TranslateOf<'mqtt'>;

/** MQTT's name for a protocol level: 3 is MQTT 3.1, 4 is 3.1.1, 5 is 5.0 (the broker speaks no other). */
export function protocolLabel(t: T, level: number): string {
  if (level === 3) return t('protocol.v3');
  if (level === 4) return t('protocol.v4');
  if (level === 5) return t('protocol.v5');
  return t('protocol.other', { level });
}

/** A yes or no of a flag (clean start, retain). */
export function yesNo(t: T, value: boolean): string {
  return value ? t('common.yes') : t('common.no');
}
