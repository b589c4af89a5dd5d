import { TASK_FILTERS, TASK_STATES, TASK_TYPES } from '@vap/contracts';
import { useT } from '@vap/kernel';
import { useFilters } from '@vap/ui';

/** The tasks' filters: type and state, applied on Search (or Enter). */
export function useTaskFilters() {
  const t = useT('devices');
  return useFilters(TASK_FILTERS, [
    {
      key: 'type',
      op: '=',
      kind: 'select',
      label: t('tasks.type'),
      placeholder: t('tasks.anyType'),
      options: TASK_TYPES.map((type) => ({ value: type, label: t(`taskType.${type}`) })),
      className: 'w-40',
    },
    {
      key: 'state',
      op: '=',
      kind: 'select',
      label: t('tasks.state'),
      placeholder: t('tasks.anyState'),
      options: TASK_STATES.map((state) => ({ value: state, label: t(`taskState.${state}`) })),
      className: 'w-36',
    },
  ]);
}
