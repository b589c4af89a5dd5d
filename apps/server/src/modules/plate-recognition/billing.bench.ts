/**
 * Plate recognition's billing under load (issue 31, `npm run bench`): 1,000 concurrent `recognize`
 * calls, signed with an access key, against the server listening on a port, the vendor's engine a
 * local far end that takes ENGINE_MS to read each image. The month already holds 9,990 per-call
 * calls: the calls must be billed exactly 1,000 times, none twice, ranks 9,991–10,990 each once, the
 * price switching from ¥0.10 to ¥0.08 at call 10,001 exactly. Printed: the latencies, and what the
 * billing adds at p99 over the engine's own time.
 */
import { Agent, createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PRS_PATHS } from '@vap/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createKey, signedHeaders } from '../../testing/access-keys.js';
import { addOwnerWithBalance, pngOf } from '../../testing/accounts.js';
import { createTestApp, ENGINES } from '../../testing/harness.js';
import { Ledger } from '../finance/index.js';
import { accountingDay } from './billing.js';
import { HttpPlateEngine } from './engines.js';
import { prsCalls, prsMonthCounters } from './schema.js';

const CALLS = 1_000;
/** How long the engine takes to read a plate, ms. */
const ENGINE_MS = 20;
const PLATE = {
  number: '粤B12345',
  type: 'small_vehicle',
  color: 'blue',
  confidence: 0.97,
  box: [
    [10, 20],
    [90, 20],
    [90, 40],
    [10, 40],
  ],
};

/** Sockets the clients share: 1,000 at once would overflow the listen backlog, not test the billing. */
const SOCKETS = 100;

/** POSTs `body` with `headers`; answers the status and the text. */
function post(agent: Agent, url: string, headers: Record<string, string>, body: string) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = httpRequest(url, { method: 'POST', headers, agent }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

describe.each(ENGINES)('plate recognition billing under 1,000 concurrent calls on %s', (engine) => {
  it('bills each call exactly once, the tier switching at call 10,001, and reports the added p99', async () => {
    const far = createServer((request, response) => {
      request.resume();
      request.on('end', () =>
        setTimeout(
          () =>
            response
              .writeHead(200, { 'content-type': 'application/json' })
              .end(JSON.stringify({ plates: [PLATE] })),
          ENGINE_MS,
        ),
      );
    });
    far.keepAliveTimeout = 120_000;
    await new Promise<void>((done) => far.listen(0, '127.0.0.1', done));
    const engineUrl = `http://127.0.0.1:${(far.address() as AddressInfo).port}/plates`;
    const t = await createTestApp(engine, { plateEngine: new HttpPlateEngine({ url: engineUrl }) });
    try {
      const account = await addOwnerWithBalance(t, 1_000_000);
      const { companyId } = account;
      await t.database.db
        .insert(prsMonthCounters)
        .values({ companyId, month: accountingDay(new Date()).month, n: 9_990 });
      const key = await createKey(t, account.headers, { operations: [`POST ${PRS_PATHS.recognize}`] });
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const url = `/webapi${PRS_PATHS.recognize}`;
      const body = JSON.stringify({ image: pngOf(640, 480).toString('base64') });

      const agent = new Agent({ keepAlive: true, maxSockets: SOCKETS });
      const started = performance.now();
      const times = await Promise.all(
        Array.from({ length: CALLS }, async () => {
          const headers = {
            ...signedHeaders(key, { method: 'POST', url, body }),
            'content-type': 'application/json',
          };
          const at = performance.now();
          const response = await post(agent, `${address}${url}`, headers, body);
          expect(response.status, response.text).toBe(200);
          return performance.now() - at;
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      agent.destroy();

      const calls = await t.database.db.select().from(prsCalls).where(eq(prsCalls.companyId, companyId));
      expect(calls).toHaveLength(CALLS);
      const ranks = calls.map((call) => call.rank ?? 0).sort((a, b) => a - b);
      expect(ranks).toEqual(Array.from({ length: CALLS }, (_, i) => 9_991 + i));
      for (const call of calls) expect(call.amount).toBe((call.rank ?? 0) <= 10_000 ? 10 : 8);
      const balance = await new Ledger(t.database.db).balance(companyId);
      expect(balance).toBe(1_000_000 - (10 * 10 + (CALLS - 10) * 8));

      const sorted = [...times].sort((a, b) => a - b);
      const p50 = percentile(sorted, 50);
      const p99 = percentile(sorted, 99);
      console.log(
        `${engine}: ${CALLS} concurrent recognize calls in ${seconds.toFixed(1)} s (${(CALLS / seconds).toFixed(0)}/s); ` +
          `latency p50 ${p50.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms; engine ${ENGINE_MS} ms a call; ` +
          `billing and the rest add ${(p99 - ENGINE_MS).toFixed(0)} ms at p99 (all ${CALLS} calls sent at once over ${SOCKETS} sockets)`,
      );
    } finally {
      await t.close();
      await new Promise((done) => far.close(done));
    }
  });
});
