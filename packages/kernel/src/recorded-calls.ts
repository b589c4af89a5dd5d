/**
 * Reading what a page sent to the fake API of `@vap/kernel/testing`: the calls to one path, and a
 * list call's conditions and order as the server decodes them.
 */
import { decodeListParam, type Order, type Where } from '@vap/contracts';

export interface RecordedCall {
  method: string;
  /** Path below the API base, e.g. `/v1/pms/user`. */
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

/** The calls of one method and path, oldest first. */
export const callsTo = (calls: readonly RecordedCall[], method: string, path: string): RecordedCall[] =>
  calls.filter((call) => call.method === method && call.path === path);

const listParam = <T>(call: RecordedCall | undefined, name: 'wheres' | 'orders'): T[] => {
  const encoded = call?.query.get(name);
  return encoded ? (decodeListParam(encoded) as T[]) : [];
};

/** The conditions a list call sent (`wheres`); none for a call without them, or no call at all. */
export const wheresOf = (call: RecordedCall | undefined): Where[] => listParam<Where>(call, 'wheres');

/** The order a list call asked for (`orders`); none for a call without it, or no call at all. */
export const ordersOf = (call: RecordedCall | undefined): Order[] => listParam<Order>(call, 'orders');
