/**
 * The modal dialogs at the root of the console. Their code (Radix dialog, focus trap, scroll lock)
 * loads with the first one that opens: the sign-in page does not carry it (see overlays.tsx).
 */
import { useKernel, useT } from '@vap/kernel';
import { AlertDialog } from '@vap/ui';

export { DialogHost } from '@vap/ui';

/** Spec §8: a 401 to a signed-in call asks the user to sign in again; OK resets the token and reloads. */
export function SessionExpiredDialog({ text }: { text: string }) {
  const kernel = useKernel();
  const t = useT();
  return (
    <AlertDialog
      open
      title={t('app.authExpiredShort')}
      description={text}
      confirmText={t('app.confirm')}
      onConfirm={() => {
        kernel.session.reset();
        window.location.reload();
      }}
    />
  );
}
