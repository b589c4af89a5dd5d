import { MQTT_TOPIC_MAX_LENGTH } from '@vap/contracts';
import { useT } from '@vap/kernel';
import type { TopicProblem } from './checks.js';

/** Why a topic (or filter) cannot be sent, in the user's language; undefined when it can. */
export function useProblemText(): (problem: TopicProblem | null) => string | undefined {
  const t = useT('mqtt');
  return (problem) => (problem ? t(`debug.problems.${problem}`, { max: MQTT_TOPIC_MAX_LENGTH }) : undefined);
}
