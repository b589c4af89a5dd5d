import { useQuery } from '@tanstack/react-query';
import { useService } from '@vap/kernel';
import { TasksApiRef } from '../refs.js';

/** The company's firmware packages, shared by their dialog and the upgrade dialog's choice. */
export const FIRMWARE_KEY = ['devices', 'firmware'] as const;

export function useFirmware() {
  const api = useService(TasksApiRef);
  return useQuery({ queryKey: FIRMWARE_KEY, queryFn: ({ signal }) => api.firmware({ signal }) });
}
