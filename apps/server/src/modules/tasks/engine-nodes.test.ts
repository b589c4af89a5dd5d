/**
 * The job engine on several servers (issue 16): engines of six servers on one PostgreSQL, each on its own
 * connections, ticking at once over the same pending jobs claim each job once — FOR UPDATE SKIP
 * LOCKED — so that no device is sent its command by both.
 */
import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PasswordHasher } from '../../core/auth/passwords.js';
import { type Database, openDatabase } from '../../core/db/client.js';
import { devices } from '../../core/db/devices.js';
import { taskJobs, tasks } from '../../core/db/jobs.js';
import { seedDemo } from '../../seed.js';
import { createTestDatabase, TEST_DEMO, type TestDatabase } from '../../testing/harness.js';
import { JobEngine, type JobKind } from './engine.js';

const noop: JobKind = { command: async () => ({ name: 'noop', args: {} }) };
const KINDS = { firmware_upgrade: noop, configuration: noop, whitelist: noop };
const SILENT = { warn: () => {} };

describe.runIf(process.env.TEST_DATABASE_URL)('the job engine on two servers (issue 16)', () => {
  let test: TestDatabase;
  const connections: Database[] = [];

  beforeAll(async () => {
    test = await createTestDatabase('postgres');
    await seedDemo(test.database.db, new PasswordHasher(2), TEST_DEMO, randomBytes(32).toString('hex'));
  });
  afterAll(async () => {
    for (const connection of connections) await connection.close();
    await test.drop();
  });

  it('claims each pending job once, whichever of six engines ticking at once gets to it', async () => {
    const { db } = test.database;
    const all = await db
      .select({ id: devices.id, sn: devices.sn, companyId: devices.companyId })
      .from(devices);
    const [first] = all;
    if (!first) throw new Error('no demo devices');
    const mine = all.filter((device) => device.companyId === first.companyId);
    await db
      .update(devices)
      .set({ status: 'online' })
      .where(
        inArray(
          devices.id,
          mine.map((device) => device.id),
        ),
      );
    const [task] = await db
      .insert(tasks)
      .values({
        companyId: first.companyId,
        type: 'configuration',
        subject: 'Night',
        payload: {},
        deadlineAt: new Date(Date.now() + 3_600_000),
        deadlineHours: 1,
        timeoutMinutes: 15,
      })
      .returning();
    if (!task) throw new Error('no task');
    await db
      .insert(taskJobs)
      .values(mine.map((device) => ({ taskId: task.id, deviceId: device.id, sn: device.sn })));

    const sent: string[] = [];
    const engines = await Promise.all(
      [0, 1, 2, 3, 4, 5].map(async () => {
        const connection = await openDatabase({ engine: 'postgres', url: test.url ?? '', max: 4 });
        connections.push(connection);
        return new JobEngine(
          connection.db,
          KINDS,
          async (_sn, command) => void sent.push(command.id),
          SILENT,
        );
      }),
    );
    // Both at once, several times over: each pass claims at most a batch.
    for (let round = 0; round < 3; round++)
      await Promise.all(engines.flatMap((engine) => [engine.tick(), engine.tick()]));

    expect(sent).toHaveLength(mine.length);
    expect(new Set(sent).size).toBe(mine.length);
    const jobs = await db.select().from(taskJobs).where(eq(taskJobs.taskId, task.id));
    expect(jobs.every((job) => job.state === 'processing' && job.attempts === 1)).toBe(true);
  });
});
