import { TERMINAL_IDLE_MINUTES } from '@vap/contracts';
import { useT } from '@vap/kernel';
import { Dot, type DotTone } from '@vap/ui';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  type CreateTerminalScreen,
  type OpenedDevice,
  type OpenTerminalSocket,
  startTerminalSession,
  type TerminalEnd,
} from './terminal-session.js';

type Phase =
  | { kind: 'connecting' }
  | { kind: 'connected' }
  | { kind: 'ended'; end: TerminalEnd; message?: string };

/** Ends that are the session's ordinary course rather than a failure. */
const ORDINARY_ENDS: readonly TerminalEnd[] = ['device_closed', 'idle', 'closed'];

export interface TerminalViewProps {
  createScreen: CreateTerminalScreen;
  openSocket: OpenTerminalSocket;
}

/**
 * The ticket of the address, read once and then taken out of the address bar: a reload, a
 * bookmark or a copied address never shows it (it is spent anyway). Other parameters stay.
 */
function useTicket(): string | null {
  const [params, setParams] = useSearchParams();
  const [ticket] = useState(() => params.get('ticket') || null);
  useEffect(() => {
    if (!params.has('ticket')) return;
    const rest = new URLSearchParams(params);
    rest.delete('ticket');
    setParams(rest, { replace: true });
  }, [params, setParams]);
  return ticket;
}

/**
 * The terminal page with what it is made of given: xterm.js and the browser's WebSocket on the
 * page, fakes in tests. A thin header names the device once its shell is open and tells how the
 * connection stands; the terminal below fills the window, refitted as the window changes size.
 */
export function TerminalView({ createScreen, openSocket }: TerminalViewProps) {
  const t = useT('devices');
  const ticket = useTicket();
  const element = useRef<HTMLDivElement>(null);
  // No ticket: nothing to connect with, which the page says from its first showing.
  const [phase, setPhase] = useState<Phase>(() =>
    ticket ? { kind: 'connecting' } : { kind: 'ended', end: 'ticket_invalid' },
  );
  const [device, setDevice] = useState<OpenedDevice | null>(null);
  // The server's words when it gave them: it knows why, and says it in the console's language.
  const endText = (end: TerminalEnd, message?: string) =>
    message ?? t(`terminal.ended.${end}`, { minutes: TERMINAL_IDLE_MINUTES });
  // In the language of the moment the session ends, without starting the session again when it changes.
  const describe = useEffectEvent(endText);

  useEffect(() => {
    if (!element.current) return;
    const screen = createScreen(element.current);
    screen.focus();
    const session = startTerminalSession({
      ticket,
      screen,
      openSocket,
      describe,
      onOpened: (opened) => {
        setDevice(opened);
        setPhase({ kind: 'connected' });
      },
      onEnded: (end, message) => setPhase({ kind: 'ended', end, ...(message ? { message } : {}) }),
    });
    const refit = () => session.refit();
    window.addEventListener('resize', refit);
    return () => {
      window.removeEventListener('resize', refit);
      session.stop();
      screen.dispose();
    };
  }, [createScreen, openSocket, ticket]);

  const [tone, state]: [DotTone, string] =
    phase.kind === 'connecting'
      ? ['warning', t('terminal.connecting')]
      : phase.kind === 'connected'
        ? ['success', t('terminal.connected')]
        : [ORDINARY_ENDS.includes(phase.end) ? 'default' : 'danger', endText(phase.end, phase.message)];

  return (
    <main className="flex h-dvh flex-col overflow-hidden bg-black">
      <header className="flex shrink-0 items-center gap-3 border-b border-line bg-surface px-3 py-1.5 text-sm">
        <h1 className="min-w-0 truncate font-medium text-ink">
          {device ? device.name || device.sn : t('terminal.title')}
        </h1>
        {device?.name ? <span className="shrink-0 font-mono text-ink-faint">{device.sn}</span> : null}
        <p role="status" className="ms-auto min-w-0 truncate">
          <Dot tone={tone} label={state} showLabel />
        </p>
      </header>
      {/* The fit addon measures the terminal's parent: the padding sits outside it. */}
      <div className="min-h-0 flex-1 p-2">
        <div ref={element} className="h-full w-full" />
      </div>
    </main>
  );
}
