import { TASK_CALLS } from '@vap/contracts';
import { useClient, useT } from '@vap/kernel';
import { Alert, Field, Select } from '@vap/ui';
import { useState } from 'react';
import { ConfigSummary } from './config-summary.js';
import { useConfigTemplates } from './config-template-query.js';
import { type TaskCreatorProps, TaskDialog, useTaskForm } from './task-dialog.js';

/**
 * Creates a configuration task (spec §1 configuration, the role's `config` button): a template —
 * one for every model, or one of the chosen devices' model; any for a group or a filter, whose
 * devices of the template's model are taken — what it sets shown once chosen, and the task's
 * timing. The server answers the task, which the caller then shows.
 */
export function ConfigureDialog({ target, onClose, onCreated }: TaskCreatorProps) {
  const t = useT('devices');
  const tasks = useClient(TASK_CALLS);
  const templates = useConfigTemplates();
  const task = useTaskForm(target, onCreated);
  const [chosen, setChosen] = useState('');

  // A template for every model ('') fits any devices; one of a model, chosen devices of that model.
  const { models } = task;
  const fitting = (templates.data ?? []).filter(
    (item) => item.model === '' || models === null || (models.length === 1 && item.model === models[0]),
  );
  const options = fitting.map((item) => ({
    value: String(item.id),
    label: t('configure.option', { name: item.name, model: item.model || t('templates.everyModel') }),
  }));
  const template = fitting.find((item) => String(item.id) === chosen);
  const problem = template ? undefined : t('configure.chooseTemplate');

  let none: string | null = null;
  if (templates.isSuccess && fitting.length === 0) {
    if (models === null) none = t('configure.noTemplates');
    else if (models.length === 1) none = t('configure.noTemplate', { model: models[0] });
    else none = t('configure.severalModels', { models: models.join(', ') });
  }

  const submit = () =>
    task.create(
      template !== undefined,
      (common) => tasks.configure({ body: { template_id: Number(chosen), ...common } }),
      (count) => t('configure.created', { count }),
    );

  return (
    <TaskDialog
      task={task}
      title={t('configure.title')}
      submitLabel={t('configure.submit')}
      targetHint={t('configure.modelOnly')}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      {none ? <Alert tone="warning">{none}</Alert> : null}
      <Field label={t('configure.template')} required error={task.shown(problem)}>
        <Select
          options={options}
          placeholder={templates.isPending ? t('configure.loadingTemplates') : t('configure.chooseTemplate')}
          value={chosen}
          onValueChange={setChosen}
          disabled={options.length === 0}
        />
      </Field>
      {template ? (
        <section aria-label={t('configure.sets')} className="flex flex-col gap-1 rounded bg-canvas px-3 py-2">
          <h3 className="text-xs font-medium text-ink">{t('configure.sets')}</h3>
          <ConfigSummary config={template.config} />
        </section>
      ) : null}
    </TaskDialog>
  );
}
