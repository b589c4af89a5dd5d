import {
  type CompanyResourceForm,
  companyResourceFormSchema,
  modelsOfText,
  RESOURCE_CALLS,
  RESOURCE_CATEGORIES,
  RESOURCE_DESCRIPTION_MAX_LENGTH,
  RESOURCE_MAX_BYTES,
  RESOURCE_NAME_MAX_LENGTH,
  RESOURCE_VERSION_MAX_LENGTH,
  type Resource,
} from '@vap/contracts';
import { md5OfBlob, useClient, useLanguage, useSession, useT } from '@vap/kernel';
import {
  Field,
  FileChooser,
  FormDialog,
  formatFileSize,
  message,
  SelectField,
  showFieldErrors,
  TextareaField,
  TextField,
  UploadPhaseView,
  type UploadStepContext,
  uploadInParts,
  useUploadPhase,
  useZodForm,
} from '@vap/ui';
import { useState } from 'react';

interface ResourceDialogProps {
  /** The resource edited; null uploads a new one. */
  resource: Resource | null;
  onClose: () => void;
  onSaved: (resource: Resource) => void;
}

/**
 * Uploads a resource or edits one (issue 32). A new one's file (at most 100 MB, spec §8 'file too
 * large' beyond) is named by its md5 computed here — `resource/{companyId}_{md5}.bin` (spec §7.2),
 * which the store checks against the bytes ('upload hash error') —, sent in parts with the object
 * store's token (@vap/ui `uploadInParts`) and its progress, then recorded with its words; an edit
 * changes only the words. The upload can be cancelled; after a failure (a dropped connection),
 * uploading again resumes it: the parts the server has are not sent again.
 */
export default function ResourceDialog({ resource, onClose, onSaved }: ResourceDialogProps) {
  const t = useT('resource-management');
  const language = useLanguage();
  const resources = useClient(RESOURCE_CALLS);
  const { user } = useSession();
  const form = useZodForm(companyResourceFormSchema, {
    defaultValues: {
      category: resource?.category ?? 'tool',
      name: resource?.name[language] ?? '',
      description: resource?.description[language] ?? '',
      version: resource?.version ?? '',
      models: resource?.models.join(', ') ?? '',
    },
  });
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState('');
  const { phase, busy, upload, save, reset } = useUploadPhase({ failed: t('phase.failed') });
  const missing =
    !resource && form.formState.submitCount > 0 && !file && !fileError ? t('field.fileRequired') : '';

  const choose = (chosen: File | undefined) => {
    reset();
    if (!chosen) return;
    const problem =
      chosen.size > RESOURCE_MAX_BYTES
        ? t('field.fileTooLarge')
        : chosen.size === 0
          ? t('field.emptyFile')
          : '';
    setFile(problem ? null : chosen);
    setFileError(problem);
    if (!problem && !form.getValues('name'))
      form.setValue('name', chosen.name.replace(/\.[^.]*$/, '').slice(0, RESOURCE_NAME_MAX_LENGTH));
  };

  const send = async (chosen: File, { signal, step }: UploadStepContext): Promise<string> => {
    const companyId = user?.company?.id;
    if (!companyId) throw new Error('');
    step({ kind: 'hashing' });
    const name = `resource/${companyId}_${await md5OfBlob(chosen)}.bin`;
    if (signal.aborted) throw signal.reason;
    step({ kind: 'uploading', progress: 0 });
    const { path } = await uploadInParts({
      file: chosen,
      grant: () => resources.uploadToken({ body: { name, size: chosen.size } }, { signal }),
      headers: { 'Accept-Language': language },
      onProgress: (progress) => step({ kind: 'uploading', progress }),
      signal,
    });
    return path;
  };

  const refused = (error: unknown) => showFieldErrors(form, error);

  const submit = async (values: CompanyResourceForm) => {
    const fields = {
      category: values.category,
      name: values.name,
      description: values.description ?? '',
      version: values.version,
      models: modelsOfText(values.models),
    };
    if (resource) {
      const saved = await save(
        () => resources.updateResource({ params: { id: resource.id }, body: fields }),
        refused,
      );
      if (!saved) return;
      message.success(t('saved', { name: saved.name[language] }));
      onSaved(saved);
      return;
    }
    if (!file) return;
    const path = await upload((context) => send(file, context));
    if (path === undefined) return;
    const created = await save(
      () => resources.createResource({ body: { ...fields, path, file_name: file.name } }),
      refused,
    );
    if (!created) return;
    message.success(t('uploaded', { name: created.name[language] }));
    onSaved(created);
  };

  return (
    <FormDialog
      form={form}
      title={resource ? t('editTitle', { name: resource.name[language] }) : t('uploadTitle')}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={resource ? t('save') : phase.kind === 'failed' ? t('resume') : t('upload')}
    >
      {resource ? null : (
        <Field
          label={t('field.file')}
          required
          hint={t('field.fileHint', { size: formatFileSize(RESOURCE_MAX_BYTES) })}
          error={fileError || missing || undefined}
        >
          <FileChooser
            chooseLabel={t('field.chooseFile')}
            noFileLabel={t('field.noFile')}
            file={file}
            onChoose={choose}
            disabled={busy}
            testId="resource-file"
          />
        </Field>
      )}
      <TextField
        name="name"
        label={t('field.name')}
        required
        maxLength={RESOURCE_NAME_MAX_LENGTH}
        disabled={busy}
      />
      <SelectField
        name="category"
        label={t('field.category')}
        required
        disabled={busy}
        options={RESOURCE_CATEGORIES.map((category) => ({
          value: category,
          label: t(`category.${category}`),
        }))}
      />
      <TextField
        name="version"
        label={t('field.version')}
        required
        maxLength={RESOURCE_VERSION_MAX_LENGTH}
        disabled={busy}
      />
      <TextField name="models" label={t('field.models')} hint={t('field.modelsHint')} disabled={busy} />
      <TextareaField
        name="description"
        label={t('field.description')}
        rows={3}
        maxLength={RESOURCE_DESCRIPTION_MAX_LENGTH}
        disabled={busy}
      />
      <UploadPhaseView
        phase={phase}
        labels={{
          hashing: t('phase.hashing'),
          sending: (percent) => t('phase.sending', { percent }),
          saving: t('phase.saving'),
          progress: t('phase.progress'),
        }}
        // Stops the upload under way: the server forgets its parts.
        cancel={{ label: t('phase.cancel'), onCancel: reset }}
      />
    </FormDialog>
  );
}
