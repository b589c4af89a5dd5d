import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PasswordHasher } from '../../core/auth/passwords.js';
import { users } from '../../core/db/schema.js';
import { seedDemo } from '../../seed.js';
import { databasePerSuite, TEST_DEMO } from '../../testing/harness.js';
import { opsRunner } from '../../testing/ops.js';
import { scratchDir } from '../../testing/scratch-dir.js';
import { noticeCommands } from './ops.js';
import { messages, notices } from './schema.js';

describe('notice operator commands', () => {
  const database = databasePerSuite('pglite');
  const dir = scratchDir('vap-notice-ops-');
  const run = opsRunner(noticeCommands, database);

  beforeAll(async () => {
    await seedDemo(
      database().db,
      new PasswordHasher(1),
      TEST_DEMO,
      'a-test-server-secret-of-32-characters-at-least',
    );
  });

  it('notice:publish stores a sanitised notice given inline', async () => {
    const output = await run('notice:publish', [
      '--title',
      '  System upgrade  ',
      '--content',
      '<p onclick="x()">Tonight <a href="javascript:x()">here</a></p><script>x()</script>',
    ]);
    expect(output).toMatch(/^Published notice \d+ "System upgrade" at .+ to every user\.$/);
    const [row] = await database().db.select().from(notices).where(eq(notices.title, 'System upgrade'));
    expect(row?.content).toBe('<p>Tonight <a>here</a></p>');
  });

  it('notice:publish reads the body from a file', async () => {
    const file = join(dir(), 'notice.html');
    await writeFile(file, '<h2>Holiday</h2><p>Support closes at <b>18:00</b>.</p>');
    await run('notice:publish', ['--title=Holiday hours', `--file=${file}`]);
    const [row] = await database().db.select().from(notices).where(eq(notices.title, 'Holiday hours'));
    expect(row?.content).toBe('<h2>Holiday</h2><p>Support closes at <b>18:00</b>.</p>');
  });

  it('notice:publish refuses a missing title, both or neither body, unknown options and unreadable files', async () => {
    await expect(run('notice:publish', ['--content', '<p>x</p>'])).rejects.toThrow('--title is required');
    await expect(run('notice:publish', ['--title', 'x'])).rejects.toThrow(/either --content or --file/);
    await expect(run('notice:publish', ['--title', 'x', '--content', 'a', '--file', 'b'])).rejects.toThrow(
      /either --content or --file/,
    );
    await expect(run('notice:publish', ['--title', 'x', '--colour', 'red'])).rejects.toThrow(
      'Unknown option --colour',
    );
    await expect(run('notice:publish', ['--title'])).rejects.toThrow('--title needs a value');
    await expect(
      run('notice:publish', ['--title', 'x', '--file', join(dir(), 'missing.html')]),
    ).rejects.toThrow(/Cannot read .*ENOENT/);
    await expect(run('notice:publish', ['--title', 'x'.repeat(201), '--content', 'a'])).rejects.toThrow(
      /at most 200/,
    );
  });

  it('notice:list shows the notices newest first with their read counts', async () => {
    const output = await run('notice:list', []);
    const lines = output.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\d+\t\S+\t0 read\tHoliday hours$/);
    expect(lines[1]).toMatch(/\tSystem upgrade$/);
  });

  it('message:send sends one user a message, and refuses unknown users', async () => {
    const [owner] = await database()
      .db.select({ id: users.id })
      .from(users)
      .where(eq(users.phone, TEST_DEMO.account));
    const output = await run('message:send', [
      String(owner?.id),
      '--title',
      'Your verification passed',
      '--kind',
      'verification',
    ]);
    expect(output).toMatch(/^Sent message \d+ to user \d+\.$/);
    const [row] = await database()
      .db.select()
      .from(messages)
      .where(eq(messages.userId, owner?.id ?? 0));
    expect(row).toMatchObject({
      title: 'Your verification passed',
      kind: 'verification',
      state: 0,
      content: '',
    });
    await expect(run('message:send', ['999999', '--title', 'x'])).rejects.toThrow('No user 999999');
    await expect(run('message:send', ['--title', 'x'])).rejects.toThrow(/Give the user id/);
    await expect(run('message:send', ['1', '--title', 'x', '--kind', 'Bad Kind'])).rejects.toThrow(/--kind/);
  });
});
