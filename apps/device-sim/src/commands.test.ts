import { describe, expect, it, vi } from 'vitest';
import { answer, COMMANDS, type CommandContext, CommandError, type CommandHandler } from './commands.js';

const unit = (): CommandContext & { actions: Array<() => void> } => {
  const actions: Array<() => void> = [];
  return {
    sn: '10000000011320000001',
    kind: 'ipc',
    model: 'VC-C5',
    firmwareVersion: 'V5.3.0',
    ip: '192.168.1.20',
    uptimeSeconds: () => 42,
    config: {},
    afterReply: (action) => actions.push(action),
    reboot: vi.fn(),
    rebootMs: 5_000,
    actions,
  };
};

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
