/**
 * The rule every text the API takes obeys, whatever field it fills: no NUL character and no lone
 * UTF-16 surrogate. Neither is ever meaningful text, and PostgreSQL stores neither: `text` refuses
 * NUL, and `jsonb` (the audit log's before and after) refuses the `\ud800` escape JSON writes for a
 * lone surrogate, while a `text` column would silently store U+FFFD instead. Both used to surface
 * as a 500 from the database (issue 13 §5, issue 19 §4).
 *
 * It is kept here, once, rather than on each field's schema, so that no field can forget it: the
 * server applies it to every request's query, path and JSON body before any schema sees them
 * (apps/server/src/core/http/text-input.ts), and `checkWheres` to a list's decoded filters.
 * Free of zod, like checks.ts.
 */

/** What is wrong with a text; each has a message under `errors.<fault>` in the server's locales. */
export type TextFault = 'nul_character' | 'lone_surrogate';

// With the u flag a well-formed surrogate pair is one code point (not in Cs); only a lone half is.
const LONE_SURROGATE = /\p{Cs}/u;

/** What is wrong with one string, if anything. */
export function textFaultOf(text: string): TextFault | undefined {
  if (text.includes('\u0000')) return 'nul_character';
  if (LONE_SURROGATE.test(text)) return 'lone_surrogate';
  return undefined;
}

/**
 * The first fault in any string of a parsed JSON value or query string, keys included. Bytes (an
 * upload) and other objects that are not plain data are not text and are left alone.
 */
export function textFaultIn(value: unknown): TextFault | undefined {
  if (typeof value === 'string') return textFaultOf(value);
  if (Array.isArray(value)) {
    for (const item of value) {
      const fault = textFaultIn(item);
      if (fault) return fault;
    }
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  // Plain objects, or a query parser's prototype-less ones.
  const prototype = Object.getPrototypeOf(value);
  const plain =
    prototype === Object.prototype || prototype === null || Object.getPrototypeOf(prototype) === null;
  if (!plain) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const fault = textFaultOf(key) ?? textFaultIn(inner);
    if (fault) return fault;
  }
  return undefined;
}
