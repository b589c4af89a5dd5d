/** MQTT's three delivery levels (MQTT 3.1.1 §4.3), for the debug tool and the filters. */
export type Qos = 0 | 1 | 2;
export const QOS_LEVELS: readonly Qos[] = [0, 1, 2];
