import { describe, expect, it } from 'vitest';
import { answer, COMMANDS, CommandError, type CommandHandler } from './commands.js';
import { commandContext as unit } from './testing/context.js';

describe('the commands', () => {
  it('answers ping and get_info', async () => {
    expect(await answer('{"id":"a","name":"ping"}', unit())).toMatchObject({
      id: 'a',
      ok: true,
      result: { pong: true },
    });
    expect(await answer(JSON.stringify({ id: 1, name: 'get_info', args: {} }), unit())).toEqual({
      id: 1,
      ok: true,
      result: {
        sn: '10000000011320000001',
        kind: 'ipc',
        model: 'VC-C5',
        firmware_version: 'V5.3.0',
        uptime: 42,
        ip: '192.168.1.20',
      },
    });
  });

  it('keeps set_config in memory and echoes all of it; a null removes a key', async () => {
    const device = unit();
    await answer('{"id":1,"name":"set_config","args":{"osd":"on","fps":25}}', device);
    expect(await answer('{"id":2,"name":"set_config","args":{"fps":null,"ir":"auto"}}', device)).toEqual({
      id: 2,
      ok: true,
      result: { config: { osd: 'on', ir: 'auto' } },
    });
    expect(await answer('{"id":3,"name":"get_config"}', device)).toMatchObject({
      result: { config: { osd: 'on' } },
    });
  });

  it('reboots only once the reply is on its way', async () => {
    const device = unit();
    expect(await answer('{"id":1,"name":"reboot"}', device)).toMatchObject({
      ok: true,
      result: { rebooting: true },
    });
    expect(device.reboot).not.toHaveBeenCalled();
    for (const action of device.actions) action();
    expect(device.reboot).toHaveBeenCalledOnce();
  });

  it('refuses an unknown command, a malformed one, and does not answer one without an id', async () => {
    expect(await answer('{"id":1,"name":"self_destruct"}', unit())).toEqual({
      id: 1,
      ok: false,
      error: 'unknown_command',
    });
    // Not an own property: no prototype method passes for a command.
    expect(await answer('{"id":1,"name":"toString"}', unit())).toMatchObject({ error: 'unknown_command' });
    expect(await answer('{"id":1,"name":5}', unit())).toEqual({ id: 1, ok: false, error: 'bad_command' });
    expect(await answer('{"id":1,"name":"ping","args":[1]}', unit())).toMatchObject({ error: 'bad_command' });
    expect(await answer('{"name":"ping"}', unit())).toBeNull();
    expect(await answer('not json', unit())).toBeNull();
  });

  it('takes new commands as entries of a table', async () => {
    const upgrade: CommandHandler = (args) => {
      if (typeof args.url !== 'string') throw new CommandError('bad_args', 'url is required');
      return { accepted: true };
    };
    const table = { ...COMMANDS, upgrade };
    expect(await answer('{"id":1,"name":"upgrade","args":{"url":"x"}}', unit(), table)).toMatchObject({
      ok: true,
    });
    expect(await answer('{"id":2,"name":"upgrade"}', unit(), table)).toEqual({
      id: 2,
      ok: false,
      error: 'bad_args',
      message: 'url is required',
    });
  });
});

describe('the job and terminal commands', () => {
  it('answers a job command with its report, and puts an end known at once on up/job after the reply', async () => {
    const device = unit();
    expect(await answer('{"id":"j1","name":"set_whitelist","args":{"list":"faces"}}', device)).toMatchObject({
      id: 'j1',
      ok: true,
      result: { state: 'failed', reason: 'bad_args' },
    });
    expect(device.jobUnit.sent).toEqual([]);
    for (const action of device.actions) action();
    await expect
      .poll(() => device.jobUnit.of('j1'))
      .toEqual([
        { id: 'j1', state: 'failed', reason: 'bad_args', message: expect.stringMatching(/^list: /) },
      ]);
  });

  it('takes a numeric command id as the job id, in its text form', async () => {
    const device = unit();
    expect(
      await answer('{"id":7,"name":"apply_config","args":{"config":{"osd":{"on":true}}}}', device),
    ).toEqual({ id: 7, ok: true, result: { state: 'processing', progress: 0 } });
    await expect.poll(() => device.jobUnit.of('7').at(-1)).toMatchObject({ id: '7', state: 'completed' });
  });

  it('opens, feeds and closes a terminal session; refuses bad args and a session it does not have', async () => {
    const device = unit();
    const command = (body: object) => answer(JSON.stringify(body), device);
    expect(await command({ id: 1, name: 'term_open', args: { session: 's1', cols: 80, rows: 24 } })).toEqual({
      id: 1,
      ok: true,
      result: { opened: true },
    });
    expect(device.printed.at(-1)?.data).toMatch(/root@10000000011320000001:~# $/);
    expect(await command({ id: 2, name: 'term_input', args: { session: 's1', data: 'l' } })).toEqual({
      id: 2,
      ok: true,
      result: {},
    });
    expect(device.printed.at(-1)).toEqual({ session: 's1', data: 'l' });
    // A new window size is taken (the line-by-line shell has nothing to redraw); not a bad one.
    expect(
      await command({ id: 8, name: 'term_resize', args: { session: 's1', cols: 120, rows: 40 } }),
    ).toEqual({
      id: 8,
      ok: true,
      result: { resized: true },
    });
    expect(await command({ id: 9, name: 'term_resize', args: { session: 's1', cols: 0 } })).toMatchObject({
      error: 'bad_args',
    });
    expect(await command({ id: 10, name: 'term_resize', args: { session: 'nope', cols: 80 } })).toMatchObject(
      {
        error: 'no_session',
      },
    );
    expect(await command({ id: 3, name: 'term_close', args: { session: 's1' } })).toEqual({
      id: 3,
      ok: true,
      result: { closed: true },
    });
    expect(await command({ id: 4, name: 'term_input', args: { session: 's1', data: 'x' } })).toMatchObject({
      ok: false,
      error: 'no_session',
    });
    expect(await command({ id: 5, name: 'term_open', args: { cols: 80 } })).toMatchObject({
      error: 'bad_args',
    });
    expect(await command({ id: 6, name: 'term_open', args: { session: 's2', cols: -1 } })).toMatchObject({
      error: 'bad_args',
    });
    await command({ id: 7, name: 'term_open', args: { session: 's2' } });
    expect(await command({ id: 8, name: 'term_input', args: { session: 's2', data: 5 } })).toMatchObject({
      error: 'bad_args',
    });
  });

  it('answers a keepalive for a session it has, and no_session for one it has not (issue 28)', async () => {
    const device = unit();
    const command = (body: object) => answer(JSON.stringify(body), device);
    await command({ id: 1, name: 'term_open', args: { session: 's1' } });
    const printed = device.printed.length;
    expect(await command({ id: 2, name: 'term_keepalive', args: { session: 's1' } })).toEqual({
      id: 2,
      ok: true,
      result: { alive: true },
    });
    // Nothing is printed: the user sees no keepalive.
    expect(device.printed).toHaveLength(printed);
    expect(await command({ id: 3, name: 'term_keepalive', args: { session: 'gone' } })).toMatchObject({
      ok: false,
      error: 'no_session',
    });
    expect(await command({ id: 4, name: 'term_keepalive', args: {} })).toMatchObject({ error: 'bad_args' });
  });
});
