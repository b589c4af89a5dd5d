import { describe, expect, it } from 'vitest';
import { defineEvent, EventBus } from './events.js';

describe('the event bus', () => {
  it('delivers a kernel event to its subscribers only', () => {
    const bus = new EventBus();
    const seen: string[] = [];
    const subscription = bus.subscribe('session.expired', ({ message }) => seen.push(message));
    bus.emit('navigation.notPermitted', { name: 'x' });
    bus.emit('session.expired', { message: 'expired' });
    subscription.unsubscribe();
    bus.emit('session.expired', { message: 'after' });
    expect(seen).toEqual(['expired']);
  });

  it('delivers a plugin event declared once as a typed value, matched by its type', () => {
    const Unread = defineEvent<{ notices: number }>('notices.unread@1');
    const bus = new EventBus();
    const seen: number[] = [];
    bus.subscribe(Unread, ({ notices }) => seen.push(notices));
    // A second copy of the declaration (a bundled points module) is the same event.
    bus.emit(defineEvent<{ notices: number }>('notices.unread@1'), { notices: 3 });
    bus.emit(defineEvent<{ notices: number }>('notices.unread@2'), { notices: 9 });
    expect(seen).toEqual([3]);
  });

  it('needs an event type with its plugin and version', () => {
    expect(() => defineEvent('unread')).toThrow('Event type "unread" must look like "plugin.event@1"');
  });
});
