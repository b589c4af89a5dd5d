/**
 * The debug tool's checks before anything is sent: a topic to publish to, a topic filter to
 * subscribe to (MQTT 3.1.1 §4.7) and a JSON payload. What the role may use is the broker's to say.
 */
import { MQTT_TOPIC_MAX_LENGTH } from '@vap/contracts';

/** Keys of the `debug.problems` strings. */
export type TopicProblem = 'empty' | 'tooLong' | 'wildcard' | 'badWildcard' | 'nul';

function common(topic: string): TopicProblem | null {
  if (topic.length === 0) return 'empty';
  if (topic.length > MQTT_TOPIC_MAX_LENGTH) return 'tooLong';
  if (topic.includes('\u0000')) return 'nul';
  return null;
}

/** A topic to publish to: no wildcard (§4.7.1). */
export function publishTopicProblem(topic: string): TopicProblem | null {
  return common(topic) ?? (/[+#]/.test(topic) ? 'wildcard' : null);
}

/** A topic filter: `+` fills a whole level, `#` a whole level and the last one (§4.7.1.2, §4.7.1.3). */
export function filterProblem(filter: string): TopicProblem | null {
  const problem = common(filter);
  if (problem) return problem;
  const levels = filter.split('/');
  const bad = levels.some(
    (level, index) =>
      (level.includes('#') && (level !== '#' || index !== levels.length - 1)) ||
      (level.includes('+') && level !== '+'),
  );
  return bad ? 'badWildcard' : null;
}

/** Whether a payload meant as JSON is JSON. */
export function isJson(payload: string): boolean {
  try {
    JSON.parse(payload);
    return true;
  } catch {
    return false;
  }
}
