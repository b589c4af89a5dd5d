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
  // An alert is a dialog with nothing to cancel: closing it acknowledges it.
  const confirming = current.kind === 'confirm' ? current.options : null;
  return (
    <AlertDialog
      key={id}
      open
      title={options.title}
      description={options.content}
      confirmText={options.okText ?? t('overlay.ok')}
      cancelText={confirming ? (confirming.cancelText ?? t('overlay.cancel')) : undefined}
      tone={confirming?.tone}
      onConfirm={() => answer(id, true)}
      onCancel={confirming ? () => answer(id, false) : undefined}
    />
  );
}
