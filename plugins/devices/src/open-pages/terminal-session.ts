/**
 * A remote terminal session (spec §2.1 /telnet): the page's WebSocket joined to the terminal on
 * the page. What the user types goes to the device, what its shell prints is written as it comes:
 * the shell echoes, so nothing is echoed here. A session ends with the server's reason, told in the
 * server's own words when it gives them, or as `lost` when its socket drops without one; the
 * terminal then takes no more input.
 */
import {
  TERMINAL_END_REASONS,
  TERMINAL_INPUT_MAX_CHARS,
  TERMINAL_SOCKET_PATH,
  type TerminalClientMessage,
  type TerminalEndReason,
  type TerminalServerMessage,
} from '@vap/contracts';

/** Why a session ended: the server's reason, or `lost` when its socket dropped without one. */
export type TerminalEnd = TerminalEndReason | 'lost';

export interface TerminalSize {
  cols: number;
  rows: number;
}

/** What a session uses of the terminal on the page (xterm.js; a fake in tests). */
export interface TerminalScreen {
  /** Writes the shell's output, escape sequences and all. */
  write(data: string): void;
  /** The keys the user types, encoded as the terminal does (arrows as escape sequences). */
  onData(listener: (data: string) => void): { dispose(): void };
  /** Fits the terminal to its element; answers its size in characters. */
  fit(): TerminalSize;
  focus(): void;
  /** Takes no more input: the session has ended. */
  stopInput(): void;
  dispose(): void;
}
export type CreateTerminalScreen = (element: HTMLElement) => TerminalScreen;

/** What a session uses of its WebSocket (a fake in tests). */
export interface TerminalSocket {
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  addEventListener(type: 'close', listener: () => void): void;
  send(data: string): void;
  close(): void;
}
export type OpenTerminalSocket = (url: string) => TerminalSocket;

export interface OpenedDevice {
  sn: string;
  name: string;
}

export interface TerminalSessionOptions {
  /** The ticket of the page's address; none ends the session as `ticket_invalid` at once. */
  ticket: string | null;
  screen: TerminalScreen;
  openSocket: OpenTerminalSocket;
  /**
   * The line written in the terminal when the session ends: the server's words (`message`, in the
   * language of the console that asked for the ticket) when it gave them, else the page's own.
   */
  describe: (end: TerminalEnd, message?: string) => string;
  onOpened: (device: OpenedDevice) => void;
  onEnded: (end: TerminalEnd, message?: string) => void;
  /** Where the page is: the socket is on the same host. */
  location?: Pick<Location, 'protocol' | 'host'>;
}

export interface TerminalSession {
  /** The window changed size: the terminal is fitted again and the device told its new size. */
  refit(): void;
  /** The page goes: closing the socket ends the session on the device. Nothing is reported after. */
  stop(): void;
}

/** The longest input message the server takes (`terminalClientMessageSchema`): a paste is cut. */
const INPUT_MAX = TERMINAL_INPUT_MAX_CHARS;
/** The server's words on a close are a sentence: more is not shown. */
const MESSAGE_MAX = 500;

/** `ws(s)://<the page's host>/webapi/v1/dms/telnet?ticket=…`. */
export function terminalSocketUrl(ticket: string, location: Pick<Location, 'protocol' | 'host'>): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${TERMINAL_SOCKET_PATH}?${new URLSearchParams({ ticket })}`;
}

/** A line apart, dimmed (SGR 2): the session's end, told in the terminal below the shell's output. */
export const dimLine = (text: string) => `\r\n\x1b[2m${text}\x1b[0m\r\n`;

/** Input cut to the server's limit, never between the two halves of a surrogate pair. */
export function inputPieces(data: string): string[] {
  const pieces: string[] = [];
  let rest = data;
  while (rest.length > INPUT_MAX) {
    const last = rest.charCodeAt(INPUT_MAX - 1);
    const cut = last >= 0xd800 && last <= 0xdbff ? INPUT_MAX - 1 : INPUT_MAX;
    pieces.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  pieces.push(rest);
  return pieces;
}

const isEndReason = (value: unknown): value is TerminalEndReason =>
  TERMINAL_END_REASONS.includes(value as TerminalEndReason);

/** A server message, or null for what is not one (the session ignores it). */
export function readServerMessage(data: unknown): TerminalServerMessage | null {
  if (typeof data !== 'string') return null;
  let message: Record<string, unknown>;
  try {
    message = JSON.parse(data);
  } catch {
    return null;
  }
  if (message?.type === 'output' && typeof message.data === 'string')
    return { type: 'output', data: message.data };
  if (message?.type === 'opened')
    return { type: 'opened', sn: String(message.sn ?? ''), name: String(message.name ?? '') };
  // A reason this page does not know yet is told as a plain close, in the server's words if any.
  if (message?.type === 'closed') {
    const reason = isEndReason(message.reason) ? message.reason : 'closed';
    const words = typeof message.message === 'string' ? message.message.trim().slice(0, MESSAGE_MAX) : '';
    return words ? { type: 'closed', reason, message: words } : { type: 'closed', reason };
  }
  return null;
}

/**
 * Starts a session on the screen. The socket opens on the next task, not at once: a page mounted
 * and at once unmounted (React's StrictMode does so in development) never spends its ticket,
 * which opens one terminal only. Keys and sizes are sent once the device's shell is open: the
 * server takes no input before it says `opened`.
 */
export function startTerminalSession({
  ticket,
  screen,
  openSocket,
  describe,
  onOpened,
  onEnded,
  location = window.location,
}: TerminalSessionOptions): TerminalSession {
  let socket: TerminalSocket | null = null;
  let opened = false;
  let ended = false;
  let stopped = false;
  let size = screen.fit();
  let sentSize: TerminalSize | null = null;

  const send = (message: TerminalClientMessage) => {
    if (socket && opened && !ended) socket.send(JSON.stringify(message));
  };
  /** The device is told the terminal's size when its shell opens, then when it changes. */
  const sendSize = () => {
    if (!opened || (sentSize?.cols === size.cols && sentSize.rows === size.rows)) return;
    sentSize = size;
    send({ type: 'resize', ...size });
  };
  const end = (reason: TerminalEnd, message?: string) => {
    if (ended || stopped) return;
    ended = true;
    screen.write(dimLine(describe(reason, message)));
    screen.stopInput();
    onEnded(reason, message);
  };
  const typing = screen.onData((data) => {
    for (const piece of inputPieces(data)) send({ type: 'input', data: piece });
  });

  const connect = (ticket: string) => {
    const connection = openSocket(terminalSocketUrl(ticket, location));
    socket = connection;
    connection.addEventListener('message', (event) => {
      const message = stopped || ended ? null : readServerMessage(event.data);
      if (message?.type === 'output') screen.write(message.data);
      else if (message?.type === 'opened') {
        opened = true;
        onOpened({ sn: message.sn, name: message.name });
        sendSize();
      } else if (message?.type === 'closed') end(message.reason, message.message);
    });
    // After `closed`, the server closes the socket: nothing more to say. Without it, the line dropped.
    connection.addEventListener('close', () => end('lost'));
  };
  const starting = ticket ? setTimeout(() => connect(ticket), 0) : undefined;
  if (!ticket) end('ticket_invalid');

  return {
    refit: () => {
      size = screen.fit();
      sendSize();
    },
    stop: () => {
      stopped = true;
      clearTimeout(starting);
      typing.dispose();
      socket?.close();
    },
  };
}
