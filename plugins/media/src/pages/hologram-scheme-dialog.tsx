import {
  HOLOGRAM_CALLS,
  HOLOGRAM_SCHEME_MAX_BYTES,
  type HologramScheme,
  hologramSchemeFormSchema,
} from '@vap/contracts';
import { useClient, useT } from '@vap/kernel';
import { Field, formatFileSize, TextField, Upload, type UploadItem, useZodForm } from '@vap/ui';
import { useState } from 'react';
import { objectOf, schemeObjectName, uploadPending, useObjectUpload } from './part-upload.js';
import { type PublishedEditorProps, PublishedFormDialog } from './published-dialog.js';

/** The form's fields but the file, which the upload gives. */
const fieldsSchema = hologramSchemeFormSchema.omit({ file: true });

interface SchemeDialogProps extends PublishedEditorProps<HologramScheme> {
  /** The scheme to edit; a new one when absent. */
  scheme?: HologramScheme;
}

/**
 * Adds or edits a scheme (the page's `add` and `edit` buttons): its name and parking site, and its
 * scheme file — a TAR of at most 100M, sent in parts as soon as it is chosen, with its progress;
 * removing it cancels the upload, and after a dropped connection "retry" resumes it without sending
 * the finished parts again. The server reads the archive and checks its manifest on saving ('file
 * content incorrect').
 */
export function SchemeDialog({ scheme, onClose, onSaved }: SchemeDialogProps) {
  const t = useT('media');
  const hologram = useClient(HOLOGRAM_CALLS);
  const upload = useObjectUpload(schemeObjectName, hologram.fileToken);
  const form = useZodForm(fieldsSchema, {
    defaultValues: { name: scheme?.name ?? '', site: scheme?.site ?? '' },
  });
  const [items, setItems] = useState<UploadItem<string>[]>([]);
  const busy = uploadPending(items);
  const file = objectOf(items, scheme?.file);
  const missing = form.formState.submitCount > 0 && !file && !busy ? t('hologram.form.fileRequired') : '';

  return (
    <PublishedFormDialog
      words="hologram"
      form={form}
      editing={scheme}
      bodyOf={(fields) => (!file || busy ? undefined : { ...fields, file })}
      create={(body) => hologram.create({ body })}
      update={(id, body) => hologram.update({ params: { id }, body })}
      onClose={onClose}
      onSaved={onSaved}
    >
      <TextField
        name="name"
        label={t('hologram.name')}
        required
        placeholder={t('hologram.form.namePlaceholder')}
      />
      <TextField
        name="site"
        label={t('hologram.site')}
        required
        placeholder={t('hologram.form.sitePlaceholder')}
      />
      <Field
        label={t('hologram.form.file')}
        required
        hint={
          scheme && items.length === 0
            ? t('hologram.form.current', { size: formatFileSize(scheme.size) })
            : t('hologram.form.fileHint')
        }
        error={missing}
      >
        <div>
          <Upload<string>
            upload={upload}
            rules={{ accept: ['.tar', 'application/x-tar'], maxBytes: HOLOGRAM_SCHEME_MAX_BYTES }}
            onChange={setItems}
            label={t('hologram.form.choose')}
          />
        </div>
      </Field>
    </PublishedFormDialog>
  );
}
