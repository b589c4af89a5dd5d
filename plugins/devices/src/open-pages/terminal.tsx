import { TerminalView } from './terminal-view.js';
import { createXtermScreen } from './xterm-screen.js';

const openWebSocket = (url: string) => new WebSocket(url);

/**
 * The remote terminal (spec §2.1 /telnet, §6; issue 16): the public page a device row's "Remote
 * terminal" opens in a window of its own, with a single-use ticket in its address. A terminal
 * filling the window is joined by a WebSocket to the device's shell until the shell, the server or
 * the window ends the session.
 */
export default function TerminalPage() {
  return <TerminalView createScreen={createXtermScreen} openSocket={openWebSocket} />;
}
