import { TASK_CALLS } from '@vap/contracts';
import { useClient, useT } from '@vap/kernel';
import { Alert, Field, Select } from '@vap/ui';
import { useState } from 'react';
import { useFirmware } from './firmware-query.js';
import { type TaskCreatorProps, TaskDialog, useTaskForm } from './task-dialog.js';

/**
 * Creates a firmware upgrade task (issue 16, the role's `upgrade` button): the package — of the
 * chosen devices' model, or any for a group or a filter, whose devices of the package's model are
 * taken — and the task's timing. The server answers the task, which the caller then shows.
 */
export function UpgradeDialog({ target, onClose, onCreated }: TaskCreatorProps) {
  const t = useT('devices');
  const tasks = useClient(TASK_CALLS);
  const packages = useFirmware();
  const task = useTaskForm(target, onCreated);
  const [firmware, setFirmware] = useState('');

  // Chosen devices take a package of their one model; several models take none.
  const { models } = task;
  const fitting = (packages.data ?? []).filter(
    (item) => models === null || (models.length === 1 && item.model === models[0]),
  );
  const options = fitting.map((item) => ({ value: String(item.id), label: `${item.model} ${item.version}` }));
  const problem = firmware === '' ? t('upgrade.choosePackage') : undefined;

  const submit = () =>
    task.create(
      problem === undefined,
      (common) => tasks.upgrade({ body: { firmware_id: Number(firmware), ...common } }),
      (count) => t('upgrade.created', { count }),
    );

  return (
    <TaskDialog
      task={task}
      title={t('upgrade.title')}
      submitLabel={t('upgrade.submit')}
      targetHint={t('upgrade.modelOnly')}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      {models !== null && models.length > 1 ? (
        <Alert tone="warning">{t('upgrade.severalModels', { models: models.join(', ') })}</Alert>
      ) : null}
      {packages.isSuccess && fitting.length === 0 && (models === null || models.length === 1) ? (
        <Alert tone="warning">
          {models === null ? t('upgrade.noPackages') : t('upgrade.noPackage', { model: models[0] })}
        </Alert>
      ) : null}
      <Field label={t('upgrade.package')} required error={task.shown(problem)}>
        <Select
          options={options}
          placeholder={packages.isPending ? t('upgrade.loadingPackages') : t('upgrade.choosePackage')}
          value={firmware}
          onValueChange={setFirmware}
          disabled={options.length === 0}
        />
      </Field>
    </TaskDialog>
  );
}
