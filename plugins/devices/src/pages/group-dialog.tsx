import { DEVICE_CALLS, type DeviceGroup, type GroupBody, groupBodySchema } from '@vap/contracts';
import { useClient, useT } from '@vap/kernel';
import { FormDialog, FormField, Input, message, TextField, useZodForm } from '@vap/ui';

interface GroupDialogProps {
  /** The group to edit, or null to create one. */
  group: DeviceGroup | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Creates a group or changes its name and maximum bound devices (spec §3 Group). */
export function GroupDialog({ group, onClose, onSaved }: GroupDialogProps) {
  const t = useT('devices');
  const api = useClient(DEVICE_CALLS);
  const form = useZodForm(groupBodySchema, {
    defaultValues: { name: group?.name ?? '', max_devices: group?.max_devices } as GroupBody,
  });

  const submit = async (body: GroupBody) => {
    try {
      if (group) await api.updateGroup({ params: { id: group.id }, body });
      else await api.createGroup({ body });
    } catch {
      return; // The console shows the server's message (a name taken, …); the form stays.
    }
    message.success(
      group ? t('groups.saved', { name: body.name }) : t('groups.created', { name: body.name }),
    );
    onSaved();
  };

  return (
    <FormDialog
      form={form}
      title={group ? t('groups.editTitle', { name: group.name }) : t('groups.addTitle')}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField name="name" label={t('groups.name')} required autoComplete="off" />
      <FormField
        name="max_devices"
        label={t('groups.maxDevices')}
        required
        hint={t('groups.maxDevicesHint')}
        render={({ field }) => (
          <Input
            ref={field.ref}
            name={field.name}
            inputMode="numeric"
            value={field.value === undefined ? '' : String(field.value)}
            onChange={(event) => {
              const digits = event.target.value.replace(/\D/g, '');
              field.onChange(digits === '' ? undefined : Number(digits));
            }}
            onBlur={field.onBlur}
          />
        )}
      />
    </FormDialog>
  );
}
