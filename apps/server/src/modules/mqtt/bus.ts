/**
 * The broker's message bus when this node is alone (with REDIS_URL, mqemitter-redis is the bus).
 *
 * Aedes's own in-memory bus lets 100 messages be in flight and queues the rest. Under load that
 * queue was the broker's undoing, twice over: a queued message is handed on from the completion of
 * the one before, one stack frame deeper each, until "Maximum call stack size exceeded" killed the
 * process (moscajs/aedes#193, mcollina/mqemitter#204); and taking each from the front of a queue
 * of tens of thousands (`Array#shift`) cost 79 % of the broker's time in a profile of the
 * benchmark, while publishers filled it faster than it drained. A message is handled at once
 * instead (concurrency 0, mqemitter's own default): it goes straight to its subscribers' sockets,
 * whose buffers and TCP's flow control do the pacing.
 */
import mqemitter from 'mqemitter';

export const brokerBus = () => mqemitter({ concurrency: 0, matchEmptyLevels: true });
