import '../test-support.js';
import { act, screen, waitFor } from '@testing-library/react';
import {
  type Language,
  TERMINAL_END_REASONS,
  TERMINAL_IDLE_MINUTES,
  TERMINAL_PAGE_PATH,
  TERMINAL_SOCKET_PATH,
  type TerminalClientMessage,
  type TerminalServerMessage,
  terminalClientMessageSchema,
} from '@vap/contracts';
import { renderWithKernel } from '@vap/kernel/testing';
import { sharedMessages } from '@vap/ui/testing';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import plugin from '../index.js';
import en from '../locales/en.json';
import zhCN from '../locales/zh-CN.json';
import zhTW from '../locales/zh-TW.json';
import type { TerminalScreen, TerminalSize, TerminalSocket } from './terminal-session.js';
import { TerminalView } from './terminal-view.js';

/** xterm.js as the page uses it (jsdom has no canvas to measure its characters with). */
class FakeScreen implements TerminalScreen {
  readonly written: string[] = [];
  size: TerminalSize = { cols: 120, rows: 36 };
  focused = false;
  readOnly = false;
  disposed = false;
  #typing: ((data: string) => void) | undefined;
  write(data: string) {
    this.written.push(data);
  }
  onData(listener: (data: string) => void) {
    this.#typing = listener;
    return { dispose: () => (this.#typing = undefined) };
  }
  fit() {
    return this.size;
  }
  focus() {
    this.focused = true;
  }
  stopInput() {
    this.readOnly = true;
  }
  dispose() {
    this.disposed = true;
  }
  /** Keys as xterm's onData gives them, whether or not it still takes input. */
  type(data: string) {
    this.#typing?.(data);
  }
  get text() {
    return this.written.join('');
  }
}

/** The server's end of the page's WebSocket. */
class FakeSocket implements TerminalSocket {
  readonly sent: TerminalClientMessage[] = [];
  closed = false;
  readonly #listeners = { message: [] as Listener[], close: [] as Listener[] };
  constructor(readonly url: string) {}
  addEventListener(type: 'message' | 'close', listener: Listener) {
    this.#listeners[type].push(listener);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
  }
  receive(message: TerminalServerMessage) {
    act(() => {
      for (const listener of this.#listeners.message) listener({ data: JSON.stringify(message) });
    });
  }
  /** The connection drops, with no word from the server. */
  drop() {
    act(() => {
      for (const listener of this.#listeners.close) listener({ data: undefined });
    });
  }
}
type Listener = (event: { data: unknown }) => void;

function Address() {
  const location = useLocation();
  return <p data-testid="address">{`${location.pathname}${location.search}`}</p>;
}

const cam = { sn: '12345678901320000011', name: 'front-door' };

/** The page at `/telnet?…`, with a fake terminal and socket. */
async function openTerminalPage(search = '?ticket=t-1', language: Language = 'en') {
  const fake = new FakeScreen();
  const sockets: FakeSocket[] = [];
  const openSocket = (url: string) => {
    const socket = new FakeSocket(url);
    sockets.push(socket);
    return socket;
  };
  const view = await renderWithKernel(
    <>
      <TerminalView createScreen={() => fake} openSocket={openSocket} />
      <Address />
    </>,
    {
      plugins: [plugin],
      messages: sharedMessages,
      language,
      path: `${TERMINAL_PAGE_PATH}${search}`,
      routePath: TERMINAL_PAGE_PATH,
    },
  );
  await screen.findByRole('status');
  return { ...view, fake, sockets };
}

/** The page, connected, once the device's shell is open. */
async function openedTerminal() {
  const page = await openTerminalPage();
  await waitFor(() => expect(page.sockets).toHaveLength(1));
  const socket = page.sockets[0] as FakeSocket;
  socket.receive({ type: 'opened', ...cam });
  return { ...page, socket };
}

const ended = (reason: keyof typeof en.terminal.ended) =>
  en.terminal.ended[reason].replace('{{minutes}}', String(TERMINAL_IDLE_MINUTES));

describe('/telnet: the remote terminal page (spec §2.1)', () => {
  it('is the public route a ticket’s url opens, titled “Remote terminal”', () => {
    expect(plugin.publicRoutes).toContainEqual(
      expect.objectContaining({ path: TERMINAL_PAGE_PATH, title: 'devices:terminal.title' }),
    );
  });

  it('connects to the socket path with the ticket, and takes the ticket out of the address', async () => {
    const { sockets, fake } = await openTerminalPage('?ticket=t-1&lang=en');
    expect(screen.getByRole('heading', { name: en.terminal.title })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(en.terminal.connecting);
    await waitFor(() => expect(fake.focused).toBe(true));
    await waitFor(() => expect(sockets).toHaveLength(1));
    expect(sockets[0]?.url).toBe(`ws://${window.location.host}${TERMINAL_SOCKET_PATH}?ticket=t-1`);
    await waitFor(() =>
      expect(screen.getByTestId('address').textContent).toBe(`${TERMINAL_PAGE_PATH}?lang=en`),
    );
    expect(sockets).toHaveLength(1);
  });

  it('names the device by its name and serial once its shell is open, and sends the terminal’s size', async () => {
    const { socket } = await openedTerminal();
    expect(await screen.findByRole('heading', { name: cam.name })).toBeTruthy();
    expect(screen.getByText(cam.sn)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(en.terminal.connected);
    expect(socket.sent).toEqual([{ type: 'resize', cols: 120, rows: 36 }]);
  });

  it('sends typed keys as input messages and writes the output as it comes, echoing nothing itself', async () => {
    const page = await openTerminalPage();
    await waitFor(() => expect(page.sockets).toHaveLength(1));
    const socket = page.sockets[0] as FakeSocket;
    // The server takes no input before the device's shell is open.
    page.fake.type('x');
    expect(socket.sent).toEqual([]);
    socket.receive({ type: 'opened', ...cam });
    page.fake.type('l');
    page.fake.type('s');
    page.fake.type('\r');
    page.fake.type('\x1b[A');
    expect(socket.sent.filter((message) => message.type === 'input')).toEqual([
      { type: 'input', data: 'l' },
      { type: 'input', data: 's' },
      { type: 'input', data: '\r' },
      { type: 'input', data: '\x1b[A' },
    ]);
    expect(page.fake.written).toEqual([]);
    socket.receive({ type: 'output', data: 'ls\r\n' });
    socket.receive({ type: 'output', data: 'etc  tmp\r\n# ' });
    expect(page.fake.written).toEqual(['ls\r\n', 'etc  tmp\r\n# ']);
  });

  it('a long paste is sent in pieces the server accepts', async () => {
    const { socket, fake } = await openedTerminal();
    const paste = `${'a'.repeat(4095)}😀${'b'.repeat(900)}`;
    fake.type(paste);
    const inputs = socket.sent.filter((message) => message.type === 'input');
    expect(inputs.length).toBeGreaterThan(1);
    for (const input of inputs) expect(terminalClientMessageSchema.safeParse(input).success).toBe(true);
    expect(inputs.map((input) => input.data).join('')).toBe(paste);
  });

  it('refits the terminal when the window changes size and tells the device its new size, once', async () => {
    const { socket, fake } = await openedTerminal();
    fake.size = { cols: 90, rows: 28 };
    window.dispatchEvent(new Event('resize'));
    window.dispatchEvent(new Event('resize'));
    expect(socket.sent).toEqual([
      { type: 'resize', cols: 120, rows: 36 },
      { type: 'resize', cols: 90, rows: 28 },
    ]);
  });

  it('tells why the session ended, in the header and dimmed in the terminal, and takes no more input', async () => {
    const { socket, fake } = await openedTerminal();
    socket.receive({ type: 'closed', reason: 'idle' });
    expect(screen.getByRole('status').textContent).toBe(ended('idle'));
    expect(fake.text).toContain(`\x1b[2m${ended('idle')}\x1b[0m`);
    expect(fake.readOnly).toBe(true);
    fake.type('ls\r');
    expect(socket.sent.filter((message) => message.type === 'input')).toEqual([]);
    // The server closes the socket after saying why: that is no lost connection.
    socket.drop();
    expect(screen.getByRole('status').textContent).toBe(ended('idle'));
    expect(fake.text).not.toContain(en.terminal.ended.lost);
  });

  it('shows the server’s own words for why the session ended, when it gives them (issue 28)', async () => {
    const { socket, fake } = await openedTerminal();
    const words = 'Your sign-in ended: the terminal was closed';
    socket.receive({ type: 'closed', reason: 'signed_out', message: words });
    expect(screen.getByRole('status').textContent).toBe(words);
    expect(fake.text).toContain(`\x1b[2m${words}\x1b[0m`);
    expect(fake.readOnly).toBe(true);
  });

  it('tells the reason in the language of the page', async () => {
    const { sockets, fake } = await openTerminalPage('?ticket=t-1', 'zh-CN');
    await waitFor(() => expect(sockets).toHaveLength(1));
    sockets[0]?.receive({ type: 'closed', reason: 'busy' });
    expect(screen.getByRole('status').textContent).toBe(zhCN.terminal.ended.busy);
    expect(fake.text).toContain(zhCN.terminal.ended.busy);
  });

  it('has words for every reason the server gives, and for a lost connection, in the three languages', () => {
    for (const words of [en, zhCN, zhTW]) {
      for (const reason of [...TERMINAL_END_REASONS, 'lost'] as const) {
        expect(words.terminal.ended[reason], reason).toBeTruthy();
      }
    }
  });

  it('says the connection was lost when the socket drops without a reason', async () => {
    const { socket, fake } = await openedTerminal();
    socket.drop();
    expect(screen.getByRole('status').textContent).toBe(en.terminal.ended.lost);
    expect(fake.text).toContain(en.terminal.ended.lost);
    expect(fake.readOnly).toBe(true);
  });

  it('without a ticket, says the link is invalid at once and never connects', async () => {
    const { sockets, fake } = await openTerminalPage('');
    expect(screen.getByRole('status').textContent).toBe(en.terminal.ended.ticket_invalid);
    // The status shows from the first render; the terminal is written by the effect after it,
    // which a slow machine may not have run yet.
    await waitFor(() => expect(fake.text).toContain(en.terminal.ended.ticket_invalid));
    expect(fake.readOnly).toBe(true);
    await new Promise((done) => setTimeout(done, 20));
    expect(sockets).toEqual([]);
  });

  it('closes the socket and disposes of the terminal when the page goes', async () => {
    const { socket, fake, unmount } = await openedTerminal();
    unmount();
    expect(socket.closed).toBe(true);
    expect(fake.disposed).toBe(true);
  });
});
