import type { Contribution, ExtensionPoint } from '../extension-points.js';
import { useKernel, useSession } from './context.js';

/**
 * What the active plugins contributed to `point` that the signed-in user may see, in order;
 * follows the session (another user, reloaded company flags).
 */
export function useContributions<T>(point: ExtensionPoint<T>): Contribution<T>[] {
  const { registry } = useKernel();
  const { context } = useSession();
  return registry.contributions(point, context);
}
