/** range-parser 1.2 (the `Range` header parser of express's `send`) ships no types. */
declare module 'range-parser' {
  interface Range {
    start: number;
    end: number;
  }
  interface Ranges extends Array<Range> {
    type: string;
  }
  /** The ranges of `header` within `size` bytes; -1 unsatisfiable, -2 malformed. */
  function parseRange(size: number, header: string, options?: { combine?: boolean }): Ranges | -1 | -2;
  export = parseRange;
}
