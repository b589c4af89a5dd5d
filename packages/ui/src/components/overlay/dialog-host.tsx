import { useUiT } from '../../i18n.js';
import { AlertDialog } from '../alert-dialog.js';
import { answer, useDialogRequests } from './dialog-queue.js';

export {
  type AlertOptions,
  alert,
  type ConfirmOptions,
  confirm,
  dialogs,
} from './dialog-queue.js';

/** Renders the dialogs of `confirm()` and `alert()`; mount once near the root of the app. */
export function DialogHost() {
  const t = useUiT();
  const current = useDialogRequests()[0];
  if (!current) return null;
  const { id, options } = current;
  if (current.kind === 'alert') {
    return (
      <AlertDialog
        key={id}
        open
        title={options.title}
        description={options.content}
        confirmText={options.okText ?? t('overlay.ok')}
        onConfirm={() => answer(id, true)}
      />
    );
  }
  return (
    <AlertDialog
      key={id}
      open
      title={options.title}
      description={options.content}
      confirmText={options.okText ?? t('overlay.ok')}
      cancelText={current.options.cancelText ?? t('overlay.cancel')}
      tone={current.options.tone}
      onConfirm={() => answer(id, true)}
      onCancel={() => answer(id, false)}
    />
  );
}
