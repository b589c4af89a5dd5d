import {
  DEVICE_CALLS,
  type Device,
  type EditDeviceBody,
  editDeviceBodySchema,
  type MoveDevicesBody,
  moveDevicesBodySchema,
  UNGROUPED,
} from '@vap/contracts';
import { useClient, useT } from '@vap/kernel';
import {
  FormDialog,
  FormField,
  message,
  Select,
  saveForm,
  TextareaField,
  TextField,
  useZodForm,
} from '@vap/ui';
import { useGroups } from './group-panel.js';

/** The group choices of a form: the company's groups, with "no group" first when `none` is given. */
export function useGroupOptions(none?: string) {
  const { data } = useGroups();
  const groups = (data?.items ?? []).map((group) => ({ value: String(group.id), label: group.name }));
  return none === undefined ? groups : [{ value: String(UNGROUPED), label: none }, ...groups];
}

interface EditDeviceDialogProps {
  device: Device;
  onClose: () => void;
  onSaved: () => void;
}

/** Renames a device and edits its remark (spec §5.4 device name). */
export function EditDeviceDialog({ device, onClose, onSaved }: EditDeviceDialogProps) {
  const t = useT('devices');
  const api = useClient(DEVICE_CALLS);
  const form = useZodForm(editDeviceBodySchema, {
    defaultValues: { name: device.name, remark: device.remark },
  });
  const submit = (body: EditDeviceBody) =>
    saveForm(
      form,
      () => api.edit({ params: { id: device.id }, body }),
      () => {
        message.success(t('maintenance.renamed', { name: body.name }));
        onSaved();
      },
    );
  return (
    <FormDialog
      form={form}
      title={t('maintenance.renameTitle', { sn: device.sn })}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        name="name"
        label={t('device.name')}
        required
        hint={t('bind.nameHint')}
        autoComplete="off"
        maxLength={20}
      />
      <TextareaField name="remark" label={t('device.remark')} maxLength={200} />
    </FormDialog>
  );
}

interface MoveDevicesDialogProps {
  devices: readonly Device[];
  onClose: () => void;
  onMoved: () => void;
}

/** Moves devices into a group, or out of every group. Starts at the first device's group. */
export function MoveDevicesDialog({ devices, onClose, onMoved }: MoveDevicesDialogProps) {
  const t = useT('devices');
  const api = useClient(DEVICE_CALLS);
  const options = useGroupOptions(t('groups.ungrouped'));
  const form = useZodForm(moveDevicesBodySchema, {
    defaultValues: { device_ids: devices.map((device) => device.id), group_id: devices[0]?.group_id ?? null },
  });
  const submit = async ({ device_ids, group_id }: MoveDevicesBody) => {
    let count: number;
    try {
      ({ count } = await api.move({ body: { device_ids, group_id } }));
    } catch {
      return; // The console shows the server's message (e.g. the group is full); the dialog stays.
    }
    message.success(t('maintenance.moved', { count }));
    onMoved();
  };
  const only = devices.length === 1 ? devices[0] : undefined;
  return (
    <FormDialog
      form={form}
      title={
        only
          ? t('maintenance.moveOneTitle', { name: only.name || only.sn })
          : t('maintenance.moveTitle', { count: devices.length })
      }
      onSubmit={submit}
      onClose={onClose}
    >
      <FormField
        name="group_id"
        label={t('maintenance.moveTo')}
        required
        render={({ field }) => (
          <Select
            ref={field.ref}
            options={options}
            value={String(field.value ?? UNGROUPED)}
            onValueChange={(value) => field.onChange(value === String(UNGROUPED) ? null : Number(value))}
            onBlur={field.onBlur}
          />
        )}
      />
    </FormDialog>
  );
}
