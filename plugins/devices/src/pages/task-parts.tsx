import {
  CONFIGURATION_STATE_NAMES,
  JOB_SERVER_REASONS,
  TASK_STATES,
  type Task,
  type TaskState,
  type TaskType,
} from '@vap/contracts';
import { type TranslateOf, useT } from '@vap/kernel';
import { cn, Tag, type TagTone } from '@vap/ui';

export const STATE_TONES: Record<TaskState, TagTone> = {
  pending: 'default',
  processing: 'primary',
  completed: 'success',
  failed: 'danger',
};

/** A task or job not yet ended: what a live view keeps asking about. */
export const isUnfinished = (state: TaskState) => state === 'pending' || state === 'processing';

/**
 * The devices' own failure reasons this console knows (docs/mqtt.md, the device simulator); a
 * device may answer others, shown as it said them.
 */
const DEVICE_REASONS = [
  'md5_mismatch',
  'download_failed',
  'unsupported_model',
  'busy',
  'bad_args',
  'simulated_failure',
  'interrupted',
  'command_failed',
] as const;
type KnownReason = (typeof JOB_SERVER_REASONS)[number] | (typeof DEVICE_REASONS)[number];
const KNOWN_REASONS: readonly string[] = [...JOB_SERVER_REASONS, ...DEVICE_REASONS];

/** `jobReason.<code>` for a reason this console knows; any other code as the device gave it. */
export function reasonText(t: TranslateOf<'devices'>, reason: string | null): string {
  if (reason === null) return '';
  return KNOWN_REASONS.includes(reason) ? t(`jobReason.${reason as KnownReason}`) : reason;
}

/**
 * A job's state by its task's type (spec §4.3): a configuration job is "not applied", "applying",
 * "applied" or failed; the others pending, processing, completed or failed.
 */
export function jobStateName(t: TranslateOf<'devices'>, type: TaskType, state: TaskState): string {
  return type === 'configuration'
    ? t(`configurationState.${CONFIGURATION_STATE_NAMES[state]}`)
    : t(`taskState.${state}`);
}

/** A task's state, and that it was cancelled (its started jobs may still be running). */
export function TaskStateTags({ task }: { task: Task }) {
  const t = useT('devices');
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Tag tone={STATE_TONES[task.state]}>{t(`taskState.${task.state}`)}</Tag>
      {task.cancelled_at ? <Tag tone="warning">{t('tasks.cancelledTag')}</Tag> : null}
    </span>
  );
}

/** How many of a task's jobs stand in each state, named as its jobs' states are. */
export function TaskCounts({ task, className }: { task: Task; className?: string }) {
  const t = useT('devices');
  return (
    <ul
      aria-label={t('tasks.countsOf', { subject: task.subject })}
      className={cn('flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-ink-soft', className)}
    >
      {TASK_STATES.map((state) => (
        <li key={state} className="whitespace-nowrap tabular-nums">
          {t('tasks.count', { state: jobStateName(t, task.type, state), n: task.counts[state] })}
        </li>
      ))}
    </ul>
  );
}
