/**
 * Activation rules that are "product flag X is 0" carry the flag, so that a plugin's manifest can
 * name it (manifest.ts) without running the rule.
 */
import type { ProductFlag } from '@vap/contracts';

const FLAG = Symbol.for('vap.productFlag');

/** Marks an activation rule as "product flag X is 0". */
export function tagProductFlag<T extends (...args: never[]) => boolean>(rule: T, flag: ProductFlag): T {
  Object.defineProperty(rule, FLAG, { value: flag });
  return rule;
}

/** The flag a rule was marked with, if any. */
export function productFlagOf(rule: unknown): ProductFlag | undefined {
  return typeof rule === 'function'
    ? (rule as unknown as Record<symbol, ProductFlag | undefined>)[FLAG]
    : undefined;
}
