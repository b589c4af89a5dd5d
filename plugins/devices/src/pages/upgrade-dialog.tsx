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
import { useService, useT } from '@vap/kernel';
import { Alert, Button, Dialog, Field, Input, message, RadioGroup, Select } from '@vap/ui';
import { type FormEvent, useState } from 'react';
import { TasksApiRef } from '../refs.js';
import { useFirmware } from './firmware-query.js';
import { useGroups } from './group-panel.js';

/** Which devices an upgrade takes. */
export type UpgradeTarget =
  /** Chosen in the device list: the server refuses one of another model than the package's. */
  | { kind: 'devices'; devices: readonly Device[] }
  /** From the Tasks view: a group, or the devices the device list's filter shows. */
  | { kind: 'choose'; wheres: readonly Where[] };

interface UpgradeDialogProps {
  target: UpgradeTarget;
  onClose: () => void;
  onCreated: (task: Task) => void;
}

interface Values {
  firmware: string;
  scope: 'group' | 'filter';
  group: string;
  deadline: string;
  timeout: string;
}

type Problems = Partial<Record<'firmware' | 'group' | 'deadline' | 'timeout', string>>;

const digits = (value: string) => value.replace(/\D/g, '');
const within = (value: string, { min, max }: { min: number; max: number }) =>
  value !== '' && Number(value) >= min && Number(value) <= max;

/**
 * Creates a firmware upgrade task (issue 16, the role's `upgrade` button): the package — of the
 * chosen devices' model, or any for a group or a filter, whose devices of the package's model are
 * taken — how many hours the task waits for an offline device, and how many minutes one device may
 * take. The server answers the task, which the caller then shows.
 */
export function UpgradeDialog({ target, onClose, onCreated }: UpgradeDialogProps) {
  const t = useT('devices');
  const api = useService(TasksApiRef);
  const packages = useFirmware();
  const groups = useGroups();
  const [values, setValues] = useState<Values>({
    firmware: '',
    scope: 'group',
    group: '',
    deadline: String(TASK_DEADLINE_HOURS.default),
    timeout: String(JOB_TIMEOUT_MINUTES.default),
  });
  const [tried, setTried] = useState(false);
  const [sending, setSending] = useState(false);
  const set = (change: Partial<Values>) => setValues((previous) => ({ ...previous, ...change }));

  // Chosen devices take a package of their one model; several models take none.
  const models =
    target.kind === 'devices' ? [...new Set(target.devices.map((device) => device.model))] : null;
  const fitting = (packages.data ?? []).filter(
    (item) => models === null || (models.length === 1 && item.model === models[0]),
  );
  const firmwareOptions = fitting.map((item) => ({
    value: String(item.id),
    label: `${item.model} ${item.version}`,
  }));
  const groupOptions = [
    ...(groups.data?.items ?? []).map((group) => ({ value: String(group.id), label: group.name })),
    ...(groups.data?.ungrouped === undefined
      ? []
      : [{ value: String(UNGROUPED), label: t('groups.ungrouped') }]),
  ];

  const problems: Problems = {};
  if (values.firmware === '') problems.firmware = t('upgrade.choosePackage');
  if (target.kind === 'choose' && values.scope === 'group' && values.group === '')
    problems.group = t('upgrade.chooseGroup');
  if (!within(values.deadline, TASK_DEADLINE_HOURS)) {
    problems.deadline = t('upgrade.deadlineRange', {
      min: TASK_DEADLINE_HOURS.min,
      max: TASK_DEADLINE_HOURS.max,
    });
  }
  if (!within(values.timeout, JOB_TIMEOUT_MINUTES)) {
    problems.timeout = t('upgrade.timeoutRange', {
      min: JOB_TIMEOUT_MINUTES.min,
      max: JOB_TIMEOUT_MINUTES.max,
    });
  }
  const shown = (key: keyof Problems) => (tried ? problems[key] : undefined);

  const targetBody = (): TaskTarget => {
    if (target.kind === 'devices') return { device_ids: target.devices.map((device) => device.id) };
    return values.scope === 'group' ? { group_id: Number(values.group) } : { wheres: [...target.wheres] };
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (Object.keys(problems).length > 0) return;
    const body: CreateUpgradeTaskBody = {
      firmware_id: Number(values.firmware),
      target: targetBody(),
      deadline_hours: Number(values.deadline),
      timeout_minutes: Number(values.timeout),
    };
    setSending(true);
    let task: Task;
    try {
      task = await api.upgrade(body);
    } catch {
      return; // The console shows the server's message (another model, no device, too many); the dialog stays.
    } finally {
      setSending(false);
    }
    message.success(t('upgrade.created', { count: task.total }));
    onCreated(task);
  };

  const title = t('upgrade.title');
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title}>
      <form
        noValidate
        aria-label={title}
        className="flex flex-col gap-4"
        onSubmit={(event) => void submit(event)}
      >
        {target.kind === 'devices' ? (
          <p className="text-sm text-ink">
            {target.devices.length === 1
              ? t('upgrade.oneDevice', {
                  name: target.devices[0]?.name || target.devices[0]?.sn,
                  model: models?.[0],
                })
              : t('upgrade.devices', { count: target.devices.length })}
          </p>
        ) : (
          <Field label={t('upgrade.target')} hint={t('upgrade.modelOnly')}>
            <RadioGroup
              value={values.scope}
              onValueChange={(scope) => set({ scope: scope as Values['scope'] })}
              options={[
                { value: 'group', label: t('upgrade.scopeGroup') },
                {
                  value: 'filter',
                  label:
                    target.wheres.length === 0
                      ? t('upgrade.scopeAll')
                      : t('upgrade.scopeFilter', { count: target.wheres.length }),
                },
              ]}
            />
          </Field>
        )}
        {target.kind === 'choose' && values.scope === 'group' ? (
          <Field label={t('device.group')} required error={shown('group')}>
            <Select
              options={groupOptions}
              placeholder={t('upgrade.chooseGroup')}
              value={values.group}
              onValueChange={(group) => set({ group })}
            />
          </Field>
        ) : null}
        {models !== null && models.length > 1 ? (
          <Alert tone="warning">{t('upgrade.severalModels', { models: models.join(', ') })}</Alert>
        ) : null}
        {packages.isSuccess && fitting.length === 0 && (models === null || models.length === 1) ? (
          <Alert tone="warning">
            {models === null ? t('upgrade.noPackages') : t('upgrade.noPackage', { model: models[0] })}
          </Alert>
        ) : null}
        <Field label={t('upgrade.package')} required error={shown('firmware')}>
          <Select
            options={firmwareOptions}
            placeholder={packages.isPending ? t('upgrade.loadingPackages') : t('upgrade.choosePackage')}
            value={values.firmware}
            onValueChange={(firmware) => set({ firmware })}
            disabled={firmwareOptions.length === 0}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t('upgrade.deadline')}
            required
            hint={t('upgrade.deadlineHint')}
            error={shown('deadline')}
          >
            <Input
              inputMode="numeric"
              value={values.deadline}
              maxLength={3}
              onChange={(event) => set({ deadline: digits(event.target.value) })}
            />
          </Field>
          <Field
            label={t('upgrade.timeout')}
            required
            hint={t('upgrade.timeoutHint')}
            error={shown('timeout')}
          >
            <Input
              inputMode="numeric"
              value={values.timeout}
              maxLength={3}
              onChange={(event) => set({ timeout: digits(event.target.value) })}
            />
          </Field>
        </div>
        <div className="flex justify-end gap-2">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="primary" loading={sending}>
            {t('upgrade.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
