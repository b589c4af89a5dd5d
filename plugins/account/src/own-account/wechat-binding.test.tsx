import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_PATHS, SCAN_POLL_INTERVAL_MS } from '@vap/contracts';
import { callsTo, refusal } from '@vap/kernel/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from './locales/en.json';
import ProfileDialog from './profile-dialog.js';
import { renderDialog } from './test-kit.js';

const ID = '00000000-0000-4000-8000-0000000000b1';
const PAGE = `https://open.weixin.qq.com/connect/qrconnect?appid=wx1&state=${ID}#wechat_redirect`;
const created = { body: { id: ID, url: PAGE, expires_in: 120 } };

afterEach(() => {
  vi.restoreAllMocks();
});

/** Opens the bind QR code with the keyboard, and the WeChat page with a click; answers what opened. */
async function startBinding(label = en.wechat.bind) {
  const opened: unknown[][] = [];
  vi.spyOn(window, 'open').mockImplementation((...args) => {
    opened.push(args);
    return null;
  });
  (await screen.findByRole('button', { name: label })).focus();
  await userEvent.keyboard('{Enter}');
  await userEvent.click(await screen.findByRole('button', { name: en.wechat.openPage }));
  return opened;
}

describe('profile dialog: binding WeChat for scan sign-in', () => {
  it('offers nothing when the server has no binding (the development scan provider answers 404)', async () => {
    const { api } = await renderDialog(<ProfileDialog onClose={() => {}} />);
    await screen.findByLabelText('Nickname');
    await waitFor(() => expect(callsTo(api.calls, 'GET', AUTH_PATHS.scanBind)).toHaveLength(1));
    expect(screen.queryByText(en.wechat.label)).toBeNull();
    expect(screen.queryByRole('button', { name: en.wechat.bind })).toBeNull();
  });

  it('binds: opens WeChat’s page in a pop-up, polls until bound, says so and shows WeChat bound', async () => {
    // Polling runs on fake time: the clock is moved a poll interval at a time.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let bound = false;
    let polls = 0;
    const { api } = await renderDialog(<ProfileDialog onClose={() => {}} />, undefined, {
      [`GET ${AUTH_PATHS.scanBind}`]: () => ({ body: { bound } }),
      [`POST ${AUTH_PATHS.scanBind}`]: created,
      [`GET ${AUTH_PATHS.scanBindState(ID)}`]: () => {
        polls++;
        if (polls === 1) return { status: 202, body: { state: 'pending' } };
        bound = true;
        return { body: { state: 'bound' } };
      },
    });
    expect(await screen.findByText(en.wechat.notBound)).toBeTruthy();
    const opened = await startBinding();
    expect(opened[0]?.[0]).toBe(PAGE);
    await vi.advanceTimersByTimeAsync(SCAN_POLL_INTERVAL_MS);
    await waitFor(() => expect(polls).toBe(1));
    await vi.advanceTimersByTimeAsync(SCAN_POLL_INTERVAL_MS);
    expect(await screen.findByText(en.wechat.success)).toBeTruthy();
    expect(await screen.findByText(en.wechat.bound)).toBeTruthy();
    expect(screen.getByRole('button', { name: en.wechat.rebind })).toBeTruthy();
    expect(callsTo(api.calls, 'POST', AUTH_PATHS.scanBind)).toHaveLength(1);
    expect(polls).toBe(2);
  });

  it("shows the server's refusal (WeChat bound to another account) and stops polling", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let polls = 0;
    await renderDialog(<ProfileDialog onClose={() => {}} />, undefined, {
      [`GET ${AUTH_PATHS.scanBind}`]: { body: { bound: false } },
      [`POST ${AUTH_PATHS.scanBind}`]: created,
      [`GET ${AUTH_PATHS.scanBindState(ID)}`]: () => {
        polls++;
        return refusal(409, {
          code: 'scan_account_bound',
          message: 'This WeChat account is already bound to another account',
        });
      },
    });
    await startBinding();
    await vi.advanceTimersByTimeAsync(SCAN_POLL_INTERVAL_MS);
    expect(await screen.findByText('This WeChat account is already bound to another account')).toBeTruthy();
    // Three more intervals: no poll follows the refusal.
    await vi.advanceTimersByTimeAsync(SCAN_POLL_INTERVAL_MS * 3);
    expect(polls).toBe(1);
    expect(screen.getByText(en.wechat.notBound)).toBeTruthy();
  });
});
