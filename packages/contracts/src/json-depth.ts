/**
 * How deeply a JSON text nests, read without parsing it: JSON.parse and every recursive walk
 * after it (the text rule, zod) take a stack frame per level, and a 4,000-deep body overflowed
 * the server's stack. The API's payloads nest a few levels; a text beyond the bound is refused
 * before anything recursive reads it.
 */

/** The deepest nesting of arrays and objects the API accepts in a JSON text (a body, a list's `wheres`). */
export const JSON_MAX_DEPTH = 32;

const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Whether a JSON text nests arrays and objects no deeper than `max`: one pass over its characters,
 * brackets inside strings not counted. A text that is no JSON at all is left to the parser.
 */
export function jsonDepthWithin(text: string, max: number = JSON_MAX_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === BACKSLASH) index++;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) inString = true;
    else if (char === OPEN_ARRAY || char === OPEN_OBJECT) {
      if (++depth > max) return false;
    } else if (char === CLOSE_ARRAY || char === CLOSE_OBJECT) depth--;
  }
  return true;
}
