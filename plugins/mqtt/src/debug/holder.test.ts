import { createTestKernel } from '@vap/kernel/testing';
import { describe, expect, it, vi } from 'vitest';
import { DEBUG_TOOL_PAGE, DebugToolHolder, type TabsLike } from './holder.js';

function tabs() {
  const listeners = new Set<() => void>();
  const state = { views: [] as { name: string }[] };
  const fake: TabsLike & { show(names: string[]): void } = {
    state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    show(names) {
      state.views = names.map((name) => ({ name }));
      for (const listener of listeners) listener();
    },
  };
  return fake;
}

async function setup() {
  // The kernel's own bus.
  const { bus } = (await createTestKernel({ plugins: [] })).kernel;
  const open = tabs();
  const holder = new DebugToolHolder();
  holder.follow(bus, open);
  const dispose = vi.fn();
  const create = vi.fn(() => ({ dispose }));
  return { bus, open, holder, create, dispose };
}

describe('the debug tool holder', () => {
  it('keeps one value until dropped', async () => {
    const { holder, create, dispose } = await setup();
    const first = holder.get(create);
    expect(holder.get(create)).toBe(first);
    expect(create).toHaveBeenCalledTimes(1);
    holder.drop();
    expect(dispose).toHaveBeenCalledTimes(1);
    expect(holder.get(create)).not.toBe(first);
  });

  it('drops it when the session ends', async () => {
    const { bus, holder, create, dispose } = await setup();
    holder.get(create);
    bus.emit('session.cleared', {});
    expect(dispose).toHaveBeenCalledTimes(1);
  });

  it("drops it when the debug tool's tab is refreshed, not another's", async () => {
    const { bus, holder, create, dispose } = await setup();
    holder.get(create);
    bus.emit('tabs.refresh', { key: '/mqtt/log', name: 'mqtt_log' });
    expect(dispose).not.toHaveBeenCalled();
    bus.emit('tabs.refresh', { key: '/mqtt/debug-tool', name: DEBUG_TOOL_PAGE });
    expect(dispose).toHaveBeenCalledTimes(1);
  });

  it('drops it when its open tab is closed; tabs never opened change nothing', async () => {
    const { open, holder, create, dispose } = await setup();
    holder.get(create);
    open.show(['dashboard']);
    expect(dispose).not.toHaveBeenCalled();
    open.show(['dashboard', DEBUG_TOOL_PAGE]);
    open.show(['dashboard', DEBUG_TOOL_PAGE, 'mqtt_log']);
    expect(dispose).not.toHaveBeenCalled();
    open.show(['dashboard', 'mqtt_log']);
    expect(dispose).toHaveBeenCalledTimes(1);
  });
});
