import {
  BIND_TEMPLATE_ERROR_CODES,
  type BindTemplateError,
  DEVICE_CALLS,
  DEVICE_IMPORT_MAX_BYTES,
  IMPORT_COLUMNS,
  IMPORT_FORMATS,
  IMPORT_MODES,
  type ImportFormat,
  type ImportMode,
  type ImportOnError,
  type ImportResult,
} from '@vap/contracts';
import { ApiError, type TranslateOf, useClient, useT } from '@vap/kernel';
import {
  Alert,
  Button,
  Dialog,
  downloadBlob,
  Field,
  FileChooser,
  type FileRules,
  formatFileSize,
  message,
  RadioGroup,
  Select,
  useCheckedFile,
  useUploadRun,
} from '@vap/ui';
import { useState } from 'react';
import { useGroupOptions } from './device-dialogs.js';
import { useImportDevices } from './import-upload.js';
import { RowErrors } from './row-errors.js';

const FILE_RULES: FileRules = { accept: ['.xlsx', '.csv'], maxBytes: DEVICE_IMPORT_MAX_BYTES };

/** An import's answer, with the choice it was sent with: every row or only the valid ones. */
interface Imported {
  result: ImportResult;
  onError: ImportOnError;
}

interface ImportDialogProps {
  /** The group chosen beside the list, offered first. */
  groupId: number | null;
  onClose: () => void;
  /** Some devices were bound: the list and the group counts change. */
  onImported: () => void;
}

/**
 * Binds the rows of a workbook (spec §3 device import rows, §5.4): the mode and its template, the
 * .xlsx or .csv file, an optional group, the upload with its progress, then the outcome — rows,
 * bound, and each failing row with its bindTemplateError — and the choice to bind the valid rows.
 */
export function ImportDialog({ groupId, onClose, onImported }: ImportDialogProps) {
  const t = useT('devices');
  const api = useClient(DEVICE_CALLS);
  const importDevices = useImportDevices();
  const groups = useGroupOptions();
  const [mode, setMode] = useState<ImportMode>('template');
  const [group, setGroup] = useState(groupId === null ? '' : String(groupId));
  const { file, error: fileError, choose: check } = useCheckedFile(FILE_RULES);
  // Closing the dialog stops an upload under way.
  const { phase, run, reset } = useUploadRun<Imported>({
    failed: t('import.failed'),
    // Spec §5.4: an empty sheet is 'no device'.
    describe: (error) =>
      error instanceof ApiError && error.code === 'no_device' ? t('import.noDevice') : undefined,
  });
  const [downloading, setDownloading] = useState<ImportFormat | null>(null);

  const uploading = phase.kind === 'uploading';

  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    reset();
    await check(chosen);
  };

  const template = async (format: ImportFormat) => {
    setDownloading(format);
    try {
      downloadBlob(
        `${t('import.templateFile', { mode: t(`import.mode.${mode}`) })}.${format}`,
        (await api.importTemplate({ query: { mode, format } })).blob,
      );
    } catch {
      // The console shows the server's message.
    } finally {
      setDownloading(null);
    }
  };

  const send = async (onError: ImportOnError) => {
    if (!file) return;
    const imported = await run(async (context) => ({
      result: await importDevices(
        { mode, on_error: onError, ...(group === '' ? {} : { group_id: Number(group) }) },
        file,
        context,
      ),
      onError,
    }));
    if (imported && imported.result.bound > 0) {
      message.success(t('import.bound', { count: imported.result.bound }));
      onImported();
    }
  };

  const done = phase.kind === 'done' ? phase.result : null;
  const result = done?.result ?? null;
  const validRows = result ? result.rows - result.errors.length : 0;
  // Binding the valid rows is offered once, after a try that bound nothing because of the others.
  const offerValid = result !== null && done?.onError === 'all' && result.errors.length > 0 && validRows > 0;

  const footer = (
    <>
      <Button onClick={onClose}>{result ? t('common.close') : t('common.cancel')}</Button>
      {offerValid ? (
        <Button variant="primary" onClick={() => void send('valid')}>
          {t('import.bindValid', { count: validRows })}
        </Button>
      ) : null}
      {result ? null : (
        <Button variant="primary" disabled={!file} loading={uploading} onClick={() => void send('all')}>
          {t('import.upload')}
        </Button>
      )}
    </>
  );

  return (
    <Dialog onClose={onClose} title={t('import.title')} size="large" footer={footer}>
      <div className="flex flex-col gap-4">
        <Field label={t('import.modeLabel')}>
          <RadioGroup
            value={mode}
            onValueChange={(value) => {
              setMode(value as ImportMode);
              reset();
            }}
            disabled={uploading}
            options={IMPORT_MODES.map((each) => ({ value: each, label: t(`import.mode.${each}`) }))}
          />
        </Field>
        <p className="text-sm text-ink-soft">
          {t('import.columns', { columns: IMPORT_COLUMNS[mode].join(', ') })}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          {IMPORT_FORMATS.map((format) => (
            <Button
              key={format}
              size="small"
              loading={downloading === format}
              disabled={downloading !== null && downloading !== format}
              onClick={() => void template(format)}
            >
              {t('import.template', { format: format.toUpperCase() })}
            </Button>
          ))}
        </div>
        <Field
          label={t('import.file')}
          hint={t('import.fileHint', { size: formatFileSize(DEVICE_IMPORT_MAX_BYTES) })}
          error={fileError || undefined}
        >
          <FileChooser
            accept={FILE_RULES.accept?.join(',') ?? ''}
            chooseLabel={t('import.chooseFile')}
            noFileLabel={t('import.noFile')}
            file={file}
            onChoose={(chosen) => void choose(chosen)}
            disabled={uploading}
            testId="import-file"
          />
        </Field>
        <Field label={t('device.group')}>
          <Select
            options={groups}
            placeholder={t('bind.noGroup')}
            value={group}
            onValueChange={(value) => {
              setGroup(value);
              reset();
            }}
            disabled={uploading}
            clearable
          />
        </Field>
        {phase.kind === 'uploading' ? (
          <div className="flex flex-col gap-1">
            <progress
              value={phase.progress}
              max={1}
              aria-label={t('import.progress')}
              className="h-2 w-full overflow-hidden rounded-full accent-primary"
            />
            <span className="text-xs text-ink-faint">
              {phase.progress < 1
                ? t('import.sending', { percent: Math.round(phase.progress * 100) })
                : t('import.checking')}
            </span>
          </div>
        ) : null}
        {phase.kind === 'failed' ? <Alert tone="error">{phase.message}</Alert> : null}
        {done ? <ImportOutcome {...done} /> : null}
      </div>
    </Dialog>
  );
}

/** The outcome of an import: rows and bound, then every failing row with its reason. */
function ImportOutcome({ result, onError }: Imported) {
  const t = useT('devices');
  const failing = result.errors.length;
  return (
    <section aria-label={t('import.result')} className="flex flex-col gap-2">
      <Alert tone={failing === 0 ? 'success' : 'warning'}>
        {t('import.summary', { rows: result.rows, bound: result.bound, failed: failing })}
        {failing > 0 && onError === 'all' ? ` ${t('import.nothingBound')}` : null}
      </Alert>
      {failing > 0 ? (
        <RowErrors
          label={t('import.failingRows')}
          errors={result.errors}
          columns={[{ title: t('rows.reason'), cell: (error) => reason(t, error.code) }]}
        />
      ) : null}
    </section>
  );
}

/** `bindTemplateError.<code>` (spec §5.4); a code this console does not know shows as a number. */
function reason(t: TranslateOf<'devices'>, code: number): string {
  return (BIND_TEMPLATE_ERROR_CODES as number[]).includes(code)
    ? t(`bindTemplateError.${code as BindTemplateError}`)
    : t('import.unknownReason', { code });
}
