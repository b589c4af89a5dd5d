import {
  createWhitelistTaskBodySchema,
  TASK_CALLS,
  WHITELIST_COLUMNS,
  WHITELIST_KINDS,
  WHITELIST_MAX_BYTES,
  WHITELIST_MAX_ENTRIES,
  WHITELIST_NAME_MAX_LENGTH,
  type WhitelistCheck,
  type WhitelistKind,
} from '@vap/contracts';
import { useClient, useLanguage, useService, useT } from '@vap/kernel';
import {
  Alert,
  Button,
  buildCsv,
  csvFilename,
  downloadBlob,
  Field,
  FileChooser,
  type FileRules,
  formatFileSize,
  Input,
  RadioGroup,
  type UploadRunPhase,
  useCheckedFile,
  useUploadRun,
} from '@vap/ui';
import { useState } from 'react';
import { TaskUploadsRef } from '../refs.js';
import { RowErrors } from './row-errors.js';
import { type TaskCreatorProps, TaskDialog, useTaskForm } from './task-dialog.js';

const FILE_RULES: FileRules = { accept: ['.xlsx', '.csv'], maxBytes: WHITELIST_MAX_BYTES };

/** The server's check of the chosen workbook; `list`: the kind the rows were checked as. */
interface Checked {
  list: WhitelistKind;
  result: WhitelistCheck;
}

/**
 * Creates a white-list task (spec §1 white-list import, the role's `whitelist` button): the kind
 * of list (number plates or access cards), its name, and a workbook (.xlsx or .csv, one entry per
 * row under the header `value`) that the server checks as soon as it is chosen — and again when the
 * kind changes, since the kind says what a row must be — answering the valid entries and the
 * refused rows. The task pushes the valid entries; the server answers it, which the caller shows.
 */
export function WhitelistDialog({ target, onClose, onCreated }: TaskCreatorProps) {
  const t = useT('devices');
  const tConsole = useT();
  const language = useLanguage();
  const uploads = useService(TaskUploadsRef);
  const tasks = useClient(TASK_CALLS);
  const task = useTaskForm(target, onCreated);
  const [list, setList] = useState<WhitelistKind>('plate');
  const [name, setName] = useState('');
  const { file, error: fileError, choose: checkChosen } = useCheckedFile(FILE_RULES);
  // Closing the dialog stops a check under way.
  const check = useUploadRun<Checked>({ failed: t('whitelist.checkFailed') });

  /** Sends the workbook to be checked as a list of `kind`; a check under way gives way to it. */
  const run = (kind: WhitelistKind, chosen: File) =>
    check.run(async (context) => ({
      list: kind,
      result: await uploads.checkWhitelist(kind, chosen, context),
    }));

  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    if (await checkChosen(chosen)) {
      void run(list, chosen);
      return;
    }
    check.reset();
  };

  const changeList = (kind: WhitelistKind) => {
    setList(kind);
    if (file) void run(kind, file);
  };

  /** The empty workbook: its header, as the server reads it. */
  const template = () =>
    downloadBlob(
      csvFilename(t('whitelist.templateFile')),
      new Blob([buildCsv(WHITELIST_COLUMNS, [])], { type: 'text/csv;charset=utf-8' }),
    );

  const checked = check.phase.kind === 'done' ? check.phase.result : null;
  const entries = checked?.result.entries ?? [];
  const nameKey = createWhitelistTaskBodySchema.shape.name.safeParse(name).error?.issues[0]?.message;
  const nameProblem = nameKey ? tConsole(nameKey, { defaultValue: nameKey }) : undefined;

  const submit = async () => {
    if (!checked) return;
    await task.create(
      nameProblem === undefined && entries.length > 0,
      (common) => tasks.whitelist({ body: { list: checked.list, name: name.trim(), entries, ...common } }),
      (count) => t('whitelist.created', { count }),
    );
  };

  return (
    <TaskDialog
      task={task}
      title={t('whitelist.title')}
      submitLabel={t('whitelist.submit', { count: entries.length })}
      size="large"
      // Only checked entries are sent: none yet, or none valid, and there is nothing to push.
      submitDisabled={entries.length === 0}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('whitelist.list')}>
          <RadioGroup
            value={list}
            onValueChange={(kind) => changeList(kind as WhitelistKind)}
            options={WHITELIST_KINDS.map((kind) => ({ value: kind, label: t(`whitelist.kind.${kind}`) }))}
          />
        </Field>
        <Field label={t('whitelist.name')} required error={task.shown(nameProblem)}>
          <Input
            value={name}
            autoComplete="off"
            maxLength={WHITELIST_NAME_MAX_LENGTH}
            onChange={(event) => setName(event.target.value)}
          />
        </Field>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-ink-soft">
          {t('whitelist.columns', { columns: WHITELIST_COLUMNS.join(', ') })}{' '}
          {t(`whitelist.entryForm.${list}`)}
        </p>
        <Button size="small" onClick={template}>
          {t('whitelist.template')}
        </Button>
      </div>
      <Field
        label={t('whitelist.file')}
        hint={t('whitelist.fileHint', {
          size: formatFileSize(WHITELIST_MAX_BYTES),
          max: WHITELIST_MAX_ENTRIES.toLocaleString(language),
        })}
        error={fileError || undefined}
      >
        <FileChooser
          accept={FILE_RULES.accept?.join(',') ?? ''}
          chooseLabel={t('whitelist.chooseFile')}
          noFileLabel={t('whitelist.noFile')}
          file={file}
          onChoose={(chosen) => void choose(chosen)}
          testId="whitelist-file"
        />
      </Field>
      <CheckOutcome check={check.phase} />
    </TaskDialog>
  );
}

/** The check under way with its progress, its failure, or the valid entries and refused rows. */
function CheckOutcome({ check }: { check: UploadRunPhase<Checked> }) {
  const t = useT('devices');
  if (check.kind === 'idle') return null;
  if (check.kind === 'failed') return <Alert tone="error">{check.message}</Alert>;
  if (check.kind === 'uploading') {
    return (
      <div className="flex flex-col gap-1">
        <progress
          value={check.progress}
          max={1}
          aria-label={t('whitelist.progress')}
          className="h-2 w-full overflow-hidden rounded-full accent-primary"
        />
        <span role="status" className="text-xs text-ink-faint">
          {check.progress < 1
            ? t('whitelist.sending', { percent: Math.round(check.progress * 100) })
            : t('whitelist.checking')}
        </span>
      </div>
    );
  }
  const { list, result } = check.result;
  const refused = result.errors.length;
  let tone: 'success' | 'warning' | 'error' = 'success';
  if (refused > 0) tone = 'warning';
  if (result.entries.length === 0) tone = 'error';
  return (
    <section aria-label={t('whitelist.result')} className="flex flex-col gap-2">
      <Alert tone={tone}>
        {t('whitelist.summary', { valid: result.entries.length, refused })}
        {result.entries.length === 0 ? ` ${t('whitelist.nothingValid')}` : null}
        {result.entries.length > 0 && refused > 0 ? ` ${t('whitelist.validOnly')}` : null}
      </Alert>
      {refused > 0 ? (
        <RowErrors
          label={t('whitelist.refusedRows')}
          errors={result.errors}
          columns={[
            { title: t('whitelist.value'), cell: (error) => error.value || '—' },
            {
              title: t('rows.reason'),
              cell: (error) =>
                error.code === 'format'
                  ? t(`whitelistRowError.format.${list}`)
                  : t(`whitelistRowError.${error.code}`),
            },
          ]}
        />
      ) : null}
    </section>
  );
}
