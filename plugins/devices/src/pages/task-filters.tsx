import { TASK_STATES, TASK_TYPES, type Where } from '@vap/contracts';
import { useT } from '@vap/kernel';
import { FilterForm, Select } from '@vap/ui';

export interface TaskFilterValues {
  /** '' for every type. */
  type: string;
  /** '' for every state. */
  state: string;
}

export const NO_TASK_FILTERS: TaskFilterValues = { type: '', state: '' };

/** The `{k, o, v}` list of the tasks (TASK_FILTERS of the contracts): type and state. */
export function taskWheres(values: TaskFilterValues): Where[] {
  const wheres: Where[] = [];
  if (values.type !== '') wheres.push({ k: 'type', o: '=', v: values.type });
  if (values.state !== '') wheres.push({ k: 'state', o: '=', v: values.state });
  return wheres;
}

/** The tasks' searches, applied on Search (or Enter); Reset clears them. */
export function TaskFilters({ onChange }: { onChange: (values: TaskFilterValues) => void }) {
  const t = useT('devices');
  return (
    <FilterForm label={t('tasks.filters')} empty={NO_TASK_FILTERS} onChange={onChange}>
      {(values, set) => (
        <>
          <Select
            aria-label={t('tasks.type')}
            placeholder={t('tasks.anyType')}
            options={TASK_TYPES.map((type) => ({ value: type, label: t(`taskType.${type}`) }))}
            value={values.type}
            onValueChange={(type) => set({ type })}
            clearable
            className="w-40"
          />
          <Select
            aria-label={t('tasks.state')}
            placeholder={t('tasks.anyState')}
            options={TASK_STATES.map((state) => ({ value: state, label: t(`taskState.${state}`) }))}
            value={values.state}
            onValueChange={(state) => set({ state })}
            clearable
            className="w-36"
          />
        </>
      )}
    </FilterForm>
  );
}
