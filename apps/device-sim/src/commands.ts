/**
 * What a unit answers on `up/reply` to a command on `down/cmd` (docs/mqtt.md). A command is
 * `{id, name, args}`; its answer `{id, ok: true, result}` or `{id, ok: false, error}`. Each command is
 * one entry of COMMANDS: the jobs (jobs.ts) and the terminal (shell.ts) are entries too, with no
 * change to the connection code.
 */
import { JOB_COMMANDS, type JobCommand, TERMINAL_COMMANDS } from '@vap/contracts';
import { CommandError } from './command-error.js';
import type { Jobs } from './jobs.js';
import type { ShellUnit, Terminals } from './shell.js';

export interface Command {
  id: string | number;
  name: string;
  args: Record<string, unknown>;
}

export type Reply =
  | { id: string | number; ok: true; result: unknown }
  | { id: string | number; ok: false; error: string; message?: string };

/** What a command may read of, and do to, the unit it reached: all the shell may, and more. */
export interface CommandContext extends ShellUnit {
  /** The unit's configuration, kept in memory (it survives a reboot, as flash would). */
  config: Record<string, unknown>;
  /** How long a reboot keeps the unit away, in ms. */
  readonly rebootMs: number;
  /** Its jobs: those it was given and how each ended, kept across reboots (jobs.ts). */
  readonly jobs: Jobs;
  /** Its terminal sessions, which live as long as its connection (shell.ts). */
  readonly terminals: Terminals;
}

export { CommandError };

/** `id` is the command's: a job's id. */
export type CommandHandler = (
  args: Record<string, unknown>,
  unit: CommandContext,
  id: string | number,
) => unknown;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A job command: the reply's result is the job's report. An end known at once (bad args, busy, an
 * upgrade to the version it runs) goes on up/job once the reply has gone, so that the reply comes
 * first; one the reply could not carry goes out when the unit connects again.
 */
const job =
  (name: JobCommand): CommandHandler =>
  (args, unit, id) => {
    const report = unit.jobs.start(name, String(id), args);
    unit.afterReply(() => unit.jobs.flush());
    return report;
  };

function sessionOf(args: Record<string, unknown>): string {
  const { session } = args;
  if (typeof session !== 'string' || session.length === 0 || session.length > 128) {
    throw new CommandError('bad_args', 'session must be a string of 1 to 128 characters');
  }
  return session;
}

/**
 * A terminal's size, when given: whole numbers above 0. It is the server's window's; the simulated
 * shell's output does not depend on it (it runs no full-screen program).
 */
function checkSize(args: Record<string, unknown>) {
  for (const key of ['cols', 'rows']) {
    const value = args[key];
    if (value !== undefined && !(Number.isInteger(value) && (value as number) > 0)) {
      throw new CommandError('bad_args', `${key} must be a whole number above 0`);
    }
  }
}

export const COMMANDS: Readonly<Record<string, CommandHandler>> = {
  ping: () => ({ pong: true, ts: Date.now() }),

  get_info: (_args, unit) => ({
    sn: unit.sn,
    kind: unit.kind,
    model: unit.model,
    firmware_version: unit.firmwareVersion,
    uptime: unit.uptimeSeconds(),
    ip: unit.ip,
  }),

  reboot: (_args, unit) => {
    unit.afterReply(() => unit.reboot());
    return { rebooting: true, back_in_ms: unit.rebootMs };
  },

  /** Merges the keys of `args` into the configuration (a null removes one) and answers all of it. */
  set_config: (args, unit) => {
    for (const [key, value] of Object.entries(args)) {
      if (value === null) delete unit.config[key];
      else unit.config[key] = value;
    }
    return { config: unit.config };
  },

  get_config: (_args, unit) => ({ config: unit.config }),

  [JOB_COMMANDS.firmware_upgrade]: job(JOB_COMMANDS.firmware_upgrade),
  [JOB_COMMANDS.configuration]: job(JOB_COMMANDS.configuration),
  [JOB_COMMANDS.whitelist]: job(JOB_COMMANDS.whitelist),
  [JOB_COMMANDS.algorithm_licence]: job(JOB_COMMANDS.algorithm_licence),
  [JOB_COMMANDS.hologram_scheme]: job(JOB_COMMANDS.hologram_scheme),
  [JOB_COMMANDS.adpkg]: job(JOB_COMMANDS.adpkg),

  [TERMINAL_COMMANDS.open]: (args, unit) => {
    const session = sessionOf(args);
    checkSize(args);
    return unit.terminals.open(session, unit);
  },

  [TERMINAL_COMMANDS.resize]: (args, unit) => {
    const session = sessionOf(args);
    checkSize(args);
    return unit.terminals.resize(session);
  },

  [TERMINAL_COMMANDS.input]: (args, unit) => {
    const session = sessionOf(args);
    if (typeof args.data !== 'string') throw new CommandError('bad_args', 'data must be a string');
    return unit.terminals.input(session, args.data, unit);
  },

  [TERMINAL_COMMANDS.close]: (args, unit) => unit.terminals.close(sessionOf(args)),

  [TERMINAL_COMMANDS.keepalive]: (args, unit) => unit.terminals.keepalive(sessionOf(args)),
};

/** A payload's command, or why it is not one; no id means no one to answer. */
export function parseCommand(
  payload: Buffer | string,
): Command | { id: string | number | null; error: string } {
  let body: unknown;
  try {
    body = JSON.parse(payload.toString());
  } catch {
    return { id: null, error: 'bad_command' };
  }
  if (!isObject(body)) return { id: null, error: 'bad_command' };
  const { id, name, args } = body;
  const validId =
    (typeof id === 'string' && id.length > 0) || (typeof id === 'number' && Number.isFinite(id));
  if (!validId) return { id: null, error: 'bad_command' };
  if (typeof name !== 'string' || (args !== undefined && !isObject(args)))
    return { id, error: 'bad_command' };
  return { id, name, args: args ?? {} };
}

/** The reply to a payload on `down/cmd`, or null when it carries no id to answer. */
export async function answer(
  payload: Buffer | string,
  unit: CommandContext,
  commands: Readonly<Record<string, CommandHandler>> = COMMANDS,
): Promise<Reply | null> {
  const command = parseCommand(payload);
  if ('error' in command)
    return command.id === null ? null : { id: command.id, ok: false, error: command.error };
  const handler = Object.hasOwn(commands, command.name) ? commands[command.name] : undefined;
  if (!handler) return { id: command.id, ok: false, error: 'unknown_command' };
  try {
    return { id: command.id, ok: true, result: await handler(command.args, unit, command.id) };
  } catch (error) {
    if (error instanceof CommandError) {
      return { id: command.id, ok: false, error: error.code, message: error.message };
    }
    return { id: command.id, ok: false, error: 'command_failed', message: (error as Error).message };
  }
}
