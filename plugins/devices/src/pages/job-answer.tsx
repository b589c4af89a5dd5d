import type { TaskJob } from '@vap/contracts';
import { type TranslateOf, useT } from '@vap/kernel';
import { ConfigSummary } from './config-summary.js';

type Result = NonNullable<TaskJob['result']>;
type Config = Record<string, Record<string, unknown>>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isConfig = (value: unknown): value is Config => isRecord(value) && Object.values(value).every(isRecord);

/**
 * The fields of a completed job's result this console words (docs/mqtt.md, "Jobs"): the firmware
 * an upgrade left running, the entries a white list left on the device; any other field as it came.
 * `config` is shown apart (ConfigSummary).
 */
function resultLines(t: TranslateOf<'devices'>, result: Result): string[] {
  return Object.entries(result).flatMap(([key, value]) => {
    if (key === 'config' && isConfig(value)) return [];
    if (key === 'firmware_version' && typeof value === 'string')
      return [t('jobAnswer.firmware', { version: value })];
    if (key === 'count' && typeof value === 'number') return [t('jobAnswer.entries', { count: value })];
    return [`${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`];
  });
}

/**
 * What the device answered of its job (spec §4.3: "with the device's answer"): on a failure, its
 * own words as it said them (its reason is the column before, translated); on completion, what its
 * result says. A configuration job's answer is the configuration the device now has — all of it,
 * so it folds away under a summary line, opened with a click or the keyboard like any disclosure.
 */
export function JobAnswer({ job }: { job: TaskJob }) {
  const t = useT('devices');
  if (job.state === 'failed') return <span className="break-words">{job.message || '—'}</span>;
  if (job.state !== 'completed' || job.result === null) return '—';
  const lines = resultLines(t, job.result);
  const config = isConfig(job.result.config) ? job.result.config : null;
  if (lines.length === 0 && config === null) return '—';
  return (
    <div className="flex flex-col gap-0.5">
      {lines.map((line) => (
        <span key={line} className="break-words">
          {line}
        </span>
      ))}
      {config ? (
        <details>
          <summary className="cursor-pointer text-primary">{t('jobAnswer.config')}</summary>
          <ConfigSummary config={config} className="mt-1" />
        </details>
      ) : null}
    </div>
  );
}
