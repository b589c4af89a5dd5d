import './test-setup.js';
import { NTC_PATHS, POLL_INTERVAL_MS, type UnreadCounts } from '@vap/contracts';
import { createTestKernel, refusal, testToken, wheresOf } from '@vap/kernel/testing';
import { setVisibility } from '@vap/ui/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import plugin from './index.js';
import { NoticesUnread } from './points.js';
import { signedInUser } from './test-support.js';
import { UNREAD_FILTER, UnreadRef } from './unread.js';

async function start(answers = {}) {
  const { kernel, api } = await createTestKernel({
    plugins: [plugin],
    user: signedInUser(),
    answers: {
      [`GET ${NTC_PATHS.noticesCount}`]: { body: { unread: 2 } },
      [`GET ${NTC_PATHS.messagesCount}`]: { body: { count: 5 } },
      'POST /v1/pms/user/logout': { status: 204 },
      ...answers,
    },
  });
  // The first poll loads the notices' calls (index.ts): loaded here first, as that load is the
  // transform of a module, which no fake clock can hurry.
  await import('./notice-calls.js');
  // Timers are faked once the session is loaded: from here on, time moves only when the test says.
  vi.useFakeTimers();
  const unread = kernel.services.get(UnreadRef);
  const polls = () => api.calls.filter((call) => call.path === NTC_PATHS.noticesCount).length;
  return { kernel, api, unread, polls };
}

beforeEach(() => setVisibility('visible'));
afterEach(() => {
  vi.restoreAllMocks();
});

describe('unread polling (spec §7.4, §9: every 3000 ms)', () => {
  it('asks both counts at once, then every 3000 ms, the messages with the state = 0 filter', async () => {
    const { api, unread, polls } = await start();
    const stop = unread.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(polls()).toBe(1);
    expect(unread.counts).toEqual({ notices: 2, messages: 5 });
    const messageCall = api.calls.find((call) => call.path === NTC_PATHS.messagesCount);
    expect(messageCall && wheresOf(messageCall)).toEqual(UNREAD_FILTER);

    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS - 1);
    expect(polls()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(polls()).toBe(2);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3);
    expect(polls()).toBe(5);
    stop();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3);
    expect(polls()).toBe(5);
  });

  it('announces the numbers as NoticesUnread when they change', async () => {
    let unreadNotices = 2;
    const { kernel, unread } = await start({
      [`GET ${NTC_PATHS.noticesCount}`]: () => ({ body: { unread: unreadNotices } }),
    });
    const seen: UnreadCounts[] = [];
    kernel.bus.subscribe(NoticesUnread, (counts) => seen.push(counts));
    const stop = unread.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(seen).toEqual([{ notices: 2, messages: 5 }]);
    unreadNotices = 0;
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(seen).toEqual([
      { notices: 2, messages: 5 },
      { notices: 0, messages: 5 },
    ]);
    stop();
  });

  it('stops while the tab is hidden and resumes when it shows again', async () => {
    const { unread, polls } = await start();
    const stop = unread.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(polls()).toBe(1);
    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 5);
    expect(polls()).toBe(1);
    expect(unread.polling).toBe(false);
    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(polls()).toBe(2);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(polls()).toBe(3);
    stop();
  });

  it('stops on logout, forgets the numbers, and resumes for the next sign-in', async () => {
    const { kernel, unread, polls } = await start();
    const stop = unread.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(unread.counts).not.toBeNull();
    await kernel.session.logout();
    expect(unread.counts).toBeNull();
    const before = polls();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 5);
    expect(polls()).toBe(before);
    expect(unread.polling).toBe(false);

    const signIn = kernel.session.signIn(testToken());
    await vi.advanceTimersByTimeAsync(0);
    await signIn;
    await vi.advanceTimersByTimeAsync(0);
    expect(polls()).toBe(before + 1);
    expect(unread.counts).toEqual({ notices: 2, messages: 5 });
    stop();
  });

  it('only logs a failing poll: nothing is announced to the user, and polling goes on', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { kernel, unread, polls } = await start({
      [`GET ${NTC_PATHS.noticesCount}`]: refusal(500, { code: 'internal', message: 'boom' }),
      [`GET ${NTC_PATHS.messagesCount}`]: refusal(503, { code: 'service_unavailable', message: 'down' }),
    });
    const announced: unknown[] = [];
    kernel.bus.subscribe('http.error', (error) => announced.push(error));
    const stop = unread.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 2);
    expect(polls()).toBe(3);
    expect(announced).toEqual([]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(`GET ${NTC_PATHS.noticesCount} failed: boom`));
    expect(unread.counts).toBeNull();
    stop();
  });

  it('refresh asks at once, e.g. right after the user read something', async () => {
    const { unread, polls } = await start();
    const stop = unread.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    await unread.refresh();
    expect(polls()).toBe(2);
    stop();
  });
});
