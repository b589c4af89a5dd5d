import { useQuery } from '@tanstack/react-query';
import {
  ACCESS_KEY_BANDWIDTH_MAX_MBPS,
  ACCESS_KEY_BANDWIDTH_STEP_MBPS,
  ACCESS_KEY_CALLS,
  ACCESS_KEY_VALIDITY_YEARS,
  type AccessKeyCreated,
  accessKeyExpiry,
  type CreateAccessKeyForm,
  callKey,
  createAccessKeyFormSchema,
  type OpenOperation,
} from '@vap/contracts';
import { useClient, useLanguage, useT } from '@vap/kernel';
import {
  Alert,
  Button,
  Dialog,
  Field,
  FormDialog,
  FormField,
  Input,
  message,
  Spinner,
  Switch,
  Tree,
  useZodForm,
} from '@vap/ui';
import { useMemo, useState } from 'react';
import { GroupPicker, groupIdsToSend } from '../device-groups.js';
import { operationsOfChecked, operationTree } from '../operation-tree.js';

type Operations = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; items: OpenOperation[] };

/**
 * The open operations a key may be given, loaded when the dialog opens. On failure the console has
 * shown the server's message; the dialog offers to try again (`reload`).
 */
function useOpenOperations(): { operations: Operations; reload: () => void } {
  const accessKeys = useClient(ACCESS_KEY_CALLS);
  const query = useQuery({
    queryKey: callKey(ACCESS_KEY_CALLS.operations),
    queryFn: async () => (await accessKeys.operations()).items,
  });
  const operations: Operations = query.isSuccess
    ? { status: 'ready', items: query.data }
    : query.isError && !query.isFetching
      ? { status: 'failed' }
      : { status: 'loading' };
  return { operations, reload: () => void query.refetch() };
}

/** A date in the console's language, e.g. "1 March 2036". */
function useLongDate(): (date: Date) => string {
  const language = useLanguage();
  return (date) => new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(date);
}

interface CreateAccessKeyDialogProps {
  onClose: () => void;
  /** Called with the new key and its secret, which is shown this once only. */
  onCreated: (key: AccessKeyCreated) => void;
}

type CreateValues = {
  bandwidth_mbps: number;
  is_access_all_group: boolean;
  group_ids: number[];
  operations: string[];
};

/**
 * Creates an access key (spec §2.2, §5, §9): a stream bandwidth limit in steps of 0.25 Mbps, the
 * device groups it may see and the interfaces it may call. Its validity is fixed at ten years.
 */
export function CreateAccessKeyDialog({ onClose, onCreated }: CreateAccessKeyDialogProps) {
  const t = useT('system');
  const accessKeys = useClient(ACCESS_KEY_CALLS);
  const longDate = useLongDate();
  const { operations, reload } = useOpenOperations();
  const tree = useMemo(
    () => operationTree(operations.status === 'ready' ? operations.items : [], t('accessKeys.untagged')),
    [operations, t],
  );
  const form = useZodForm(createAccessKeyFormSchema, {
    defaultValues: {
      bandwidth_mbps: '',
      is_access_all_group: false,
      group_ids: [],
      operations: [],
    } satisfies CreateAccessKeyForm,
  });
  const allGroups = form.watch('is_access_all_group');
  const [now] = useState(() => new Date());
  const title = t('accessKeys.createTitle');

  const create = async (values: CreateValues) => {
    let key: AccessKeyCreated;
    try {
      key = await accessKeys.createKey({ body: { ...values, group_ids: groupIdsToSend(values) } });
    } catch {
      // The console shows the server's message; the dialog stays open with what was entered.
      return;
    }
    onCreated(key);
  };

  return (
    <FormDialog
      form={form}
      title={title}
      size="large"
      onSubmit={create}
      onClose={onClose}
      submitLabel={t('accessKeys.submit')}
    >
      <FormField
        name="bandwidth_mbps"
        label={t('accessKeys.bandwidthLabel')}
        required
        hint={t('accessKeys.bandwidthHint')}
        render={({ field }) => (
          <Input
            {...field}
            type="number"
            inputMode="decimal"
            step={ACCESS_KEY_BANDWIDTH_STEP_MBPS}
            min={ACCESS_KEY_BANDWIDTH_STEP_MBPS}
            max={ACCESS_KEY_BANDWIDTH_MAX_MBPS}
            placeholder="2.5"
          />
        )}
      />
      <Field label={t('accessKeys.validity')} hint={t('accessKeys.validityHint')}>
        <Input
          readOnly
          value={t('accessKeys.validityValue', {
            years: ACCESS_KEY_VALIDITY_YEARS,
            date: longDate(accessKeyExpiry(now)),
          })}
        />
      </Field>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm text-ink">{t('accessKeys.groups')}</legend>
        <Switch
          checked={allGroups}
          onCheckedChange={(checked) => form.setValue('is_access_all_group', checked, { shouldDirty: true })}
        >
          {t('accessKeys.allGroups')}
        </Switch>
        <FormField
          name="group_ids"
          label={t('accessKeys.chooseGroups')}
          hint={allGroups ? t('groups.allChosen') : t('accessKeys.chooseGroupsHint')}
          render={({ field }) => (
            <GroupPicker value={field.value ?? []} onChange={field.onChange} disabled={allGroups} />
          )}
        />
      </fieldset>
      <FormField
        name="operations"
        label={t('accessKeys.operations')}
        required
        hint={t('accessKeys.operationsHint')}
        render={({ field }) => (
          <fieldset className="max-h-80 overflow-auto rounded border border-line p-2">
            {operations.status === 'loading' ? (
              <p className="flex items-center gap-2 text-sm text-ink-soft">
                <Spinner /> {t('accessKeys.operationsLoading')}
              </p>
            ) : operations.status === 'failed' ? (
              <p className="flex items-center gap-2 text-sm text-danger">
                {t('accessKeys.operationsFailed')}
                <Button size="small" onClick={() => void reload()}>
                  {t('accessKeys.retry')}
                </Button>
              </p>
            ) : (
              <Tree
                label={t('accessKeys.operations')}
                nodes={tree.nodes}
                checkable
                searchable
                searchPlaceholder={t('accessKeys.searchOperations')}
                checkedKeys={field.value}
                onCheck={(checked) => field.onChange(operationsOfChecked(tree, checked))}
              />
            )}
          </fieldset>
        )}
      />
    </FormDialog>
  );
}

interface SecretDialogProps {
  created: AccessKeyCreated;
  onClose: () => void;
}

/** Copies a value to the clipboard and says so. */
async function copy(value: string, done: string, failed: string) {
  try {
    await navigator.clipboard.writeText(value);
  } catch {
    message.error(failed);
    return;
  }
  message.success(done);
}

/**
 * The new key's id and secret, with copy buttons. The secret is shown this once: the server keeps
 * it sealed and never answers it again, so the dialog says so plainly.
 */
export function SecretDialog({ created, onClose }: SecretDialogProps) {
  const t = useT('system');
  const copyFailed = t('accessKeys.copyFailed');
  const rows = [
    {
      label: t('accessKeys.id'),
      value: created.id,
      copyLabel: t('accessKeys.copyId'),
      copied: t('accessKeys.idCopied'),
    },
    {
      label: t('accessKeys.secret'),
      value: created.secret,
      copyLabel: t('accessKeys.copySecret'),
      copied: t('accessKeys.secretCopied'),
    },
  ];
  return (
    <Dialog
      onClose={onClose}
      title={t('accessKeys.createdTitle')}
      size="medium"
      footer={
        <Button variant="primary" onClick={onClose}>
          {t('accessKeys.savedIt')}
        </Button>
      }
    >
      <div className="flex flex-col gap-4">
        <Alert tone="warning">{t('accessKeys.secretWarning')}</Alert>
        {rows.map((row) => (
          <div key={row.label} className="flex items-end gap-2">
            <Field label={row.label} className="flex-1">
              <Input readOnly value={row.value} className="font-mono" />
            </Field>
            <Button onClick={() => void copy(row.value, row.copied, copyFailed)}>{row.copyLabel}</Button>
          </div>
        ))}
      </div>
    </Dialog>
  );
}
