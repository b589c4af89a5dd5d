import { type BindDeviceBody, bindDeviceBodySchema, DEVICE_CALLS } from '@vap/contracts';
import { useClient, useT } from '@vap/kernel';
import {
  FormDialog,
  FormField,
  IdSelectField,
  Input,
  message,
  PasswordInput,
  RadioGroup,
  saveForm,
  TextField,
  useZodForm,
} from '@vap/ui';
import { useGroupOptions } from './device-dialogs.js';

interface BindDialogProps {
  /** The group chosen beside the list, offered first. */
  groupId: number | null;
  onClose: () => void;
  onBound: () => void;
}

/** An empty optional text is no value: the schema checks a name only when one is given. */
const orUndefined = (value: string) => (value === '' ? undefined : value);

/**
 * A device's number of up to 20 digits (its serial, its GB28181 national id), typed by hand: from a
 * number pad, never autofilled.
 */
function DigitsField({ name, label, hint }: { name: 'sn' | 'gb28181_id'; label: string; hint: string }) {
  return (
    <TextField
      name={name}
      label={label}
      required
      hint={hint}
      inputMode="numeric"
      autoComplete="off"
      maxLength={20}
    />
  );
}

/**
 * Binds one device (POST devices/bind): by the serial and the device code printed on the unit, or as
 * a GB28181 device by name, 20-digit national id and registration password (spec §5.1, §5.4); into
 * a group or none. The contracts' schema checks each mode's fields.
 */
export function BindDialog({ groupId, onClose, onBound }: BindDialogProps) {
  const t = useT('devices');
  const api = useClient(DEVICE_CALLS);
  const groups = useGroupOptions();
  const form = useZodForm(bindDeviceBodySchema, {
    defaultValues: {
      mode: 'serial',
      sn: '',
      device_code: '',
      gb28181_id: '',
      password: '',
      group_id: groupId,
    } as BindDeviceBody,
  });
  const mode = form.watch('mode');

  // A refusal (unknown unit, code mismatch, already bound, …) keeps the dialog.
  const submit = (body: BindDeviceBody) =>
    saveForm(
      form,
      () => api.bind({ body }),
      () => {
        message.success(t('bind.bound'));
        onBound();
      },
    );

  return (
    <FormDialog
      form={form}
      title={t('bind.title')}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t('bind.submit')}
    >
      <FormField
        name="mode"
        label={t('bind.mode')}
        render={({ field }) => (
          <RadioGroup
            ref={field.ref}
            value={field.value}
            onValueChange={(value) => {
              field.onChange(value);
              form.clearErrors();
            }}
            options={[
              { value: 'serial', label: t('bind.modeSerial') },
              { value: 'gb28181', label: t('bind.modeGb28181') },
            ]}
          />
        )}
      />
      {mode === 'serial' ? (
        <>
          <DigitsField name="sn" label={t('device.sn')} hint={t('bind.snHint')} />
          <TextField
            name="device_code"
            label={t('bind.deviceCode')}
            required
            hint={t('bind.deviceCodeHint')}
            autoComplete="off"
            maxLength={17}
          />
        </>
      ) : (
        <DigitsField name="gb28181_id" label={t('device.gb28181Id')} hint={t('bind.gb28181IdHint')} />
      )}
      <FormField
        name="name"
        label={t('device.name')}
        required={mode === 'gb28181'}
        hint={t('bind.nameHint')}
        render={({ field }) => (
          <Input
            {...field}
            value={field.value ?? ''}
            onChange={(event) => field.onChange(orUndefined(event.target.value))}
            autoComplete="off"
            maxLength={20}
          />
        )}
      />
      {mode === 'gb28181' ? (
        <FormField
          name="password"
          label={t('bind.password')}
          required
          hint={t('bind.passwordHint')}
          render={({ field }) => <PasswordInput {...field} autoComplete="new-password" maxLength={20} />}
        />
      ) : null}
      <IdSelectField
        name="group_id"
        label={t('device.group')}
        options={groups}
        placeholder={t('bind.noGroup')}
        none={null}
        clearable
      />
    </FormDialog>
  );
}
