import { useQuery } from '@tanstack/react-query';
import { callKey, TASK_CALLS } from '@vap/contracts';
import { useClient } from '@vap/kernel';

/** The company's firmware packages, shared by their dialog and the upgrade dialog's choice. */
export const FIRMWARE_KEY = callKey(TASK_CALLS.firmware);

export function useFirmware() {
  const tasks = useClient(TASK_CALLS);
  return useQuery({
    queryKey: FIRMWARE_KEY,
    queryFn: async ({ signal }) => (await tasks.firmware({}, { signal })).items,
  });
}
