/**
 * The money work no request starts (issue 17): recharge orders past their payment window expire,
 * and the steps other modules add (cloud packages billed each month).
 * Every server runs it; each step is one conditional statement (or a row claimed under a lock), so
 * that several servers on one database do each piece of work once. Tests call `tick()` with the
 * clock moved instead of waiting.
 */
export interface FinanceWork {
  /** What the step is called in the log when it fails. */
  name: string;
  run(): Promise<unknown>;
}

export interface ScheduleLog {
  error(details: object, message: string): void;
}

export class FinanceSchedule {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly work: FinanceWork[],
    private readonly log: ScheduleLog,
  ) {}

  /** A step of another module (the monthly billing of cloud packages), run after the others. */
  add(step: FinanceWork): void {
    this.work.push(step);
  }

  /** Runs every step once (one run at a time: a tick during a run waits for it). */
  tick(): Promise<void> {
    this.running ??= this.runAll().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  start(intervalMs: number): void {
    this.timer ??= setInterval(() => void this.tick(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private async runAll(): Promise<void> {
    for (const step of this.work) {
      try {
        await step.run();
      } catch (error) {
        // One failing step (a lost connection) leaves the others and the next tick to run.
        this.log.error({ err: error, step: step.name }, 'finance schedule step failed');
      }
    }
  }
}
