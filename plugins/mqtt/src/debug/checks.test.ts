import { MQTT_TOPIC_MAX_LENGTH } from '@vap/contracts';
import { describe, expect, it } from 'vitest';
import { filterProblem, isJson, publishTopicProblem } from './checks.js';

describe('the debug tool checks', () => {
  it('a topic to publish to has no wildcard (MQTT 3.1.1 §4.7.1)', () => {
    expect(publishTopicProblem('vap/dev/12345678901320000011/down/reboot')).toBeNull();
    expect(publishTopicProblem('')).toBe('empty');
    expect(publishTopicProblem('vap/dev/+/down/x')).toBe('wildcard');
    expect(publishTopicProblem('vap/dev/#')).toBe('wildcard');
    expect(publishTopicProblem('a'.repeat(MQTT_TOPIC_MAX_LENGTH + 1))).toBe('tooLong');
    expect(publishTopicProblem('a\u0000b')).toBe('nul');
  });

  it('a filter puts + on a whole level and # on the whole last one', () => {
    for (const good of ['vap/dev/+/up/#', '#', '+', 'vap/+/+', 'vap/dev/1/up/status']) {
      expect(filterProblem(good), good).toBeNull();
    }
    for (const bad of ['vap/dev/#/up', 'vap/dev/a+/up', 'vap/dev/up#', 'vap/#/']) {
      expect(filterProblem(bad), bad).toBe('badWildcard');
    }
    expect(filterProblem('')).toBe('empty');
  });

  it('tells JSON from text', () => {
    expect(isJson('{"command": "reboot"}')).toBe(true);
    expect(isJson('[1, 2]')).toBe(true);
    expect(isJson('42')).toBe(true);
    expect(isJson('{command: reboot}')).toBe(false);
    expect(isJson('')).toBe(false);
  });
});
