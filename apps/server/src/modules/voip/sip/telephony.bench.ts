/**
 * The SIP server under load (issue 33, `npm run bench`): 1,000 extensions register within a minute
 * (SIP.js phones over WebSocket, REGISTERs 50 at a time), then 50 calls at once through 5 call centers
 * of 12 round-robin agents each. Checked: every extension is online in what the console's status
 * lists read (its Registrations over kam_location) the moment it is accepted and stays so through the calls, every call is
 * answered, and each leaves one dial record naming its agent. Printed: registrations per second and
 * call set-up times (INVITE to 200 OK) beside Kamailio's own counters.
 */
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../testing/harness.js';
import { Registrations } from '../registrations.js';
import { kamailioBinary, startKamailio } from './kamailio.js';
import { addCallCenter, addCompany, addExtension, type TestExtension } from './test-fixtures.js';
import { startPhone, type TestPhone, useWsAsWebSocket } from './test-phones.js';

const EXTENSIONS = 1_000;
const CENTERS = 5;
const AGENTS_PER_CENTER = 12;
const CALLS = 50;
const AT_ONCE = 50;
const SIP_DOMAIN = 'sip.bench';

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function inBatches<T, R>(items: T[], size: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size) {
    results.push(...(await Promise.all(items.slice(start, start + size).map(run))));
  }
  return results;
}

describe.runIf(process.env.TEST_DATABASE_URL && kamailioBinary())('the SIP server under load', () => {
  it(`registers ${EXTENSIONS} extensions within a minute and sets up ${CALLS} call center calls at once`, async () => {
    const restoreWebSocket = useWsAsWebSocket();
    const test = await createTestDatabase('postgres');
    const sql = postgres(test.url ?? '', { max: 4, onnotice: () => {} });
    const phones: TestPhone[] = [];
    const kamailio = await startKamailio({
      databaseUrl: test.url ?? '',
      sipDomain: SIP_DOMAIN,
      children: 4,
      sharedMemoryMb: 512,
    });
    try {
      const company = await addCompany(sql, 'Bench');
      const extensions: TestExtension[] = [];
      for (let n = 0; n < EXTENSIONS; n += 1) {
        extensions.push(
          await addExtension(sql, SIP_DOMAIN, company, `ext${String(n).padStart(4, '0')}`, `pass${n}x`),
        );
      }
      const agents = extensions.slice(0, CENTERS * AGENTS_PER_CENTER);
      const callers = extensions.slice(CENTERS * AGENTS_PER_CENTER, CENTERS * AGENTS_PER_CENTER + CALLS);
      for (let center = 0; center < CENTERS; center += 1) {
        await addCallCenter(
          sql,
          company,
          { dialId: `90${center}`, strategy: 'round_robin', maxWait: 60, ringTimeout: 10 },
          agents.slice(center * AGENTS_PER_CENTER, (center + 1) * AGENTS_PER_CENTER),
        );
      }

      const started = performance.now();
      const registered = await inBatches(extensions, AT_ONCE, async (extension) => {
        const phone = await startPhone({
          wsUrl: kamailio.wsUrl,
          dialId: extension.dialId,
          domain: extension.domain,
          password: extension.password,
        });
        phones.push(phone);
        return phone.register();
      });
      const registerSeconds = (performance.now() - started) / 1000;
      expect(registered.every(Boolean)).toBe(true);
      expect(registerSeconds).toBeLessThan(60);
      // What the console's phone lists show: its own reader of the registrations, over every extension.
      const registrations = new Registrations(test.database.db, { live: true });
      const online = async () => {
        const of = await registrations.of(extensions);
        return extensions.filter((extension) => of(extension).status === 'online').length;
      };
      expect(await online()).toBe(EXTENSIONS);

      const byDialId = new Map(phones.map((phone) => [phone.dialId, phone]));
      const setups = await Promise.all(
        callers.map(async (caller, n) => {
          const phone = byDialId.get(caller.dialId) as TestPhone;
          const outcome = await phone.call(`90${n % CENTERS}`);
          return outcome;
        }),
      );
      expect(setups.map((outcome) => outcome.status)).toEqual(setups.map(() => 200));
      expect(await online()).toBe(EXTENSIONS);
      await Promise.all(callers.map((caller) => (byDialId.get(caller.dialId) as TestPhone).hangUpAll()));
      const records = await (async () => {
        const end = Date.now() + 10_000;
        for (;;) {
          const rows = await sql<{ agent: string | null; result: string }[]>`
            select agent, result from voip_dial_records where company_id = ${company}`;
          if (rows.length >= CALLS || Date.now() > end) return rows;
          await new Promise((wait) => setTimeout(wait, 200));
        }
      })();
      expect(records).toHaveLength(CALLS);
      expect(records.every((record) => record.result === 'answered' && record.agent)).toBe(true);
      // Round robin over 12 agents and 10 calls per call center: no agent took two.
      expect(new Set(records.map((record) => record.agent)).size).toBe(CALLS);

      const setupMs = setups.map((outcome) => outcome.after).sort((a, b) => a - b);
      const figures = await kamailio.statistics();
      console.info(
        [
          `SIP server: ${EXTENSIONS} registrations in ${registerSeconds.toFixed(1)} s = ${(EXTENSIONS / registerSeconds).toFixed(0)}/s (${AT_ONCE} at a time, digest challenge included)`,
          `${CALLS} call center calls at once: set-up p50 ${percentile(setupMs, 50)} ms, p99 ${percentile(setupMs, 99)} ms, max ${setupMs.at(-1)} ms`,
          `Kamailio: registered_users ${figures['usrloc:registered_users']}, accepted_regs ${figures['registrar:accepted_regs']}, rejected_regs ${figures['registrar:rejected_regs']}, ` +
            `2xx transactions ${figures['tmx:2xx_transactions']}, processed dialogs ${figures['dialog:processed_dialogs']}, ` +
            `requests received ${figures['core:rcv_requests']}, replies received ${figures['core:rcv_replies']}, stateless replies sent ${figures['sl:sent_replies']}`,
        ].join('\n'),
      );
    } catch (error) {
      console.error(kamailio.log().slice(-3000));
      throw error;
    } finally {
      await inBatches(phones, 100, (phone) => phone.stop());
      await kamailio.stop();
      await sql.end();
      await test.drop();
      restoreWebSocket();
    }
  });
});
