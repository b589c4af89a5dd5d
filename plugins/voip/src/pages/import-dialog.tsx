import {
  toCsv,
  VOIP_CALLS,
  VOIP_IMPORT_COLUMNS,
  VOIP_IMPORT_MAX_BYTES,
  VOIP_IMPORT_MAX_ROWS,
  type VoipImportResult,
} from '@vap/contracts';
import { ApiError, useClient, useT } from '@vap/kernel';
import {
  Alert,
  Button,
  CompactTable,
  Dialog,
  downloadBlob,
  Field,
  type FileRules,
  formatFileSize,
  message,
  useCallUpload,
  useCheckedFile,
  useUploadRun,
} from '@vap/ui';
import { useState } from 'react';

const FILE_RULES: FileRules = { accept: ['.xlsx', '.csv'], maxBytes: VOIP_IMPORT_MAX_BYTES };

/**
 * Imports device phones from a workbook (issue 33): its template, the file, then either every bad
 * row with its row and reason — and nothing imported — or the imported phones with their
 * passwords, shown this once and downloadable.
 */
export default function ImportDialog({
  onClose,
  onImported,
}: {
  onClose: () => void;
  onImported: () => void;
}) {
  const t = useT('voip');
  const voip = useClient(VOIP_CALLS);
  // The workbook goes with its progress (fetch has none), as the kernel's client would send it.
  const upload = useCallUpload(VOIP_CALLS.importDevicePhones);
  const { file, error: fileError, choose: check } = useCheckedFile(FILE_RULES);
  const { phase, run, reset } = useUploadRun<VoipImportResult>({
    failed: t('import.failed'),
    describe: (error) =>
      error instanceof ApiError && error.code === 'no_device' ? t('import.noRows') : undefined,
  });
  const [downloading, setDownloading] = useState(false);

  const choose = async (chosen: File | undefined) => {
    reset();
    if (!chosen) return;
    await check(chosen);
  };

  const template = async () => {
    setDownloading(true);
    try {
      downloadBlob(`${t('import.templateFile')}.xlsx`, (await voip.importTemplate()).blob);
    } catch {
      // The console shows the server's message.
    } finally {
      setDownloading(false);
    }
  };

  const send = async () => {
    if (!file) return;
    const result = await run((context) => upload(file, {}, context));
    if (result && result.imported.length > 0) {
      message.success(t('import.done', { count: result.imported.length }));
      onImported();
    }
  };

  const result = phase.kind === 'done' ? phase.result : null;
  const passwords = () =>
    downloadBlob(
      `${t('import.passwordsFile')}.csv`,
      new Blob(
        [
          toCsv(
            [t('credentials.dialId'), t('credentials.password')],
            (result?.imported ?? []).map((each) => [each.dial_id, each.password]),
          ),
        ],
        { type: 'text/csv;charset=utf-8' },
      ),
    );

  return (
    <Dialog
      onClose={onClose}
      title={t('import.title')}
      size="large"
      footer={
        <>
          <Button onClick={onClose}>{result ? t('close') : t('cancel')}</Button>
          {result ? null : (
            <Button
              variant="primary"
              disabled={!file}
              loading={phase.kind === 'uploading'}
              onClick={() => void send()}
            >
              {t('import.upload')}
            </Button>
          )}
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <p className="text-sm text-ink-soft">
          {t('import.columns', { columns: VOIP_IMPORT_COLUMNS.join(', ') })}
        </p>
        <div>
          <Button size="small" loading={downloading} onClick={() => void template()}>
            {t('import.template')}
          </Button>
        </div>
        <Field
          label={t('import.file')}
          hint={t('import.fileHint', {
            size: formatFileSize(VOIP_IMPORT_MAX_BYTES),
            rows: VOIP_IMPORT_MAX_ROWS,
          })}
          error={fileError || undefined}
        >
          <input
            type="file"
            accept={FILE_RULES.accept?.join(',')}
            aria-label={t('import.file')}
            data-testid="voip-import-file"
            disabled={phase.kind === 'uploading'}
            onChange={(event) => void choose(event.currentTarget.files?.[0])}
            className="text-sm"
          />
        </Field>
        {phase.kind === 'uploading' ? (
          <progress
            value={phase.progress}
            max={1}
            aria-label={t('import.upload')}
            className="h-2 w-full overflow-hidden rounded-full accent-primary"
          />
        ) : null}
        {phase.kind === 'failed' ? <Alert tone="error">{phase.message}</Alert> : null}
        {result && result.errors.length > 0 ? (
          <section className="flex flex-col gap-2">
            <Alert tone="warning">
              {t('import.refused', { failed: result.errors.length, rows: result.rows })}
            </Alert>
            <CompactTable
              label={t('import.refused', { failed: result.errors.length, rows: result.rows })}
              headers={[t('import.row'), t('column.dialId'), t('import.reason')]}
              className="max-h-72"
            >
              {result.errors.map((error) => (
                <tr key={error.row} className="border-t border-line-soft">
                  <td className="px-3 py-1.5">{error.row}</td>
                  <td className="px-3 py-1.5">{error.dial_id || '—'}</td>
                  <td className="px-3 py-1.5">{t(`importErrors.${error.code}`)}</td>
                </tr>
              ))}
            </CompactTable>
          </section>
        ) : null}
        {result && result.errors.length === 0 ? (
          <section className="flex flex-col gap-2">
            <Alert tone="success">{t('import.done', { count: result.imported.length })}</Alert>
            <CompactTable
              label={t('import.done', { count: result.imported.length })}
              headers={[t('credentials.dialId'), t('credentials.password')]}
              className="max-h-72"
            >
              {result.imported.map((each) => (
                <tr key={each.dial_id} className="border-t border-line-soft">
                  <td className="px-3 py-1.5">{each.dial_id}</td>
                  <td className="px-3 py-1.5 font-mono">{each.password}</td>
                </tr>
              ))}
            </CompactTable>
            <div>
              <Button size="small" onClick={passwords}>
                {t('import.downloadPasswords')}
              </Button>
            </div>
          </section>
        ) : null}
      </div>
    </Dialog>
  );
}
