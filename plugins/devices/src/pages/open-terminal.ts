import { type Device, TERMINAL_CALLS } from '@vap/contracts';
import { useClient, useT } from '@vap/kernel';
import { message } from '@vap/ui';

/** The terminal's window: some 110 × 33 characters below the page's header. */
export const TERMINAL_WINDOW_FEATURES = 'width=960,height=600';

/**
 * Opens a device's remote terminal (spec §2.1 /telnet) in a window of its own. The window opens
 * blank at once, while the click still counts as the user's: opened only once the ticket has
 * come, it would be stopped by a pop-up blocker (Safari's; the others' after a slow answer). That
 * rules out `noopener`, with which `window.open` answers null and the window could not be sent to
 * the ticket's page afterwards: its `opener` is cut by hand instead, so the terminal's page cannot
 * reach the console. A refused ticket closes the window; the console shows the server's message.
 */
export function useOpenTerminal() {
  const t = useT('devices');
  const terminals = useClient(TERMINAL_CALLS);
  return async (device: Device) => {
    const terminal = window.open('', '_blank', TERMINAL_WINDOW_FEATURES);
    // Blocked all the same: no ticket is asked for, as it would be spent on nothing.
    if (!terminal) {
      message.warning(t('maintenance.terminalBlocked'));
      return;
    }
    terminal.opener = null;
    let url: string;
    try {
      ({ url } = await terminals.ticket({ params: { id: device.id } }));
    } catch {
      terminal.close();
      return; // The console shows the server's message.
    }
    // `replace`: the blank page stays out of the window's history.
    terminal.location.replace(new URL(url, window.location.href).href);
  };
}
