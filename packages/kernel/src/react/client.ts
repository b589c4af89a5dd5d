import type { AnyCall } from '@vap/contracts';
import { type Client, clientOf } from '../calls.js';
import { useKernel } from './context.js';

/**
 * The client of an area's declared calls, e.g. `const system = useClient(SYSTEM_CALLS)` and then
 * `system.users({ query }, { signal })`: the same object for the same kernel and area. Usable before
 * a session too (the sign-in pages): it waits for no service.
 */
export function useClient<Calls extends Readonly<Record<string, AnyCall>>>(calls: Calls): Client<Calls> {
  return clientOf(useKernel().http, calls);
}
