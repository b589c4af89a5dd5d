import {
  createFirmwareBodySchema,
  FIRMWARE_MAX_BYTES,
  FIRMWARE_MODEL_MAX_LENGTH,
  FIRMWARE_NOTES_MAX_LENGTH,
  FIRMWARE_VERSION_MAX_LENGTH,
  type Firmware,
  firmwareTokenBodySchema,
  TASK_CALLS,
} from '@vap/contracts';
import { md5OfBlob, useClient, useService, useSession, useT } from '@vap/kernel';
import {
  checkFile,
  Field,
  FileChooser,
  FormDialog,
  FormField,
  formatFileSize,
  Input,
  message,
  showFieldErrors,
  TextareaField,
  UploadPhaseView,
  useFileCheckMessage,
  useUploadPhase,
  useZodForm,
} from '@vap/ui';
import { useState } from 'react';
import { TaskUploadsRef } from '../refs.js';
import { firmwareObjectName } from '../task-uploads.js';

/** The fields of POST firmware but its path, which the file's md5 makes once it is chosen. */
const firmwareFieldsSchema = createFirmwareBodySchema.omit({ path: true });

/** The two short texts that name a package, each with its hint `firmware.<name>Hint`. */
const NAMING_FIELDS = [
  { name: 'model', label: 'device.model', maxLength: FIRMWARE_MODEL_MAX_LENGTH },
  { name: 'version', label: 'firmware.version', maxLength: FIRMWARE_VERSION_MAX_LENGTH },
] as const;

interface FirmwareUploadDialogProps {
  onClose: () => void;
  onUploaded: (firmware: Firmware) => void;
}

/**
 * Uploads a firmware package (issue 16): a .bin file of at most 100 MB, its md5 computed here to
 * name the object `firmware/{companyId}_{md5}.bin` (the store checks it against the bytes), sent
 * through the object store's token flow with its progress (spec §7.2), then recorded with its
 * model, version and release notes — checked with the contracts' schemas and their messages.
 */
export function FirmwareUploadDialog({ onClose, onUploaded }: FirmwareUploadDialogProps) {
  const t = useT('devices');
  const tConsole = useT();
  const uploads = useService(TaskUploadsRef);
  const tasks = useClient(TASK_CALLS);
  const { user } = useSession();
  const fileCheckMessage = useFileCheckMessage();
  const form = useZodForm(firmwareFieldsSchema, {
    defaultValues: { model: '', version: '', release_notes: '' },
  });
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState('');
  // Closing the dialog stops an upload under way.
  const { phase, busy, upload, save, reset } = useUploadPhase({ failed: t('firmware.uploadFailed') });
  // A submission without a file says so under the file, whatever the other fields say.
  const missing = form.formState.submitCount > 0 && !file && !fileError ? t('firmware.fileRequired') : '';

  const problemOf = async (chosen: File): Promise<string> => {
    const failure = await checkFile(chosen, { accept: ['.bin'] });
    if (failure) return fileCheckMessage(failure);
    if (chosen.size === 0) return t('firmware.emptyFile');
    // The token's own limit, with its message.
    if (!firmwareTokenBodySchema.shape.size.safeParse(chosen.size).success) {
      return tConsole('validation.firmwareSize');
    }
    return '';
  };

  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    reset();
    const problem = await problemOf(chosen);
    setFile(problem ? null : chosen);
    setFileError(problem);
  };

  const submit = async (fields: { model: string; version: string; release_notes: string }) => {
    const companyId = user?.company?.id;
    if (!file || !companyId) return;
    const path = await upload(async ({ signal, step }) => {
      step({ kind: 'hashing' });
      const name = firmwareObjectName(companyId, await md5OfBlob(file));
      if (signal.aborted) throw signal.reason;
      step({ kind: 'uploading', progress: 0 });
      return uploads.uploadFirmware(name, file, {
        signal,
        onProgress: (progress) => step({ kind: 'uploading', progress }),
      });
    });
    if (path === undefined) return;
    const created = await save(
      () => tasks.createFirmware({ body: { path, ...fields } }),
      // A refusal (already uploaded, …) keeps the dialog.
      (error) => showFieldErrors(form, error),
    );
    if (!created) return;
    message.success(t('firmware.uploaded', { name: `${created.model} ${created.version}` }));
    onUploaded(created);
  };

  return (
    <FormDialog
      form={form}
      title={t('firmware.uploadTitle')}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t('firmware.uploadSubmit')}
    >
      <Field
        label={t('firmware.file')}
        required
        hint={t('firmware.fileHint', { size: formatFileSize(FIRMWARE_MAX_BYTES) })}
        error={fileError || missing || undefined}
      >
        <FileChooser
          accept=".bin"
          chooseLabel={t('firmware.chooseFile')}
          noFileLabel={t('firmware.noFile')}
          file={file}
          onChoose={(chosen) => void choose(chosen)}
          disabled={busy}
          testId="firmware-file"
        />
      </Field>
      {NAMING_FIELDS.map(({ name, label, maxLength }) => (
        <FormField
          key={name}
          name={name}
          label={t(label)}
          required
          hint={t(`firmware.${name}Hint`)}
          render={({ field }) => (
            <Input {...field} autoComplete="off" maxLength={maxLength} disabled={busy} />
          )}
        />
      ))}
      <TextareaField
        name="release_notes"
        label={t('firmware.releaseNotes')}
        maxLength={FIRMWARE_NOTES_MAX_LENGTH}
        rows={4}
        disabled={busy}
      />
      <UploadPhaseView
        phase={phase}
        labels={{
          hashing: t('firmware.hashing'),
          sending: (percent) => t('firmware.sending', { percent }),
          saving: t('firmware.saving'),
          progress: t('firmware.progress'),
        }}
      />
    </FormDialog>
  );
}
