/**
 * The terminal on the page: xterm.js, fitted to its element by its fit addon. Loaded with the
 * terminal's page only (its route's chunk): none of it comes with the console's other pages.
 */
import '@xterm/xterm/css/xterm.css';
import { FitAddon } from '@xterm/addon-fit';
import { Terminal } from '@xterm/xterm';
import type { CreateTerminalScreen } from './terminal-session.js';

/** The system's monospace fonts, as Tailwind's `font-mono`. */
const MONOSPACE =
  'ui-monospace, SFMono-Regular, Menlo, Monaco, Consolas, "Liberation Mono", "Courier New", monospace';

export const createXtermScreen: CreateTerminalScreen = (element) => {
  const terminal = new Terminal({ cursorBlink: true, fontFamily: MONOSPACE, fontSize: 14, scrollback: 5000 });
  const fitAddon = new FitAddon();
  terminal.loadAddon(fitAddon);
  terminal.open(element);
  return {
    write: (data) => terminal.write(data),
    onData: (listener) => terminal.onData(listener),
    fit: () => {
      fitAddon.fit();
      return { cols: terminal.cols, rows: terminal.rows };
    },
    focus: () => terminal.focus(),
    stopInput: () => {
      // Keys typed now reach nobody: xterm stops reading them, and the cursor stops inviting them.
      terminal.options.disableStdin = true;
      terminal.options.cursorBlink = false;
    },
    dispose: () => terminal.dispose(),
  };
};
