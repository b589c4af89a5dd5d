/**
 * How many spreadsheet imports this server reads at once. The guarded reader bounds what one
 * import may cost (sheet-rows.ts); this bounds how many pay it together, so that many tenants
 * sending the worst accepted file at once still fit in memory: at most `server` imports run, at
 * most `company` of one company, and the rest wait their turn in order. A company may keep only a
 * few waiting, and the queue is bounded, so that one tenant cannot fill it for the others: past
 * either, 429 `import_busy`.
 */
import { ApiError } from './errors.js';

export interface ImportSlotLimits {
  /** Imports running at once on this server. */
  server: number;
  /** Imports of one company running at once. */
  company: number;
  /** Imports of one company waiting for a slot. */
  companyWaiting: number;
  /** Imports waiting for a slot, every company together. */
  waiting: number;
}

export const IMPORT_SLOTS: ImportSlotLimits = { server: 2, company: 1, companyWaiting: 2, waiting: 32 };

interface Waiter {
  companyId: number;
  start: () => void;
}

export class ImportSlots {
  private running = 0;
  private readonly runningOf = new Map<number, number>();
  private readonly queue: Waiter[] = [];

  constructor(private readonly limits: ImportSlotLimits = IMPORT_SLOTS) {}

  /** Runs an import of the company once a slot is free. */
  async run<T>(companyId: number, work: () => Promise<T>): Promise<T> {
    await this.acquire(companyId);
    try {
      return await work();
    } finally {
      this.release(companyId);
    }
  }

  private hasRoom(companyId: number): boolean {
    return this.running < this.limits.server && (this.runningOf.get(companyId) ?? 0) < this.limits.company;
  }

  private take(companyId: number): void {
    this.running++;
    this.runningOf.set(companyId, (this.runningOf.get(companyId) ?? 0) + 1);
  }

  private acquire(companyId: number): Promise<void> {
    // Waiters go first: a newcomer with room does not overtake an earlier import of its company.
    if (!this.queue.some((waiter) => waiter.companyId === companyId) && this.hasRoom(companyId)) {
      this.take(companyId);
      return Promise.resolve();
    }
    const waitingOfCompany = this.queue.filter((waiter) => waiter.companyId === companyId).length;
    if (this.queue.length >= this.limits.waiting || waitingOfCompany >= this.limits.companyWaiting)
      return Promise.reject(new ApiError(429, 'import_busy'));
    return new Promise((start) => this.queue.push({ companyId, start }));
  }

  private release(companyId: number): void {
    this.running--;
    const left = (this.runningOf.get(companyId) ?? 1) - 1;
    if (left > 0) this.runningOf.set(companyId, left);
    else this.runningOf.delete(companyId);
    // The earliest waiter whose company has room now starts; the others keep their place.
    const next = this.queue.findIndex((waiter) => this.hasRoom(waiter.companyId));
    if (next < 0) return;
    const [waiter] = this.queue.splice(next, 1);
    if (!waiter) return;
    this.take(waiter.companyId);
    waiter.start();
  }
}
