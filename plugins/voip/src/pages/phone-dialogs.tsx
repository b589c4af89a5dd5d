import { useQuery } from '@tanstack/react-query';
import {
  VOIP_CALLS,
  VOIP_DISPLAY_NAME_MAX_LENGTH,
  type VoipCredentials,
  type VoipExtension,
  voipAgentPhoneFormSchema,
  voipDevicePhoneFormSchema,
} from '@vap/contracts';
import { useClient, useT } from '@vap/kernel';
import {
  type FieldValues,
  FormDialog,
  FormField,
  message,
  PasswordInput,
  saveForm,
  TextField,
  useZodForm,
} from '@vap/ui';
import { useDeferredValue, useId } from 'react';

interface PhoneDialogProps {
  /** The extension edited; null adds one. */
  extension: VoipExtension | null;
  onClose: () => void;
  /** Saved: a new extension comes with its password, shown once. */
  onSaved: (saved: { extension: VoipExtension; credentials?: VoipCredentials }) => void;
}

/** The dial id (fixed once made), the display name and, when adding, an optional password. */
function CommonFields({ editing }: { editing: boolean }) {
  const t = useT('voip');
  return (
    <>
      <TextField
        name="dial_id"
        label={t('field.dialId')}
        required
        hint={editing ? undefined : t('field.dialIdHint')}
        maxLength={20}
        disabled={editing}
        autoComplete="off"
      />
      <TextField
        name="display_name"
        label={t('field.displayName')}
        maxLength={VOIP_DISPLAY_NAME_MAX_LENGTH}
      />
      {editing ? null : (
        <FormField
          name="password"
          label={t('field.password')}
          hint={t('field.passwordHint')}
          render={({ field }) => (
            <PasswordInput {...field} value={field.value ?? ''} maxLength={20} autoComplete="new-password" />
          )}
        />
      )}
    </>
  );
}

/** The calls that save a dialog's phone: an edit of the extension, or an addition with its password. */
interface PhoneSave {
  update: (id: number) => Promise<VoipExtension>;
  create: () => Promise<VoipCredentials>;
}

/**
 * Saves a dialog's phone: an edit says so and gives the extension back, an addition gives the new
 * extension with its password; the server's field messages go under the fields.
 */
function usePhoneSave<Values extends FieldValues>(
  form: Parameters<typeof saveForm<Values, unknown>>[0],
  { extension, onSaved }: Pick<PhoneDialogProps, 'extension' | 'onSaved'>,
) {
  const t = useT('voip');
  return ({ update, create }: PhoneSave) =>
    extension
      ? saveForm(
          form,
          () => update(extension.id),
          (saved) => {
            message.success(t('saved', { name: saved.dial_id }));
            onSaved({ extension: saved });
          },
        )
      : saveForm(form, create, (credentials) => onSaved({ extension: credentials.extension, credentials }));
}

/** The company's devices within the caller's groups whose serial holds what is typed: the field's suggestions. */
function DeviceSuggestions({ id, typed }: { id: string; typed: string }) {
  const voip = useClient(VOIP_CALLS);
  const search = useDeferredValue(typed.trim());
  const devices = useQuery({
    queryKey: ['voip', 'devices', search],
    queryFn: ({ signal }) =>
      voip.devices(
        {
          query: {
            page: 1,
            size: 20,
            wheres: search ? [{ k: 'sn', o: 'like', v: search }] : [],
            orders: [],
          },
        },
        { signal },
      ),
  });
  return (
    <datalist id={id}>
      {devices.data?.items.map((device) => (
        <option key={device.id} value={device.sn}>
          {device.name}
        </option>
      ))}
    </datalist>
  );
}

/** Adds a device phone bound to a device by serial, or edits its device and display name. */
export function DevicePhoneDialog({ extension, onClose, onSaved }: PhoneDialogProps) {
  const t = useT('voip');
  const voip = useClient(VOIP_CALLS);
  const listId = useId();
  const form = useZodForm(voipDevicePhoneFormSchema, {
    defaultValues: {
      dial_id: extension?.dial_id ?? '',
      device_sn: extension?.device_sn ?? '',
      display_name: extension?.display_name ?? '',
      password: '',
    },
  });
  const save = usePhoneSave(form, { extension, onSaved });
  const submit = (values: {
    dial_id: string;
    device_sn: string;
    display_name: string;
    password?: string | undefined;
  }) =>
    save({
      update: (id) =>
        voip.updateDevicePhone({
          params: { id },
          body: { device_sn: values.device_sn, display_name: values.display_name },
        }),
      create: () => voip.createDevicePhone({ body: values }),
    });
  return (
    <FormDialog
      form={form}
      title={
        extension ? t('devicePhone.editTitle', { dialId: extension.dial_id }) : t('devicePhone.addTitle')
      }
      onSubmit={submit}
      onClose={onClose}
      submitLabel={extension ? t('save') : t('add')}
    >
      <CommonFields editing={extension !== null} />
      <TextField
        name="device_sn"
        label={t('field.device')}
        required
        hint={t('field.deviceHint')}
        list={listId}
        maxLength={64}
        autoComplete="off"
      />
      <DeviceSuggestions id={listId} typed={form.watch('device_sn') ?? ''} />
    </FormDialog>
  );
}

/** Adds an agent phone, or edits its display name. */
export function AgentPhoneDialog({ extension, onClose, onSaved }: PhoneDialogProps) {
  const t = useT('voip');
  const voip = useClient(VOIP_CALLS);
  const form = useZodForm(voipAgentPhoneFormSchema, {
    defaultValues: {
      dial_id: extension?.dial_id ?? '',
      display_name: extension?.display_name ?? '',
      password: '',
    },
  });
  const save = usePhoneSave(form, { extension, onSaved });
  const submit = (values: { dial_id: string; display_name: string; password?: string | undefined }) =>
    save({
      update: (id) => voip.updateAgentPhone({ params: { id }, body: { display_name: values.display_name } }),
      create: () => voip.createAgentPhone({ body: values }),
    });
  return (
    <FormDialog
      form={form}
      title={extension ? t('agentPhone.editTitle', { dialId: extension.dial_id }) : t('agentPhone.addTitle')}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={extension ? t('save') : t('add')}
    >
      <CommonFields editing={extension !== null} />
    </FormDialog>
  );
}
