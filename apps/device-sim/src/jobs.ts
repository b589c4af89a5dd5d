/**
 * A unit's jobs (docs/mqtt.md, "Jobs on a simulated unit"): `upgrade_firmware`, `apply_config`,
 * `set_whitelist`, `install_licence`, `install_scheme` and `install_adpkg`, as @vap/contracts defines them. The command's id is the job id; the reply says
 * where the job stands and `up/job` carries each change, the last one `completed` or `failed`. The
 * unit remembers the jobs it was given and how each ended, as a device's flash would, across its
 * reboots: a job id it already knows — the server asks again after a restart — is answered, never
 * started again, so that no unit is upgraded twice whatever the server went through.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import {
  applyConfigArgsSchema,
  type InstallAdpkgArgs,
  type InstallLicenceArgs,
  type InstallSchemeArgs,
  installAdpkgArgsSchema,
  installLicenceArgsSchema,
  installSchemeArgsSchema,
  JOB_COMMANDS,
  type JobCommand,
  type JobMessage,
  type JobReport,
  type LicencePayload,
  setWhitelistArgsSchema,
  type UpgradeFirmwareArgs,
  upgradeFirmwareArgsSchema,
  type WhitelistKind,
} from '@vap/contracts';
import { download, JobFailure } from './download.js';
import { verifiedLicence } from './licence.js';
import type { Random } from './prng.js';

/** What the jobs change of the unit, and how their reports leave it. */
export interface JobUnit {
  readonly sn: string;
  readonly model: string;
  /** The algorithm licences it installed, by product code. */
  readonly licences: Map<string, LicencePayload>;
  /** The hologram parking schemes it shows, by scheme id: the md5 of the file it fetched. */
  readonly schemes: Map<number, string>;
  /** The ad packages it shows, by package id: the md5 of each item's file, in order. */
  readonly adPackages: Map<number, string[]>;
  /** The firmware it runs: an upgrade sets it, then reboots. */
  firmwareVersion: string;
  readonly config: Record<string, unknown>;
  /** Its white lists by kind (plates, cards). */
  readonly whitelists: Partial<Record<WhitelistKind, readonly string[]>>;
  /** Publishes on `up/job` (QoS 1): true once the broker has it, false when it cannot (offline). */
  publish(message: JobMessage): Promise<boolean>;
  /** Reboots into what was installed; `reason` goes in its offline state. */
  reboot(reason: string): void;
}

export interface JobSettings {
  /** The share of the jobs it starts that fail on purpose (`simulated_failure`), 0 to 1. */
  failureRate: number;
  /** Draws the failures, where an upgrade fails and how long applying takes: seeded, so runs repeat. */
  random: Random;
  /** How long applying a configuration or a white list takes, ms; 200 to 500, as a device's would. */
  applyMs?: readonly [min: number, max: number];
  /** How long installing a downloaded package takes before the reboot, ms; 500. */
  installMs?: number;
  /** The least time between two progress reports of a download, ms; 250 (four a second at most). */
  progressEveryMs?: number;
  /** A download that brings no byte for this long fails, ms; 30 000. */
  idleMs?: number;
  /**
   * The server's licence key (raw Ed25519, base64url, as GET /webapi/v1/algmall/licence_key gives
   * it): licences it does not verify are refused `bad_signature`; without one, every licence is
   * refused `no_licence_key`.
   */
  licenceKey?: string;
  /** It takes a licence and never answers again about it: the server's timeout, played. */
  licenceHangs?: boolean;
}

/** Job ids (and outcomes) a unit remembers: the newest, running ones always. */
export const REMEMBERED_JOBS = 100;

/** A download reports at each tenth of the package, and takes the progress up to 90; installing is 95. */
const DOWNLOADED = 90;
const INSTALLING = 95;

/** A file a job fetches: where, how large, its md5, and the name its refusals give it. */
interface FetchedFile {
  url: string;
  size: number;
  md5: string;
  name?: string;
}

const failed = (reason: string, message?: string): Extract<JobReport, { state: 'failed' }> =>
  message === undefined ? { state: 'failed', reason } : { state: 'failed', reason, message };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

type ArgsIssues = ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>;

/** A command's args schema, as zod's safeParse answers (the simulator itself does not import zod). */
interface ArgsSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: ArgsIssues } };
}

/** What zod found wrong with the args, in one line. */
function wrongArgs(issues: ArgsIssues): string {
  return issues.map((issue) => `${issue.path.map(String).join('.') || 'args'}: ${issue.message}`).join('; ');
}

export class Jobs {
  /** Each job given, oldest first, and where it stands. */
  private readonly known = new Map<string, JobReport>();
  /** Ended jobs whose last report the broker has not acknowledged on up/job yet. */
  private readonly unsent = new Set<string>();
  /** Those being published now, each with its attempt, so that a flush does not send them twice. */
  private readonly sending = new Map<string, symbol>();
  private readonly running = new Map<string, AbortController>();
  /** The upgrade under way: one at a time. */
  private upgrading: string | undefined;

  private failureRate: number;

  constructor(
    private readonly unit: JobUnit,
    private readonly settings: JobSettings,
  ) {
    this.failureRate = settings.failureRate;
  }

  /** Jobs started from now on fail at this rate, 0 to 1: a unit whose trouble mends, or begins. */
  setFailureRate(rate: number): void {
    if (!(rate >= 0 && rate <= 1)) throw new RangeError(`a failure rate is 0 to 1, not ${rate}`);
    this.failureRate = rate;
  }

  /** Where a known job stands; undefined for one the unit never got, or forgot (REMEMBERED_JOBS). */
  report(id: string): JobReport | undefined {
    return this.known.get(id);
  }

  /**
   * The answer to a job command: the report of a job it knows, else that of the job it starts.
   * Args that are not the command's, or a second upgrade, end the job `failed` at once (`bad_args`,
   * `busy`); like every end, that goes on up/job too, with the next flush().
   */
  start(name: JobCommand, id: string, args: Record<string, unknown>): JobReport {
    const known = this.known.get(id);
    if (known) return known;
    // Args that are not the command's end the job at once, whatever the command.
    const run = <T>(schema: ArgsSchema<T>, then: (parsed: T) => JobReport): JobReport => {
      const parsed = schema.safeParse(args);
      return parsed.success
        ? then(parsed.data)
        : this.end(id, failed('bad_args', wrongArgs(parsed.error.issues)));
    };
    switch (name) {
      case JOB_COMMANDS.firmware_upgrade:
        return run(upgradeFirmwareArgsSchema, (parsed) => this.upgrade(id, parsed));
      case JOB_COMMANDS.configuration:
        return run(applyConfigArgsSchema, ({ config }) =>
          this.apply(id, () => {
            for (const [section, fields] of Object.entries(config)) {
              // JSON may name a section __proto__: set, it would change the object's prototype instead.
              if (section === '__proto__') continue;
              const current = this.unit.config[section];
              this.unit.config[section] = { ...(isObject(current) ? current : {}), ...fields };
            }
            return { config: structuredClone(this.unit.config) };
          }),
        );
      case JOB_COMMANDS.algorithm_licence:
        return run(installLicenceArgsSchema, (parsed) => this.install(id, parsed));
      case JOB_COMMANDS.hologram_scheme:
        return run(installSchemeArgsSchema, (parsed) => this.showScheme(id, parsed));
      case JOB_COMMANDS.adpkg:
        return run(installAdpkgArgsSchema, (parsed) => this.showPackage(id, parsed));
      case JOB_COMMANDS.whitelist:
        return run(setWhitelistArgsSchema, ({ list, entries }) =>
          this.apply(id, () => {
            // A list, not a bag: the same plate twice is one entry.
            const unique = [...new Set(entries)];
            this.unit.whitelists[list] = unique;
            return { count: unique.length };
          }),
        );
    }
  }

  /** Publishes every ended job the broker has not acknowledged yet: after a reply, and on connecting. */
  flush(): void {
    for (const id of this.unsent) this.send(id);
  }

  /** A new connection: what was in flight on the last one may be lost, so it goes again. */
  reconnected(): void {
    this.sending.clear();
    this.flush();
  }

  /** The unit reboots or stops: each running job ends `failed` (`interrupted`), reported once back. */
  interrupt(): void {
    for (const controller of this.running.values()) {
      controller.abort(new JobFailure('interrupted', 'the unit rebooted'));
    }
  }

  private upgrade(id: string, args: UpgradeFirmwareArgs): JobReport {
    if (this.upgrading !== undefined) {
      return this.end(id, failed('busy', `upgrade ${this.upgrading} is under way`));
    }
    const failsAt = this.drawFailure() ? Math.ceil(args.size * this.settings.random.between(0.2, 0.8)) : null;
    if (failsAt === null && args.version === this.unit.firmwareVersion) {
      // Nothing to download: the unit already runs it.
      return this.end(id, { state: 'completed', result: { firmware_version: args.version } });
    }
    this.upgrading = id;
    const everyMs = this.settings.progressEveryMs ?? 250;
    return this.run(
      id,
      async (signal, abort) => {
        let tenths = 0;
        let reportedAt = 0;
        const { md5 } = await download(args.url, {
          size: args.size,
          signal,
          idleMs: this.settings.idleMs ?? 30_000,
          onBytes: (received) => {
            if (failsAt !== null && received >= failsAt) {
              abort(new JobFailure('simulated_failure', `failed after ${received} of ${args.size} bytes`));
            }
            const progress = Math.min(DOWNLOADED, Math.floor((received / args.size) * DOWNLOADED));
            const reached = Math.floor((received * 10) / args.size);
            const now = Date.now();
            // Each tenth of the package, and no more than a few a second; a re-sent job reads the rest.
            const publish = reached > tenths && now - reportedAt >= everyMs;
            if (publish) {
              tenths = reached;
              reportedAt = now;
            }
            this.progress(id, progress, publish);
          },
        });
        // The whole body came, shorter than announced: a simulated failure still has its turn.
        if (failsAt !== null) throw new JobFailure('simulated_failure', 'failed at the end of the download');
        if (md5 !== args.md5) throw new JobFailure('md5_mismatch', `md5 ${md5}, expected ${args.md5}`);
        this.progress(id, INSTALLING, true);
        await sleep(this.settings.installMs ?? 500, undefined, { signal });
        this.unit.firmwareVersion = args.version;
        return { firmware_version: args.version };
      },
      // Its completion goes out once the unit is back, on its new firmware: reconnected() sends it.
      () => this.unit.reboot('upgrade'),
    );
  }

  /**
   * A hologram parking scheme: its file fetched by the signed URL, streamed and hashed on the way,
   * its size and md5 checked (`md5_mismatch`, `size_mismatch`), then shown. A unit set to fail some
   * jobs fails it `simulated_failure` once the file has come.
   */
  private showScheme(id: string, args: InstallSchemeArgs): JobReport {
    const fails = this.drawFailure();
    return this.run(id, async (signal) => {
      const [md5 = ''] = await this.fetchFiles(
        id,
        [{ url: args.url, size: args.size, md5: args.md5 }],
        signal,
      );
      if (fails) throw new JobFailure('simulated_failure', 'the unit could not show the scheme');
      this.unit.schemes.set(args.scheme_id, md5);
      return { scheme_id: args.scheme_id, md5 };
    });
  }

  /**
   * An ad package: each item's file fetched in turn by its signed URL, streamed and hashed on the
   * way, its size and md5 checked (`md5_mismatch`, `size_mismatch`), then the package shown. A unit
   * set to fail some jobs fails it `simulated_failure` once the files have come.
   */
  private showPackage(id: string, args: InstallAdpkgArgs): JobReport {
    const fails = this.drawFailure();
    return this.run(id, async (signal) => {
      const files = args.items.map((item) => ({ ...item, name: item.resource_name }));
      const md5s = await this.fetchFiles(id, files, signal);
      if (fails) throw new JobFailure('simulated_failure', 'the unit could not show the package');
      this.unit.adPackages.set(args.package_id, md5s);
      return { package_id: args.package_id, items: md5s.length };
    });
  }

  /**
   * Files fetched in turn by their signed URLs, streamed and hashed on the way, each one's size and
   * md5 checked (`size_mismatch`, `md5_mismatch`, naming the file where it has a name); the job's
   * progress is the share of all their bytes, published no more than a few times a second.
   */
  private async fetchFiles(
    id: string,
    files: readonly FetchedFile[],
    signal: AbortSignal,
  ): Promise<string[]> {
    const everyMs = this.settings.progressEveryMs ?? 250;
    const total = files.reduce((sum, file) => sum + file.size, 0);
    let reportedAt = 0;
    let before = 0;
    const md5s: string[] = [];
    for (const file of files) {
      const { md5, bytes } = await download(file.url, {
        size: file.size,
        signal,
        idleMs: this.settings.idleMs ?? 30_000,
        onBytes: (received) => {
          const now = Date.now();
          const publish = now - reportedAt >= everyMs;
          if (publish) reportedAt = now;
          const share = (before + received) / total;
          this.progress(id, Math.min(DOWNLOADED, Math.floor(share * DOWNLOADED)), publish);
        },
      });
      const named = file.name ? `${file.name}: ` : '';
      if (bytes !== file.size)
        throw new JobFailure('size_mismatch', `${named}${bytes} bytes, expected ${file.size}`);
      if (md5 !== file.md5) throw new JobFailure('md5_mismatch', `${named}md5 ${md5}, expected ${file.md5}`);
      before += file.size;
      md5s.push(md5);
    }
    return md5s;
  }

  /**
   * A licence: checked (signature, this unit's serial, its model among the product's), then
   * installed in the time applying takes. A unit told to hang takes it and says no more.
   */
  private install(id: string, args: InstallLicenceArgs): JobReport {
    if (this.settings.licenceHangs) return this.remember(id, { state: 'processing', progress: 0 });
    const key = this.settings.licenceKey;
    if (!key) return this.end(id, failed('no_licence_key', 'the unit has no licence key'));
    const licence = verifiedLicence(args.licence, key);
    if (!licence) return this.end(id, failed('bad_signature', 'the licence is not signed by the server'));
    if (licence.sn !== this.unit.sn)
      return this.end(id, failed('wrong_device', `the licence is for ${licence.sn}`));
    if (args.models.length > 0 && !args.models.includes(this.unit.model))
      return this.end(id, failed('unsupported_model', `${this.unit.model} does not run ${licence.product}`));
    return this.apply(id, () => {
      this.unit.licences.set(licence.product, licence);
      return { product: licence.product, expires_at: licence.expires_at };
    });
  }

  /** A configuration or white-list job: `change` runs after the time a device takes to apply it. */
  private apply(id: string, change: () => Record<string, unknown>): JobReport {
    const fails = this.drawFailure();
    const [min, max] = this.settings.applyMs ?? [200, 500];
    const delayMs = Math.round(this.settings.random.between(min, max));
    return this.run(id, async (signal) => {
      await sleep(delayMs, undefined, { signal });
      if (fails) throw new JobFailure('simulated_failure', 'the unit could not apply it');
      return change();
    });
  }

  private drawFailure(): boolean {
    return this.settings.random.chance(this.failureRate);
  }

  /**
   * Starts a job's work; it ends `completed` with what the work returns, or `failed` with the
   * JobFailure it throws (or its abort's). With `reboots`, the completion is kept for the next
   * connection and the unit reboots.
   */
  private run(
    id: string,
    work: (signal: AbortSignal, abort: (why: JobFailure) => void) => Promise<Record<string, unknown>>,
    reboots?: () => void,
  ): JobReport {
    const controller = new AbortController();
    this.running.set(id, controller);
    const done = () => {
      this.running.delete(id);
      if (this.upgrading === id) this.upgrading = undefined;
    };
    work(controller.signal, (why) => controller.abort(why)).then(
      (result) => {
        done();
        this.end(id, { state: 'completed', result }, reboots === undefined);
        reboots?.();
      },
      (error: unknown) => {
        done();
        const why = controller.signal.aborted ? controller.signal.reason : error;
        const end =
          why instanceof JobFailure ? failed(why.reason, why.message) : failed('internal', String(why));
        // How far it got, which the throttled progress reports may not have said yet.
        const reached = this.known.get(id);
        const progress = reached?.state === 'processing' ? reached.progress : 0;
        this.end(id, progress > 0 ? { ...end, progress } : end, true);
      },
    );
    return this.remember(id, { state: 'processing', progress: 0 });
  }

  /** A running job's progress: always what a re-sent command reads, on up/job when `publish`. */
  private progress(id: string, progress: number, publish: boolean) {
    if (!this.running.has(id)) return;
    this.remember(id, { state: 'processing', progress });
    if (publish) void this.unit.publish({ id, state: 'processing', progress });
  }

  /** The job's end: remembered, and published now (`sendNow`) or with the next flush. */
  private end(id: string, report: JobReport, sendNow = false): JobReport {
    this.remember(id, report);
    this.unsent.add(id);
    if (sendNow) this.send(id);
    return report;
  }

  private send(id: string) {
    const report = this.known.get(id);
    if (!report || this.sending.has(id)) return;
    const attempt = Symbol(id);
    this.sending.set(id, attempt);
    void this.unit.publish({ id, ...report }).then((delivered) => {
      if (this.sending.get(id) !== attempt) return;
      this.sending.delete(id);
      if (delivered) this.unsent.delete(id);
    });
  }

  private remember(id: string, report: JobReport): JobReport {
    this.known.set(id, report);
    if (this.known.size > REMEMBERED_JOBS) {
      // The oldest that has ended goes: a running job is never forgotten.
      for (const old of this.known.keys()) {
        if (this.running.has(old)) continue;
        this.known.delete(old);
        this.unsent.delete(old);
        this.sending.delete(old);
        break;
      }
    }
    return report;
  }
}
