/**
 * What every new task asks besides its own fields (spec §3 Task, issue 16): which devices it takes
 * — the ones chosen in the device list, or a group or the device list's filter — how many hours it
 * waits for an offline device and how many minutes one device may take; and the dialog around
 * them. The upgrade, configuration and white-list dialogs add what they apply.
 */
import {
  type CreateUpgradeTaskBody,
  type Device,
  JOB_TIMEOUT_MINUTES,
  TASK_DEADLINE_HOURS,
  type Task,
  type TaskTarget,
  UNGROUPED,
  type Where,
} from '@vap/contracts';
import { useT } from '@vap/kernel';
import { Button, Dialog, type DialogSize, Field, Input, message, RadioGroup, Select } from '@vap/ui';
import { type ReactNode, useState } from 'react';
import { useGroups } from './group-panel.js';

/** Which devices a task takes. */
export type TaskDevices =
  /** Chosen in the device list: the server refuses one the task does not fit (another model). */
  | { kind: 'devices'; devices: readonly Device[] }
  /** From the Tasks view: a group, or the devices the device list's filter shows. */
  | { kind: 'choose'; wheres: readonly Where[] };

/** What the page gives a dialog that creates a task: the devices it takes, and its ends. */
export interface TaskCreatorProps {
  target: TaskDevices;
  onClose: () => void;
  /** The task the server answered, which the page then shows. */
  onCreated: (task: Task) => void;
}

/** The part of a task's body this module fills. */
export type TaskCommon = Pick<CreateUpgradeTaskBody, 'target' | 'deadline_hours' | 'timeout_minutes'>;

interface Values {
  scope: 'group' | 'filter';
  group: string;
  deadline: string;
  timeout: string;
}

type Problems = Partial<Record<'group' | 'deadline' | 'timeout', string>>;

const within = (value: string, { min, max }: { min: number; max: number }) =>
  value !== '' && Number(value) >= min && Number(value) <= max;

/**
 * The devices and timing of a new task, and its creation: `create` shows every message once tried,
 * and sends only when these fields and the dialog's own (`ready`) are complete; the task created is
 * said (`said`, of its number of devices) and handed to `onCreated`.
 */
export function useTaskForm(target: TaskDevices, onCreated: TaskCreatorProps['onCreated']) {
  const t = useT('devices');
  const [values, setValues] = useState<Values>({
    scope: 'group',
    group: '',
    deadline: String(TASK_DEADLINE_HOURS.default),
    timeout: String(JOB_TIMEOUT_MINUTES.default),
  });
  const [tried, setTried] = useState(false);
  const [sending, setSending] = useState(false);
  const set = (change: Partial<Values>) => setValues((previous) => ({ ...previous, ...change }));

  const problems: Problems = {};
  if (target.kind === 'choose' && values.scope === 'group' && values.group === '')
    problems.group = t('taskForm.chooseGroup');
  if (!within(values.deadline, TASK_DEADLINE_HOURS)) {
    problems.deadline = t('taskForm.deadlineRange', {
      min: TASK_DEADLINE_HOURS.min,
      max: TASK_DEADLINE_HOURS.max,
    });
  }
  if (!within(values.timeout, JOB_TIMEOUT_MINUTES)) {
    problems.timeout = t('taskForm.timeoutRange', {
      min: JOB_TIMEOUT_MINUTES.min,
      max: JOB_TIMEOUT_MINUTES.max,
    });
  }

  const targetBody = (): TaskTarget => {
    if (target.kind === 'devices') return { device_ids: target.devices.map((device) => device.id) };
    return values.scope === 'group' ? { group_id: Number(values.group) } : { wheres: [...target.wheres] };
  };

  /** Creates the task, unless there is something to fix; a refusal keeps the dialog. */
  const create = async (
    ready: boolean,
    send: (common: TaskCommon) => Promise<Task>,
    said: (count: number) => string,
  ): Promise<void> => {
    setTried(true);
    if (!ready || Object.keys(problems).length > 0) return;
    setSending(true);
    let created: Task;
    try {
      created = await send({
        target: targetBody(),
        deadline_hours: Number(values.deadline),
        timeout_minutes: Number(values.timeout),
      });
    } catch {
      // The console shows the server's message (another model, no device, too many); the dialog stays.
      return;
    } finally {
      setSending(false);
    }
    message.success(said(created.total));
    onCreated(created);
  };

  return {
    target,
    /** The distinct models of the chosen devices; null for a group or a filter. */
    models: target.kind === 'devices' ? [...new Set(target.devices.map((device) => device.model))] : null,
    values,
    set,
    problems,
    sending,
    /** A message, once a submission was tried. */
    shown: (problem: string | undefined) => (tried ? problem : undefined),
    create,
  };
}

export type TaskForm = ReturnType<typeof useTaskForm>;

interface TaskDialogProps {
  task: TaskForm;
  title: string;
  submitLabel: string;
  /** Under the choice of a group or a filter: which of their devices the task takes. */
  targetHint?: string;
  /** The submission waits for something besides the fields (e.g. a checked file). */
  submitDisabled?: boolean;
  size?: DialogSize;
  onSubmit: () => void;
  onClose: () => void;
  /** The task's own fields, between its devices and its timing. */
  children: ReactNode;
}

/** A new task's dialog: its devices, the task's own fields, its timing, then Cancel and submit. */
export function TaskDialog({
  task,
  title,
  submitLabel,
  targetHint,
  submitDisabled,
  size,
  onSubmit,
  onClose,
  children,
}: TaskDialogProps) {
  const t = useT('devices');
  return (
    <Dialog onClose={onClose} title={title} {...(size ? { size } : {})}>
      <form
        noValidate
        aria-label={title}
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <TargetFields task={task} hint={targetHint} />
        {children}
        <TimingFields task={task} />
        <div className="flex justify-end gap-2">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="primary" loading={task.sending} disabled={submitDisabled}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The chosen devices, or the choice of a group or the device list's filter. */
function TargetFields({ task, hint }: { task: TaskForm; hint: string | undefined }) {
  const t = useT('devices');
  const groups = useGroups();
  const { target, values, set } = task;
  if (target.kind === 'devices') {
    const only = target.devices.length === 1 ? target.devices[0] : undefined;
    return (
      <p className="text-sm text-ink">
        {only
          ? t('taskForm.oneDevice', { name: only.name || only.sn, model: only.model })
          : t('taskForm.devices', { count: target.devices.length })}
      </p>
    );
  }
  const groupOptions = [
    ...(groups.data?.items ?? []).map((group) => ({ value: String(group.id), label: group.name })),
    ...(groups.data?.ungrouped === undefined
      ? []
      : [{ value: String(UNGROUPED), label: t('groups.ungrouped') }]),
  ];
  return (
    <>
      <Field label={t('taskForm.target')} hint={hint}>
        <RadioGroup
          value={values.scope}
          onValueChange={(scope) => set({ scope: scope as Values['scope'] })}
          options={[
            { value: 'group', label: t('taskForm.scopeGroup') },
            {
              value: 'filter',
              label:
                target.wheres.length === 0
                  ? t('taskForm.scopeAll')
                  : t('taskForm.scopeFilter', { count: target.wheres.length }),
            },
          ]}
        />
      </Field>
      {values.scope === 'group' ? (
        <Field label={t('device.group')} required error={task.shown(task.problems.group)}>
          <Select
            options={groupOptions}
            placeholder={t('taskForm.chooseGroup')}
            value={values.group}
            onValueChange={(group) => set({ group })}
          />
        </Field>
      ) : null}
    </>
  );
}

const digits = (value: string) => value.replace(/\D/g, '');

/** The two timings, each a number of (at most three) digits. */
const TIMINGS = ['deadline', 'timeout'] as const;

/** How long the task waits for an offline device, and how long one device may take. */
function TimingFields({ task }: { task: TaskForm }) {
  const t = useT('devices');
  const { values, set, problems, shown } = task;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {TIMINGS.map((timing) => (
        <Field
          key={timing}
          label={t(`taskForm.${timing}`)}
          required
          hint={t(`taskForm.${timing}Hint`)}
          error={shown(problems[timing])}
        >
          <Input
            inputMode="numeric"
            value={values[timing]}
            maxLength={3}
            onChange={(event) => set({ [timing]: digits(event.target.value) })}
          />
        </Field>
      ))}
    </div>
  );
}
