/**
 * The broker's message bus, made safe for the stack. mqemitter hands a queued message on from the
 * completion of the one before: under load, when every listener finishes at once, each message is
 * handled one stack frame deeper than the last, until "Maximum call stack size exceeded" kills the
 * process (moscajs/aedes#193, mcollina/mqemitter#204; our benchmark met it at 25,000 msg/s).
 * Here the bus counts how deep its dispatch (`_do`) has gone without returning, and past MAX_DEPTH
 * goes on with the next message on a fresh stack (setImmediate) — holding its place in the
 * concurrency count meanwhile, so that no later message overtakes it. Below that nothing changes.
 * `_do` is mqemitter's own; bus.test.ts overflows without this and tells if it ever changes.
 */
import mqemitter from 'mqemitter';

export const MAX_DEPTH = 64;

interface Dispatching {
  current: number;
  _do(message: unknown, callback: unknown): unknown;
}

/** The bus Aedes gets: the one given (the shared Redis bus), or an in-memory one, made stack-safe. */
export function stackSafeBus<T extends object>(bus?: T): T | ReturnType<typeof mqemitter> {
  const safe = bus ?? mqemitter({ concurrency: 100, matchEmptyLevels: true });
  const dispatching = safe as unknown as Dispatching;
  const dispatch = dispatching._do;
  let depth = 0;
  dispatching._do = function (this: Dispatching, message, callback) {
    if (depth >= MAX_DEPTH) {
      this.current++;
      setImmediate(() => {
        this.current--;
        this._do(message, callback);
      });
      return this;
    }
    depth++;
    try {
      return dispatch.call(this, message, callback);
    } finally {
      depth--;
    }
  };
  return safe;
}
