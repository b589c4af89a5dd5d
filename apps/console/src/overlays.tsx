import { lazyPage } from '@vap/kernel';
import { Toaster, useDialogRequests } from '@vap/ui';
import { Suspense } from 'react';
import { SessionAlerts } from './shell/session-alerts.js';

// Loaded when `confirm()` or `alert()` first asks: the sign-in page does not carry the modal code.
const DialogHost = lazyPage(async () => ({ default: (await import('./modals.js')).DialogHost }));

function Dialogs() {
  const wanted = useDialogRequests().length > 0;
  return wanted ? (
    <Suspense fallback={null}>
      <DialogHost />
    </Suspense>
  ) : null;
}

/**
 * What the console shows above every route: the session's own alerts, the dialogs of `confirm()`
 * and `alert()`, and the messages (spec §8).
 */
export function Overlays() {
  return (
    <>
      <SessionAlerts />
      <Dialogs />
      <Toaster />
    </>
  );
}
