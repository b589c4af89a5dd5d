/**
 * The encoding of a list query's `wheres` and `orders` (spec §7): base64 of their JSON list. Free
 * of zod, so that the console's request layer can encode without carrying the schemas.
 */
import { jsonDepthWithin } from './json-depth.js';

/** Base64 of the UTF-8 JSON of a list (spec §7 `wheres`). */
export function encodeListParam(list: readonly unknown[]): string {
  const bytes = new TextEncoder().encode(JSON.stringify(list));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The list behind an `encodeListParam` value; throws on anything that is not one. */
export function decodeListParam(encoded: string): unknown[] {
  const binary = atob(encoded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  if (!jsonDepthWithin(text)) throw new Error('nested too deeply');
  const parsed: unknown = JSON.parse(text);
  if (!Array.isArray(parsed)) throw new Error('not a list');
  return parsed;
}

/**
 * Filters and a sort as a call's own query takes them (an export's, a count's): their encoded text,
 * each left out when empty, as a list query sends them.
 */
export function listParams(
  wheres: readonly unknown[],
  orders: readonly unknown[] = [],
): { wheres?: string; orders?: string } {
  return {
    ...(wheres.length > 0 ? { wheres: encodeListParam(wheres) } : {}),
    ...(orders.length > 0 ? { orders: encodeListParam(orders) } : {}),
  };
}
