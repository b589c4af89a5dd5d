import { useQuery } from '@tanstack/react-query';
import {
  VOIP_CALL_CENTER_MAX_AGENTS,
  VOIP_CALL_CENTER_NAME_MAX_LENGTH,
  VOIP_CALLS,
  VOIP_STRATEGIES,
  type VoipCallCenter,
  type VoipCallCenterForm,
  voipCallCenterFormSchema,
} from '@vap/contracts';
import { useClient, useT } from '@vap/kernel';
import {
  Alert,
  Button,
  Field,
  FormDialog,
  FormField,
  IconButton,
  Input,
  message,
  Select,
  SelectField,
  Skeleton,
  saveForm,
  TextField,
  useZodForm,
} from '@vap/ui';
import { useState } from 'react';

interface CallCenterDialogProps {
  /** The call center edited; null adds one. */
  center: VoipCallCenter | null;
  onClose: () => void;
  onSaved: (center: VoipCallCenter) => void;
}

const DEFAULTS = {
  strategy: 'ring_all',
  max_wait: 60,
  ring_timeout: 20,
  delay_no_answer: 0,
  delay_busy: 0,
  delay_reject: 0,
} as const;

/** A number field of seconds, typed as a number for the form. */
function SecondsField({
  name,
  label,
  hint,
  max,
}: {
  name: keyof VoipCallCenterForm;
  label: string;
  hint?: string;
  max: number;
}) {
  return (
    <FormField
      name={name}
      label={label}
      required
      {...(hint ? { hint } : {})}
      render={({ field }) => (
        <Input
          type="number"
          min={0}
          max={max}
          step={1}
          name={field.name}
          ref={field.ref}
          onBlur={field.onBlur}
          value={field.value === undefined || Number.isNaN(field.value) ? '' : String(field.value)}
          onChange={(event) =>
            field.onChange(event.target.value === '' ? Number.NaN : Number(event.target.value))
          }
        />
      )}
    />
  );
}

/**
 * Adds or edits a call center (spec §3, §5.5): its dial id, name, strategy, max wait (0 unlimited),
 * each agent's ring time, the three delay intervals, and its agents — agent phones of the company —
 * in the order they ring.
 */
export default function CallCenterDialog({ center, onClose, onSaved }: CallCenterDialogProps) {
  const t = useT('voip');
  const voip = useClient(VOIP_CALLS);
  const form = useZodForm(voipCallCenterFormSchema, {
    defaultValues: center
      ? {
          dial_id: center.dial_id,
          name: center.name,
          strategy: center.strategy,
          max_wait: center.max_wait,
          ring_timeout: center.ring_timeout,
          delay_no_answer: center.delay_no_answer,
          delay_busy: center.delay_busy,
          delay_reject: center.delay_reject,
          agents: center.agents.map((agent) => agent.id),
        }
      : { dial_id: '', name: '', ...DEFAULTS, agents: [] },
  });
  const phones = useQuery({
    queryKey: ['voip', 'agent-phones', 'all'],
    queryFn: ({ signal }) =>
      voip.agentPhones(
        {
          query: {
            page: 1,
            size: VOIP_CALL_CENTER_MAX_AGENTS,
            wheres: [],
            orders: [{ k: 'dial_id', o: 'asc' }],
          },
        },
        { signal },
      ),
  });
  const [picked, setPicked] = useState('');
  const agents = form.watch('agents') ?? [];
  const known = new Map(
    [...(phones.data?.items ?? []), ...(center?.agents ?? [])].map((phone) => [phone.id, phone]),
  );
  const labelOf = (id: number) => {
    const phone = known.get(id);
    return phone
      ? phone.display_name
        ? `${phone.dial_id} (${phone.display_name})`
        : phone.dial_id
      : `#${id}`;
  };
  const setAgents = (next: number[]) =>
    form.setValue('agents', next, { shouldDirty: true, shouldValidate: true });
  const move = (index: number, by: -1 | 1) => {
    const next = [...agents];
    const [moved] = next.splice(index, 1);
    if (moved === undefined) return;
    next.splice(index + by, 0, moved);
    setAgents(next);
  };
  const addable = (phones.data?.items ?? []).filter((phone) => !agents.includes(phone.id));

  const submit = (values: VoipCallCenterForm) =>
    saveForm(
      form,
      () =>
        center
          ? voip.updateCallCenter({ params: { id: center.id }, body: values })
          : voip.createCallCenter({ body: values }),
      (saved) => {
        message.success(t('saved', { name: saved.name }));
        onSaved(saved);
      },
    );

  return (
    <FormDialog
      form={form}
      size="large"
      title={center ? t('callCenter.editTitle', { name: center.name }) : t('callCenter.addTitle')}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={center ? t('save') : t('add')}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField name="dial_id" label={t('field.dialId')} required maxLength={20} autoComplete="off" />
        <TextField
          name="name"
          label={t('field.name')}
          required
          maxLength={VOIP_CALL_CENTER_NAME_MAX_LENGTH}
        />
        <SelectField
          name="strategy"
          label={t('field.strategy')}
          required
          options={VOIP_STRATEGIES.map((strategy) => ({
            value: strategy,
            label: t(`strategies.${strategy}`),
          }))}
        />
        <SecondsField name="max_wait" label={t('field.maxWait')} hint={t('field.maxWaitHint')} max={600} />
        <SecondsField
          name="ring_timeout"
          label={t('field.ringTimeout')}
          hint={t('field.ringTimeoutHint')}
          max={60}
        />
        <SecondsField name="delay_no_answer" label={t('field.delayNoAnswer')} max={3600} />
        <SecondsField name="delay_busy" label={t('field.delayBusy')} max={3600} />
        <SecondsField name="delay_reject" label={t('field.delayReject')} max={3600} />
      </div>
      <p className="text-xs text-ink-faint">{t('field.delayHint')}</p>
      <Field
        label={t('field.agents')}
        error={form.formState.errors.agents?.message ? t('field.agents') : undefined}
      >
        <div className="flex flex-col gap-2">
          {phones.isPending ? <Skeleton lines={2} /> : null}
          {phones.data && phones.data.total === 0 && agents.length === 0 ? (
            <Alert tone="info">{t('callCenter.noAgentPhones')}</Alert>
          ) : null}
          {agents.length === 0 ? <span className="text-sm text-ink-faint">{t('field.noAgents')}</span> : null}
          <ol aria-label={t('field.agents')} className="flex flex-col gap-1">
            {agents.map((id, index) => (
              <li
                key={id}
                className="flex items-center gap-2 rounded border border-line-soft px-2 py-1 text-sm"
              >
                <span className="w-6 text-ink-faint">{index + 1}.</span>
                <span className="flex-1">{labelOf(id)}</span>
                <IconButton
                  type="button"
                  label={t('field.moveUp', { dialId: labelOf(id) })}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  ↑
                </IconButton>
                <IconButton
                  type="button"
                  label={t('field.moveDown', { dialId: labelOf(id) })}
                  disabled={index === agents.length - 1}
                  onClick={() => move(index, 1)}
                >
                  ↓
                </IconButton>
                <IconButton
                  type="button"
                  label={t('field.removeAgent', { dialId: labelOf(id) })}
                  onClick={() => setAgents(agents.filter((each) => each !== id))}
                >
                  ×
                </IconButton>
              </li>
            ))}
          </ol>
          {addable.length > 0 ? (
            <div className="flex items-center gap-2">
              <Select
                aria-label={t('field.addAgent')}
                placeholder={t('field.addAgent')}
                value={picked}
                onValueChange={setPicked}
                options={addable.map((phone) => ({ value: String(phone.id), label: labelOf(phone.id) }))}
              />
              <Button
                type="button"
                size="small"
                disabled={picked === ''}
                onClick={() => {
                  setAgents([...agents, Number(picked)]);
                  setPicked('');
                }}
              >
                {t('field.addAgentButton')}
              </Button>
            </div>
          ) : null}
        </div>
      </Field>
    </FormDialog>
  );
}
