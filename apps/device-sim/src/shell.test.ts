import type { TerminalOutput } from '@vap/contracts';
import { describe, expect, it, vi } from 'vitest';
import { MAX_SESSIONS, Terminals } from './shell.js';
import { commandContext, type TestContext } from './testing/context.js';

const PROMPT = 'root@10000000011320000001:~# ';

/** A unit with session s1 open; what typing prints, and what a line prints once Enter is pressed. */
function session(): { device: TestContext; type(data: string): string; run(line: string): string } {
  const device = commandContext();
  device.terminals.open('s1', device);
  const type = (data: string) => {
    const from = device.printed.length;
    device.terminals.input('s1', data, device);
    return device.printed
      .slice(from)
      .map((output) => output.data)
      .join('');
  };
  const run = (line: string) => {
    type(line);
    return type('\r');
  };
  return { device, type, run };
}

describe('the terminal shell', () => {
  it('opens with a banner naming the unit, then the prompt', () => {
    const { device } = session();
    const [banner] = device.printed;
    expect(banner?.session).toBe('s1');
    expect(banner?.data).toContain('VC-C5 IP camera, firmware V5.3.0');
    expect(banner?.data.endsWith(`\r\n${PROMPT}`)).toBe(true);
    expect(banner?.data).not.toMatch(/[^\r]\n/);
  });

  it('echoes what is typed and runs the line on Enter, with \\r\\n line ends', () => {
    const { type } = session();
    expect(type('ech')).toBe('ech');
    expect(type('o hi there')).toBe('o hi there');
    expect(type('\r')).toBe(`\r\nhi there\r\n${PROMPT}`);
    expect(type('\r')).toBe(`\r\n${PROMPT}`);
  });

  it('erases the last character on Backspace (\\x7f or \\b) with \\b \\b, and nothing before the line', () => {
    const { type } = session();
    expect(type('ecx')).toBe('ecx');
    expect(type('\x7f')).toBe('\b \b');
    expect(type('ho ok\b\bno')).toBe('ho ok\b \b\b \bno');
    expect(type('\r')).toBe(`\r\nno\r\n${PROMPT}`);
    expect(type('\x7f\x7f')).toBe('');
  });

  it('drops the line on Ctrl-C: ^C and a new prompt', () => {
    const { type } = session();
    expect(type('reboot')).toBe('reboot');
    expect(type('\x03')).toBe(`^C\r\n${PROMPT}`);
    expect(type('\r')).toBe(`\r\n${PROMPT}`);
  });

  it('ignores escape sequences, even split between two inputs', () => {
    const { type, device } = session();
    expect(type('\x1b[A\x1b[1;5C\x1bOP')).toBe('');
    expect(type('ps\x1b[')).toBe('ps');
    expect(type('D\r')).toContain('PID USER');
    // Other control characters are ignored too, not echoed.
    expect(type('\t\x01')).toBe('');
    expect(device.printed.every((output) => !output.data.includes('\x1b'))).toBe(true);
  });

  it('takes a pasted \\r\\n as one Enter', () => {
    const { type } = session();
    expect(type('echo a\r\necho b\r\n')).toBe(`echo a\r\na\r\n${PROMPT}echo b\r\nb\r\n${PROMPT}`);
  });

  it('answers uname with Linux, and uname -a with the model and firmware version', () => {
    const { run } = session();
    expect(run('uname')).toBe(`\r\nLinux\r\n${PROMPT}`);
    const all = run('uname -a');
    expect(all).toMatch(
      /^\r\nLinux 10000000011320000001 4\.9\.\d+-VC-C5 #1 SMP PREEMPT V5\.3\.0 armv7l GNU\/Linux\r\n/,
    );
    expect(run('uname -x')).toContain("uname: invalid option -- 'x'");
  });

  it('prints the files it has with cat, and says a missing one is not there', () => {
    const { run } = session();
    expect(run('cat /etc/version')).toBe(`\r\nV5.3.0\r\n${PROMPT}`);
    expect(run('cat /etc/hostname')).toBe(`\r\n10000000011320000001\r\n${PROMPT}`);
    expect(run('cat /proc/cpuinfo')).toMatch(/processor\t: 1\r\n[\s\S]*Hardware\t: VC-C5/);
    expect(run('cat /proc/meminfo')).toMatch(/MemTotal:\s+524288 kB/);
    expect(run('cat /x')).toBe(`\r\ncat: /x: No such file or directory\r\n${PROMPT}`);
    expect(run('cat /etc')).toContain('cat: /etc: Is a directory');
    expect(run('cat')).toContain('cat: missing operand');
  });

  it('shows the unit in ifconfig, ps and uptime, and lists its commands in help', () => {
    const { run } = session();
    expect(run('ifconfig')).toMatch(
      /eth0 +Link encap:Ethernet +HWaddr 02(:[0-9A-F]{2}){5}\r\n +inet addr:192\.168\.1\.20 /,
    );
    expect(run('ps')).toContain('/app/ipc_main');
    expect(run('uptime')).toMatch(/^\r\n \d\d:\d\d:\d\d up 0 min, {2}load average: /);
    const help = run('help');
    for (const command of ['help', 'uname', 'ifconfig', 'ps', 'uptime', 'cat', 'reboot', 'exit']) {
      expect(help).toContain(`  ${command}`);
    }
  });

  it('says a command it does not have is not found', () => {
    const { run } = session();
    expect(run('foo --bar')).toBe(`\r\nsh: foo: not found\r\n${PROMPT}`);
  });

  it('ends the session on exit with closed: true; its keys are then refused (no_session)', () => {
    const { type, device } = session();
    type('exit\r');
    expect(device.printed.at(-1)).toEqual({ session: 's1', data: 'exit\r\nlogout\r\n', closed: true });
    expect(() => device.terminals.input('s1', 'ls\r', device)).toThrow(
      expect.objectContaining({ code: 'no_session' }),
    );
    expect(device.terminals.count).toBe(0);
  });

  it('ends the session on Ctrl-D at an empty line only', () => {
    const { type, device } = session();
    expect(type('ab\x04')).toBe('ab');
    type('\x03\x04');
    expect(device.printed.at(-1)).toMatchObject({ closed: true });
  });

  it('on reboot prints a line, ends the session, and reboots the unit once the reply is on its way', () => {
    const { type, device } = session();
    type('reboot\r');
    expect(device.printed.at(-1)).toEqual({
      session: 's1',
      data: 'reboot\r\n\r\nThe system is going down for reboot NOW!\r\n',
      closed: true,
    });
    expect(device.reboot).not.toHaveBeenCalled();
    for (const action of device.actions) action();
    expect(device.reboot).toHaveBeenCalledOnce();
  });

  it(`keeps up to ${MAX_SESSIONS} sessions, each its own line; one more is refused (busy)`, () => {
    const device = commandContext();
    for (let index = 1; index <= MAX_SESSIONS; index += 1) device.terminals.open(`s${index}`, device);
    expect(() => device.terminals.open('s9', device)).toThrow(expect.objectContaining({ code: 'busy' }));
    // Opening one it has again is no new session.
    expect(device.terminals.open('s1', device)).toEqual({ opened: true });
    device.terminals.input('s1', 'ec', device);
    device.terminals.input('s2', 'ho x\r', device);
    expect(device.printed.at(-1)).toEqual({ session: 's2', data: `ho x\r\nsh: ho: not found\r\n${PROMPT}` });
    device.terminals.close('s3');
    expect(device.terminals.open('s9', device)).toEqual({ opened: true });
  });

  it('ends a session it has heard nothing of for the silence time: its server is gone (issue 28)', () => {
    vi.useFakeTimers();
    try {
      const printed: TerminalOutput[] = [];
      const device = commandContext();
      const terminals = new Terminals((output) => printed.push(output), { silenceMs: 1_000 });
      terminals.open('s1', device);
      terminals.open('s2', device);
      vi.advanceTimersByTime(600);
      // A keepalive, a key or a new size is word from the server.
      expect(terminals.keepalive('s2')).toEqual({ alive: true });
      vi.advanceTimersByTime(600);
      expect(terminals.count).toBe(1);
      expect(printed.at(-1)).toMatchObject({ session: 's1', closed: true });
      terminals.input('s2', 'l', device);
      vi.advanceTimersByTime(900);
      expect(terminals.count).toBe(1);
      vi.advanceTimersByTime(400);
      expect(terminals.count).toBe(0);
      expect(printed.at(-1)).toMatchObject({ session: 's2', closed: true });
    } finally {
      vi.useRealTimers();
    }
  });

  it('ends every session silently when the connection goes, and with a notice when the unit reboots', () => {
    const device = commandContext();
    device.terminals.open('s1', device);
    device.terminals.open('s2', device);
    const from = device.printed.length;
    device.terminals.endAll('\r\nbye\r\n');
    expect(device.printed.slice(from)).toEqual([
      { session: 's1', data: '\r\nbye\r\n', closed: true },
      { session: 's2', data: '\r\nbye\r\n', closed: true },
    ]);
    device.terminals.open('s3', device);
    const count = device.printed.length;
    device.terminals.endAll();
    expect(device.printed).toHaveLength(count);
    expect(device.terminals.count).toBe(0);
  });
});
