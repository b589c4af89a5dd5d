/**
 * A task's jobs as .xlsx (page device_maintenance, the task's `export`): the columns of its jobs
 * list (plugins/devices job-columns.tsx) with that list's headers and values, from the device
 * pages' own words.
 */
import { CONFIGURATION_STATE_NAMES, type TaskJob, type TaskType } from '@vap/contracts';
import { hasPluginWord, type PluginWord } from '../../core/http/plugin-words.js';
import { dateCell, type XlsxCell } from '../../core/http/xlsx-download.js';
import { DEVICE_PAGE_MESSAGES } from '../devices/index.js';

type Column = readonly [string, (job: TaskJob, word: PluginWord, type: TaskType) => XlsxCell];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A reason the device pages word (`jobReason.*`), else the code as the device gave it. */
const reasonOf = (reason: string | null, word: PluginWord) =>
  reason === null
    ? null
    : hasPluginWord(DEVICE_PAGE_MESSAGES, `jobReason.${reason}`)
      ? word(`jobReason.${reason}`)
      : reason;

/**
 * What the device answered, as the list's answer column says it (job-answer.tsx): a failure's own
 * words; a completion's result, a line per field (an applied configuration as its JSON, which the
 * list folds under a summary).
 */
function answerOf(job: TaskJob, word: PluginWord): string | null {
  if (job.state === 'failed') return job.message;
  if (job.state !== 'completed' || job.result === null) return null;
  const lines = Object.entries(job.result).map(([key, value]) => {
    if (key === 'config' && isRecord(value)) return `${word('jobAnswer.config')}: ${JSON.stringify(value)}`;
    if (key === 'firmware_version' && typeof value === 'string')
      return word('jobAnswer.firmware', { version: value });
    if (key === 'count' && typeof value === 'number') return word('jobAnswer.entries', { count: value });
    return `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`;
  });
  return lines.length > 0 ? lines.join('\n') : null;
}

export const JOB_EXPORT_COLUMNS: readonly Column[] = [
  ['device.sn', (job) => job.sn],
  ['device.name', (job) => job.name],
  ['device.model', (job) => job.model],
  [
    'job.state',
    (job, word, type) =>
      type === 'configuration'
        ? word(`configurationState.${CONFIGURATION_STATE_NAMES[job.state]}`)
        : word(`taskState.${job.state}`),
  ],
  ['job.progress', (job) => ({ percent: job.progress })],
  ['job.reason', (job, word) => reasonOf(job.reason, word)],
  ['job.answer', (job, word) => answerOf(job, word)],
  ['job.attempts', (job) => job.attempts],
  ['job.started', (job) => dateCell(job.started_at)],
  ['job.ended', (job) => dateCell(job.ended_at)],
];
