/**
 * A unit without a broker, for the tests that call the commands, the jobs and the shell directly:
 * what it would publish on up/job and up/term, the actions it runs after a reply, and its reboots.
 */
import { type JobMessage, jobMessageSchema, type TerminalOutput, terminalOutputSchema } from '@vap/contracts';
import { vi } from 'vitest';
import type { CommandContext } from '../commands.js';
import { type JobSettings, Jobs, type JobUnit } from '../jobs.js';
import { seededRandom } from '../prng.js';
import { Terminals } from '../shell.js';

/** What the jobs change of a unit, and what they publish (with when). */
export class FakeJobUnit implements JobUnit {
  readonly sn = '10000000011320000001';
  readonly model = 'VC-C5';
  readonly licences: JobUnit['licences'] = new Map();
  readonly schemes: JobUnit['schemes'] = new Map();
  readonly adPackages: JobUnit['adPackages'] = new Map();
  firmwareVersion = 'V5.2.0';
  readonly config: Record<string, unknown> = {};
  readonly whitelists: JobUnit['whitelists'] = {};
  /** false: off the broker, nothing can be published. */
  online = true;
  readonly sent: Array<JobMessage & { at: number }> = [];
  readonly reboots: string[] = [];

  async publish(message: JobMessage): Promise<boolean> {
    // Whatever the unit publishes is one of the contract's messages.
    jobMessageSchema.parse(message);
    if (!this.online) return false;
    this.sent.push({ ...message, at: Date.now() });
    return true;
  }

  reboot(reason: string): void {
    this.reboots.push(reason);
  }

  /** The messages of one job, without their times. */
  of(id: string): JobMessage[] {
    return this.sent.filter((message) => message.id === id).map(({ at: _, ...message }) => message);
  }
}

/** Jobs on a fake unit, quick: 5–10 ms to apply, 10 ms to install, every tenth of a download reported. */
export const jobsOf = (unit: FakeJobUnit, settings: Partial<JobSettings> = {}): Jobs =>
  new Jobs(unit, {
    failureRate: 0,
    random: seededRandom('jobs-test', 'unit'),
    applyMs: [5, 10],
    installMs: 10,
    progressEveryMs: 0,
    ...settings,
  });

export interface TestContext extends CommandContext {
  /** What afterReply() was given: the test runs them as the reply's acknowledgement would. */
  actions: Array<() => void>;
  /** What the terminal sessions printed on up/term. */
  printed: TerminalOutput[];
  jobUnit: FakeJobUnit;
}

export function commandContext(): TestContext {
  const actions: Array<() => void> = [];
  const printed: TerminalOutput[] = [];
  const jobUnit = new FakeJobUnit();
  return {
    sn: '10000000011320000001',
    kind: 'ipc',
    model: 'VC-C5',
    firmwareVersion: 'V5.3.0',
    ip: '192.168.1.20',
    uptimeSeconds: () => 42,
    config: {},
    afterReply: (action) => actions.push(action),
    reboot: vi.fn(),
    rebootMs: 5_000,
    jobs: jobsOf(jobUnit),
    terminals: new Terminals((output) => printed.push(terminalOutputSchema.parse(output))),
    actions,
    printed,
    jobUnit,
  };
}
