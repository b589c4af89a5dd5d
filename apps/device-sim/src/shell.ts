/**
 * The remote terminal (docs/mqtt.md, "The simulated terminal"): a small shell per session, as a
 * camera's BusyBox would give over telnet. It takes keys as xterm.js sends them (`term_input`),
 * echoes them, edits its line, runs it on Enter, and prints on `up/term` as `{session, data}` with
 * `\r\n` line ends. Sessions live on one connection: they end with it, and with a reboot, and when
 * nothing of their server is heard for TERMINAL_SILENCE_SECONDS (its keepalives stopped: it is gone).
 */
import { createHash } from 'node:crypto';
import { type DeviceKind, TERMINAL_SILENCE_SECONDS, type TerminalOutput } from '@vap/contracts';
import { CommandError } from './command-error.js';

/** What the shell reads of the unit, and may do to it (a CommandContext is one). */
export interface ShellUnit {
  readonly sn: string;
  readonly kind: DeviceKind;
  readonly model: string;
  readonly firmwareVersion: string;
  /** The unit's own address, as it would report it on its network. */
  readonly ip: string;
  uptimeSeconds(): number;
  /** Runs once the reply is on its way: what would cut the reply off (a reboot) waits for it. */
  afterReply(action: () => void): void;
  /** Takes the unit off the broker and brings it back after its boot time. */
  reboot(): void;
}

/** Sessions a unit keeps open at once; a device's telnet daemon has its limit too. */
export const MAX_SESSIONS = 4;
/** A longer line is not taken further: what is typed beyond it is dropped. */
const MAX_LINE = 1_024;

const KERNEL = '4.9.118';
const BANNER_SHELL = 'BusyBox v1.31.1 () built-in shell (ash)';

/** Where an escape sequence stands: after ESC, inside a CSI (`ESC [ … final`), or an SS3 (`ESC O x`). */
type Escape = 'none' | 'esc' | 'csi' | 'ss3';

function nextEscape(state: Exclude<Escape, 'none'>, char: string): Escape {
  if (state === 'esc') return char === '[' ? 'csi' : char === 'O' ? 'ss3' : 'none';
  if (state === 'ss3') return 'none';
  // A CSI ends with its final byte, @ to ~ (ECMA-48 §5.4): arrows, Home, F-keys, bracketed paste.
  const code = char.charCodeAt(0);
  return code >= 0x40 && code <= 0x7e ? 'none' : 'csi';
}

const isPrintable = (char: string) => {
  const code = char.codePointAt(0) ?? 0;
  return code >= 0x20 && !(code >= 0x7f && code <= 0x9f);
};

const lines = (...text: string[]) => text.map((line) => `${line}\r\n`).join('');

/** A MAC-like address of the unit's own, from its serial; 02: a locally administered one. */
function macOf(sn: string): string {
  const bytes = createHash('sha256').update(sn).digest().subarray(0, 5);
  return ['02', ...[...bytes].map((byte) => byte.toString(16).padStart(2, '0'))].join(':').toUpperCase();
}

const cores = (unit: ShellUnit) => (unit.kind === 'nvr' ? 4 : 2);
const memoryKb = (unit: ShellUnit) => (unit.kind === 'nvr' ? 2_097_152 : 524_288);

function cpuinfo(unit: ShellUnit): string {
  const processors = Array.from({ length: cores(unit) }, (_, index) =>
    lines(
      `processor\t: ${index}`,
      'model name\t: ARMv7 Processor rev 5 (v7l)',
      'BogoMIPS\t: 48.00',
      'Features\t: half thumb fastmult vfp edsp neon vfpv3 tls vfpv4 idiva idivt',
      'CPU implementer\t: 0x41',
      'CPU architecture: 7',
      'CPU part\t: 0xc07',
      '',
    ),
  );
  return processors.join('') + lines(`Hardware\t: ${unit.model}`, `Serial\t\t: ${unit.sn}`);
}

function meminfo(unit: ShellUnit): string {
  const total = memoryKb(unit);
  const kb = (name: string, value: number) => `${`${name}:`.padEnd(16)}${String(value).padStart(8)} kB`;
  return lines(
    kb('MemTotal', total),
    kb('MemFree', Math.round(total * 0.31)),
    kb('MemAvailable', Math.round(total * 0.46)),
    kb('Buffers', Math.round(total * 0.02)),
    kb('Cached', Math.round(total * 0.13)),
  );
}

/** The files `cat` knows; any other is not there. */
const FILES: Record<string, (unit: ShellUnit) => string> = {
  '/etc/version': (unit) => lines(unit.firmwareVersion),
  '/etc/hostname': (unit) => lines(unit.sn),
  '/proc/cpuinfo': cpuinfo,
  '/proc/meminfo': meminfo,
};
const DIRECTORIES = new Set(['/', '/etc', '/proc', '/root', '~', '.']);

function uname(options: readonly string[], unit: ShellUnit): string {
  const parts = {
    s: 'Linux',
    n: unit.sn,
    r: `${KERNEL}-${unit.model}`,
    v: `#1 SMP PREEMPT ${unit.firmwareVersion}`,
    m: 'armv7l',
  };
  const letters = options.flatMap((option) => [...option.replace(/^-/, '')]);
  const wrong = options.find((option) => !/^-[asnrvm]+$/.test(option));
  if (wrong !== undefined) {
    return lines(
      wrong.startsWith('-')
        ? `uname: invalid option -- '${wrong.slice(1)}'`
        : `uname: extra operand '${wrong}'`,
    );
  }
  if (letters.includes('a')) return lines(`${Object.values(parts).join(' ')} GNU/Linux`);
  const asked = (['s', 'n', 'r', 'v', 'm'] as const).filter((letter) => letters.includes(letter));
  return lines((asked.length > 0 ? asked : (['s'] as const)).map((letter) => parts[letter]).join(' '));
}

function ifconfig(unit: ShellUnit): string {
  const broadcast = unit.ip.replace(/\.\d+$/, '.255');
  return lines(
    `eth0      Link encap:Ethernet  HWaddr ${macOf(unit.sn)}`,
    `          inet addr:${unit.ip}  Bcast:${broadcast}  Mask:255.255.255.0`,
    '          UP BROADCAST RUNNING MULTICAST  MTU:1500  Metric:1',
    '',
    'lo        Link encap:Local Loopback',
    '          inet addr:127.0.0.1  Mask:255.0.0.0',
    '          UP LOOPBACK RUNNING  MTU:65536  Metric:1',
  );
}

function ps(unit: ShellUnit): string {
  const app = unit.kind === 'nvr' ? '/app/nvr_main' : '/app/ipc_main';
  return lines(
    '  PID USER       VSZ STAT COMMAND',
    '    1 root      1632 S    init',
    '  212 root      1580 S    /sbin/syslogd -n',
    '  318 root      2140 S    /usr/sbin/telnetd -F',
    `  420 root     49312 S    ${app}`,
    '  455 root      6420 S    /app/vap_agent',
    '  981 root      1784 S    -sh',
    '  999 root      1716 R    ps',
  );
}

function uptime(unit: ShellUnit): string {
  const seconds = unit.uptimeSeconds();
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3_600);
  const minutes = Math.floor((seconds % 3_600) / 60);
  const clock = new Date().toISOString().slice(11, 19);
  const since =
    (days > 0 ? `${days} day${days === 1 ? '' : 's'}, ` : '') +
    (hours > 0 ? `${String(hours).padStart(2)}:${String(minutes).padStart(2, '0')}` : `${minutes} min`);
  return lines(` ${clock} up ${since},  load average: 0.42, 0.37, 0.31`);
}

function cat(files: readonly string[], unit: ShellUnit): string {
  if (files.length === 0) return lines('cat: missing operand');
  return files
    .map((file) => {
      const read = Object.hasOwn(FILES, file) ? FILES[file] : undefined;
      if (read) return read(unit);
      if (DIRECTORIES.has(file)) return lines(`cat: ${file}: Is a directory`);
      return lines(`cat: ${file}: No such file or directory`);
    })
    .join('');
}

const HELP = lines(
  'Built-in commands:',
  '  help          this list',
  '  uname [-a]    the system (-s -n -r -v -m: parts of it)',
  '  ifconfig      the network interfaces',
  '  ps            the processes',
  '  uptime        the time since boot',
  '  cat FILE      /etc/version, /etc/hostname, /proc/cpuinfo, /proc/meminfo',
  '  echo TEXT     prints TEXT',
  '  reboot        reboots the unit (the session ends)',
  '  exit          ends the session',
);

/** What a line printed, and whether it ended the session. */
interface Ran {
  output: string;
  closed: boolean;
}

function run(line: string, unit: ShellUnit): Ran {
  const [command, ...rest] = line.trim().split(/\s+/);
  const printed = (output: string): Ran => ({ output, closed: false });
  switch (command) {
    case undefined:
    case '':
      return printed('');
    case 'help':
      return printed(HELP);
    case 'uname':
      return printed(uname(rest, unit));
    case 'ifconfig':
      return printed(ifconfig(unit));
    case 'ps':
      return printed(ps(unit));
    case 'uptime':
      return printed(uptime(unit));
    case 'cat':
      return printed(cat(rest, unit));
    case 'echo':
      return printed(lines(rest.join(' ')));
    case 'exit':
      return { output: lines('logout'), closed: true };
    case 'reboot':
      // After the reply to this input: the reboot cuts the connection, and the reply would be lost.
      unit.afterReply(() => unit.reboot());
      return { output: lines('', 'The system is going down for reboot NOW!'), closed: true };
    default:
      return printed(lines(`sh: ${command}: not found`));
  }
}

/** One session: its line being typed, and where an escape sequence it is skipping stands. */
class Shell {
  private line = '';
  private escape: Escape = 'none';
  /** A `\r\n` (a paste) is one Enter, not two. */
  private afterCr = false;

  constructor(readonly prompt: string) {}

  /** What the keys print, and whether they ended the session (what came after is not read). */
  feed(data: string, unit: ShellUnit): Ran {
    let output = '';
    for (const char of data) {
      if (this.escape !== 'none') {
        this.escape = nextEscape(this.escape, char);
        continue;
      }
      const lf = char === '\n';
      if (lf && this.afterCr) {
        this.afterCr = false;
        continue;
      }
      this.afterCr = char === '\r';
      if (char === '\r' || lf) {
        const ran = run(this.line, unit);
        this.line = '';
        output += `\r\n${ran.output}`;
        if (ran.closed) return { output, closed: true };
        output += this.prompt;
      } else if (char === '\x7f' || char === '\b') {
        if (this.line.length === 0) continue;
        this.line = [...this.line].slice(0, -1).join('');
        output += '\b \b';
      } else if (char === '\x03') {
        this.line = '';
        output += `^C\r\n${this.prompt}`;
      } else if (char === '\x04') {
        // Ctrl-D on an empty line is the end of input: the shell logs out.
        if (this.line.length === 0) return { output: `${output}\r\n${lines('logout')}`, closed: true };
      } else if (char === '\x1b') {
        this.escape = 'esc';
      } else if (isPrintable(char) && this.line.length < MAX_LINE) {
        this.line += char;
        output += char;
      }
    }
    return { output, closed: false };
  }
}

export interface TerminalsOptions {
  /** A session nothing is heard of for this long ends; TERMINAL_SILENCE_SECONDS by default. */
  silenceMs?: number;
}

/** A unit's terminal sessions, by the server's session id. */
export class Terminals {
  private readonly sessions = new Map<string, Shell>();
  /** When each session last heard of its server: any of its commands. */
  private readonly heardAt = new Map<string, number>();
  private readonly silenceMs: number;
  private sweeper: ReturnType<typeof setInterval> | undefined;

  /** `write` publishes on up/term. */
  constructor(
    private readonly write: (output: TerminalOutput) => void,
    options: TerminalsOptions = {},
  ) {
    this.silenceMs = options.silenceMs ?? TERMINAL_SILENCE_SECONDS * 1000;
  }

  get count(): number {
    return this.sessions.size;
  }

  /** The session, heard of now; `no_session` for one it does not have. */
  private shellOf(session: string): Shell {
    const shell = this.sessions.get(session);
    if (!shell) throw new CommandError('no_session', `no terminal session ${session}`);
    this.heardAt.set(session, Date.now());
    return shell;
  }

  private forget(session: string) {
    this.sessions.delete(session);
    this.heardAt.delete(session);
    if (this.sessions.size === 0) {
      clearInterval(this.sweeper);
      this.sweeper = undefined;
    }
  }

  /**
   * Ends the sessions whose server fell silent: a server that crashed, or lost the unit, never
   * closes them, and each holds one of the unit's MAX_SESSIONS.
   */
  private sweep() {
    const silentSince = Date.now() - this.silenceMs;
    for (const [session, at] of this.heardAt) {
      if (at > silentSince) continue;
      this.forget(session);
      this.write({ session, data: '', closed: true });
    }
  }

  /** Starts a shell, which prints its banner and prompt; a session already open is left as it is. */
  open(session: string, unit: ShellUnit): { opened: true } {
    if (this.sessions.has(session)) {
      this.shellOf(session);
      return { opened: true };
    }
    if (this.sessions.size >= MAX_SESSIONS) {
      throw new CommandError('busy', `at most ${MAX_SESSIONS} terminal sessions at once`);
    }
    const shell = new Shell(`root@${unit.sn}:~# `);
    this.sessions.set(session, shell);
    this.heardAt.set(session, Date.now());
    if (!this.sweeper) {
      this.sweeper = setInterval(() => this.sweep(), Math.max(10, Math.floor(this.silenceMs / 4)));
      this.sweeper.unref?.();
    }
    const kind = unit.kind === 'nvr' ? 'network video recorder' : 'IP camera';
    const banner = lines(
      '',
      BANNER_SHELL,
      '',
      `  ${unit.model} ${kind}, firmware ${unit.firmwareVersion}`,
      "  Enter 'help' for a list of built-in commands.",
      '',
    );
    this.write({ session, data: banner + shell.prompt });
    return { opened: true };
  }

  /** Keys typed in a session; it answers on up/term (nothing for keys that print nothing). */
  input(session: string, data: string, unit: ShellUnit): Record<string, never> {
    const { output, closed } = this.shellOf(session).feed(data, unit);
    if (closed) {
      this.forget(session);
      this.write({ session, data: output, closed: true });
    } else if (output) {
      this.write({ session, data: output });
    }
    return {};
  }

  /** The window of a session changed size: nothing to redraw for a line-by-line shell. */
  resize(session: string): { resized: true } {
    this.shellOf(session);
    return { resized: true };
  }

  /** The server says it is still there; `no_session` tells it the unit no longer has the session. */
  keepalive(session: string): { alive: true } {
    this.shellOf(session);
    return { alive: true };
  }

  /** Ends a session without a word (the server closed it); one already ended is closed as well. */
  close(session: string): { closed: true } {
    this.forget(session);
    return { closed: true };
  }

  /**
   * Ends every session: with `notice` as each one's last output when the unit can still say it (a
   * reboot), silently when its connection is gone.
   */
  endAll(notice?: string): void {
    if (notice !== undefined) {
      for (const session of this.sessions.keys()) this.write({ session, data: notice, closed: true });
    }
    for (const session of [...this.sessions.keys()]) this.forget(session);
  }
}
