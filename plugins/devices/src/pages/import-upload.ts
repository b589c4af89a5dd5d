/**
 * The device import's upload (spec §5.4): the one call of the area not sent through the derived
 * client, as fetch cannot report upload progress — `useCallUpload` to DEVICE_CALLS.importDevices.
 */
import { DEVICE_CALLS, type ImportFields, type ImportResult } from '@vap/contracts';
import { type UploadRequestContext, useCallUpload } from '@vap/ui';

/** Binds a workbook's rows; a refusal is an `ApiError` with the server's code and message. */
export function useImportDevices() {
  const upload = useCallUpload(DEVICE_CALLS.importDevices);
  return (
    { mode, group_id, on_error = 'all' }: ImportFields,
    file: File,
    context: UploadRequestContext,
  ): Promise<ImportResult> => {
    const fields: Record<string, string> = { mode, on_error };
    if (group_id !== undefined) fields.group_id = String(group_id);
    return upload(file, fields, context);
  };
}
