/**
 * The topics of one simulated unit (docs/mqtt.md, "The device simulator"). A device may publish only
 * under its own `up` and subscribe only under its own `down`: the broker closes the connection of
 * a device that publishes elsewhere.
 */
import { DEVICE_TOPICS, MQTT_TOPIC_ROOT, VIDEO_TOPIC } from '@vap/contracts';

export interface DeviceTopics {
  /** Vitals, every telemetry interval. */
  telemetry: string;
  /** Motion, line crossing, video loss… */
  event: string;
  /** `{online}`: true on connect, false on a clean stop or reboot, and the last will. */
  state: string;
  /** Answers to commands. */
  reply: string;
  /** A job's progress and end. */
  job: string;
  /** What a terminal session prints. */
  terminal: string;
  /** Its use of cloud storage, with each telemetry report. */
  cloud: string;
  /** Its requests to upload cloud video recordings. */
  video: string;
  /** Commands to the device (subscribed). */
  command: string;
  /** The answers to its recordings' upload requests (subscribed). */
  videoAnswer: string;
}

export function topicsOf(sn: string): DeviceTopics {
  const up = `${MQTT_TOPIC_ROOT}/${sn}/up`;
  return {
    telemetry: `${up}/telemetry`,
    event: `${up}/event`,
    state: `${up}/state`,
    reply: `${up}/reply`,
    job: `${up}/${DEVICE_TOPICS.job}`,
    terminal: `${up}/${DEVICE_TOPICS.terminal}`,
    cloud: `${up}/${DEVICE_TOPICS.cloud}`,
    video: `${up}/${VIDEO_TOPIC}`,
    command: `${MQTT_TOPIC_ROOT}/${sn}/down/cmd`,
    videoAnswer: `${MQTT_TOPIC_ROOT}/${sn}/down/${VIDEO_TOPIC}`,
  };
}
