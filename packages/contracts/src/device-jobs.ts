/**
 * What the server asks of a device over MQTT for a task (spec §1 firmware upgrade, configuration,
 * white-list import; §4.3; issue 16), and the remote terminal's stream (spec §2.1 /telnet). Both
 * ride on the device's command topic, `vap/dev/{sn}/down/cmd` (`{id, name, args}`), and the answer
 * on `up/reply` (`{id, ok, result | error}`); docs/mqtt.md tells the whole exchange.
 *
 * A job is one device's part of a task. Its command's `id` is the job id, unique per attempt: a
 * device that receives a job it already knows (the server asks again after a restart, or when it
 * heard nothing for a while) does not start it again but answers how it stands — so that no device
 * is upgraded twice, whatever the server went through.
 */
import { z } from 'zod';
import { licenceSchema } from './algmall.js';

/** The commands of a task's jobs, by task type (spec §3 Task). */
export const JOB_COMMANDS = {
  firmware_upgrade: 'upgrade_firmware',
  configuration: 'apply_config',
  whitelist: 'set_whitelist',
  algorithm_licence: 'install_licence',
  hologram_scheme: 'install_scheme',
  adpkg: 'install_adpkg',
} as const;
export type JobCommand = (typeof JOB_COMMANDS)[keyof typeof JOB_COMMANDS];
/**
 * What a job does: a task type of page device_maintenance, or `algorithm_licence` — an algorithm
 * mall's authorisation travelling to its device, which the mall's pages show rather than that list —
 * or `hologram_scheme`, a hologram parking scheme published to a device (page hologram_parking), or
 * `adpkg`, an ad package published to a device (page adpkg_management).
 */
export type JobType = keyof typeof JOB_COMMANDS;

/** `upgrade_firmware`: download the package, check its md5, install it, reboot into `version`. */
export const upgradeFirmwareArgsSchema = z.object({
  url: z.url(),
  md5: z.string().regex(/^[0-9a-f]{32}$/),
  size: z.number().int().positive(),
  version: z.string().min(1),
});
export type UpgradeFirmwareArgs = z.infer<typeof upgradeFirmwareArgsSchema>;

/** `apply_config`: set these sections' fields (a device keeps the fields it is not sent). */
export const applyConfigArgsSchema = z.object({
  config: z.record(z.string(), z.record(z.string(), z.unknown())),
});
export type ApplyConfigArgs = z.infer<typeof applyConfigArgsSchema>;

/** White lists a device keeps: number plates (barrier cameras), access cards (door stations). */
export const WHITELIST_KINDS = ['plate', 'card'] as const;
export type WhitelistKind = (typeof WHITELIST_KINDS)[number];

/** `set_whitelist`: replace the device's list of this kind with these entries. */
export const setWhitelistArgsSchema = z.object({
  list: z.enum(WHITELIST_KINDS),
  entries: z.array(z.string().min(1)),
});
export type SetWhitelistArgs = z.infer<typeof setWhitelistArgsSchema>;

/**
 * `install_licence`: verify the licence's signature against the server's published key, check that
 * it names this device, and install it. `models`: the models the product runs on (none: every
 * model of its kinds) — a device of another model refuses it `unsupported_model`.
 */
export const installLicenceArgsSchema = z.object({
  licence: licenceSchema,
  models: z.array(z.string().max(32)).max(100),
});
export type InstallLicenceArgs = z.infer<typeof installLicenceArgsSchema>;

/**
 * `install_scheme`: download a hologram parking scheme's TAR file by its signed, expiring URL, check
 * its size and md5, and show it (page hologram_parking).
 */
export const installSchemeArgsSchema = z.object({
  url: z.url(),
  md5: z.string().regex(/^[0-9a-f]{32}$/),
  size: z.number().int().positive(),
  scheme_id: z.number().int().positive(),
});
export type InstallSchemeArgs = z.infer<typeof installSchemeArgsSchema>;

/**
 * `install_adpkg`: download each item of an ad package by its signed, expiring URL, check its size
 * and md5, and show the package: its top half `top_share` percent of the screen, its items in turn
 * (page adpkg_management).
 */
export const installAdpkgArgsSchema = z.object({
  package_id: z.number().int().positive(),
  top_share: z.number().int().min(0).max(100),
  items: z
    .array(
      z.object({
        type: z.enum(['image', 'video']),
        resource_name: z.string().min(1).max(64),
        url: z.url(),
        md5: z.string().regex(/^[0-9a-f]{32}$/),
        size: z.number().int().positive(),
        seconds: z.number().int().positive().nullable(),
      }),
    )
    .min(1)
    .max(100),
});
export type InstallAdpkgArgs = z.infer<typeof installAdpkgArgsSchema>;

/**
 * Where a job stands on the device: `processing` with its progress (0–100), or ended. A device
 * answers a job command at once with this (on `up/reply`, as the command's `result`), then
 * publishes each change on `up/job` as `{id, …}` — the last one `completed` or `failed`.
 */
export const jobReportSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('processing'), progress: z.number().min(0).max(100) }),
  z.object({
    state: z.literal('completed'),
    /** upgrade_firmware: `{firmware_version}`; apply_config: `{config}`; set_whitelist: `{count}`. */
    result: z.record(z.string(), z.unknown()).default({}),
  }),
  z.object({
    state: z.literal('failed'),
    /** A code: `download_failed`, `md5_mismatch`, `unsupported_model`, `busy`, `bad_args`, … */
    reason: z.string().min(1),
    message: z.string().optional(),
    /**
     * How far the job got before it failed (0–100): its last progress, which the device may not
     * have published yet (it reports progress a few times a second at most).
     */
    progress: z.number().min(0).max(100).optional(),
  }),
]);
export type JobReport = z.infer<typeof jobReportSchema>;

/** A job's report on `up/job`: the job id, and how it stands. */
export const jobMessageSchema = z.intersection(z.object({ id: z.string().min(1) }), jobReportSchema);
export type JobMessage = z.infer<typeof jobMessageSchema>;

/** The sub-topics of a device's `up` (vap/dev/{sn}/up/…) and `down` its jobs and terminal use. */
export const DEVICE_TOPICS = {
  /** down: commands, `{id, name, args}`. */
  command: 'cmd',
  /** up: answers to commands, `{id, ok, result | error}`. */
  reply: 'reply',
  /** up: a job's progress and end, `{id, state, …}`. */
  job: 'job',
  /** up: what a terminal session prints, `{session, data}`. */
  terminal: 'term',
  /** up: the device's use of cloud storage (cbs.ts `cloudUsageReportSchema`). */
  cloud: 'cloud',
} as const;

/**
 * The remote terminal (spec §2.1 /telnet): `term_open {session, cols, rows}` starts a shell, which
 * prints its banner and prompt; `term_input {session, data}` carries what the user typed (keys as
 * xterm sends them: text, `\r` for Enter, `\x7f` for Backspace, `\x03` for Ctrl-C); the shell echoes
 * and answers on `up/term` as `{session, data}` (text with `\r\n` line ends); `term_resize {session,
 * cols, rows}` tells it the window's new size (for full-screen programs); `term_close {session}`
 * ends it, and so does the shell's `exit` (it then sends `{session, data, closed: true}`).
 * `term_keepalive {session}`, every TERMINAL_KEEPALIVE_SECONDS, is answered `{alive: true}`, or
 * error `no_session` by a device that no longer has the session: each side knows the other is
 * there (terminal.ts, TERMINAL_SILENCE_SECONDS).
 */
export const TERMINAL_COMMANDS = {
  open: 'term_open',
  input: 'term_input',
  resize: 'term_resize',
  close: 'term_close',
  keepalive: 'term_keepalive',
} as const;
export const terminalOutputSchema = z.object({
  session: z.string().min(1),
  data: z.string(),
  closed: z.boolean().optional(),
});
export type TerminalOutput = z.infer<typeof terminalOutputSchema>;
