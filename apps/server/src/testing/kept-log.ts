/** Log lines kept for a test to read: what a logger wrote, instead of standard output. */
import { Writable } from 'node:stream';
import Fastify from 'fastify';

/** A stream for a logger, and all it has been written so far. */
export function keptLines() {
  let lines = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines += chunk;
      done();
    },
  });
  return { stream, lines: () => lines };
}

/** A Fastify logger at trace level whose lines are kept. */
export function capturedLog() {
  const { stream, lines } = keptLines();
  return { log: Fastify({ logger: { level: 'trace', stream } }).log, lines };
}
