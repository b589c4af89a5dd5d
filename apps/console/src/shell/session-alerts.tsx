import { lazyPage, useKernel, useT } from '@vap/kernel';
import { dialogs, message } from '@vap/ui';
import { Suspense, useEffect, useState } from 'react';

// Loaded when the session expires: the sign-in page does not carry the modal code.
const SessionExpiredDialog = lazyPage(async () => ({
  default: (await import('../modals.js')).SessionExpiredDialog,
}));

/**
 * The session's own messages (spec §8): a 401 to a signed-in call asks the user to sign in
 * again, then resets the token and reloads; a role with no page it can open gets the no-access
 * warning; navigation by name to a page the role lacks gets 'not permitted' (spec §2.3); any other
 * failed call shows the server's message.
 */
export function SessionAlerts() {
  const kernel = useKernel();
  const t = useT();
  const [expired, setExpired] = useState<string | null>(null);

  useEffect(() => {
    const subscriptions = [
      kernel.bus.subscribe('session.expired', ({ message: text }) => setExpired(text)),
      kernel.bus.subscribe('session.noAccess', () => message.warning(t('app.noAccess'), 5000)),
      kernel.bus.subscribe('navigation.notPermitted', () => message.warning(t('app.notPermitted'))),
      kernel.bus.subscribe('http.error', ({ message: text }) => message.error(text)),
      // Nothing a previous session asked stays on screen for the next one.
      kernel.bus.subscribe('session.cleared', () => dialogs.clear()),
    ];
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
    };
  }, [kernel, t]);

  if (expired === null) return null;
  return (
    <Suspense fallback={null}>
      <SessionExpiredDialog text={expired} />
    </Suspense>
  );
}
