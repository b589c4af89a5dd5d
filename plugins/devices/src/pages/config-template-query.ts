import { useQuery } from '@tanstack/react-query';
import { callKey, TASK_CALLS } from '@vap/contracts';
import { useClient } from '@vap/kernel';

/** The company's configuration templates, shared by their dialog and the configure dialog's choice. */
export const CONFIG_TEMPLATES_KEY = callKey(TASK_CALLS.configTemplates);

export function useConfigTemplates() {
  const tasks = useClient(TASK_CALLS);
  return useQuery({
    queryKey: CONFIG_TEMPLATES_KEY,
    queryFn: async ({ signal }) => (await tasks.configTemplates({}, { signal })).items,
  });
}
