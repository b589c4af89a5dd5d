import { useQuery } from '@tanstack/react-query';
import { useService } from '@vap/kernel';
import { TasksApiRef } from '../refs.js';

/** The company's configuration templates, shared by their dialog and the configure dialog's choice. */
export const CONFIG_TEMPLATES_KEY = ['devices', 'configTemplates'] as const;

export function useConfigTemplates() {
  const api = useService(TasksApiRef);
  return useQuery({
    queryKey: CONFIG_TEMPLATES_KEY,
    queryFn: ({ signal }) => api.configTemplates({ signal }),
  });
}
