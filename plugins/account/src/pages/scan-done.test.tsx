import '../sign-in/test-support.js';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Language, SCAN_DONE_PAGE } from '@vap/contracts';
import { renderWithKernel } from '@vap/kernel/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import accountPlugin from '../index.js';
import en from '../locales/en.json';
import zhCN from '../locales/zh-CN.json';
import { consoleMessages } from '../sign-in/test-support.js';
import ScanDonePage, { SCAN_DONE_CLOSE_MS } from './scan-done.js';

afterEach(() => {
  vi.restoreAllMocks();
  Object.defineProperty(window, 'opener', { value: null, configurable: true, writable: true });
});

/** The page as the server's callback redirect opens it, in a pop-up window (an opener) or not. */
async function renderAt(query: string, { popup = true, language = 'en' as Language } = {}) {
  Object.defineProperty(window, 'opener', {
    value: popup ? window.parent : null,
    configurable: true,
    writable: true,
  });
  const close = vi.spyOn(window, 'close').mockImplementation(() => {});
  await renderWithKernel(<ScanDonePage />, {
    plugins: [accountPlugin],
    messages: consoleMessages,
    path: `/scan-done?${query}`,
    language,
  });
  return close;
}

describe('/scan-done: where the scan callback sends the messaging app’s window', () => {
  it('is the public route the server redirects to', () => {
    expect(accountPlugin.publicRoutes?.map((route) => route.path)).toContain(SCAN_DONE_PAGE);
  });

  it('says a sign-in scan is confirmed and closes its pop-up by itself', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const close = await renderAt('result=ok&state=confirmed');
    expect(await screen.findByText(en.scanDone.confirmed)).toBeTruthy();
    expect(close).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(SCAN_DONE_CLOSE_MS);
    await vi.waitFor(() => expect(close).toHaveBeenCalled());
  });

  it('says WeChat is bound, in the language of the console', async () => {
    await renderAt('result=ok&state=bound', { language: 'zh-CN' });
    expect(await screen.findByText(zhCN.scanDone.bound)).toBeTruthy();
  });

  it('shows the translated refusal and stays open until the user closes it (keyboard too)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const close = await renderAt('result=error&code=scan_not_bound');
    expect(await screen.findByText(en.scanDone.errors.scan_not_bound)).toBeTruthy();
    await vi.advanceTimersByTimeAsync(SCAN_DONE_CLOSE_MS + 200);
    expect(close).not.toHaveBeenCalled();
    screen.getByRole('button', { name: en.scanDone.close }).focus();
    await userEvent.keyboard('{Enter}');
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('names an unknown scan expired, and any other failure in general terms', async () => {
    await renderAt('result=error&code=not_found');
    expect(await screen.findByText(en.scanDone.errors.scan_expired)).toBeTruthy();
    cleanup();
    await renderAt('result=error&code=internal');
    expect(await screen.findByText(en.scanDone.failed)).toBeTruthy();
  });

  it('neither closes nor offers to close a window it did not open as a pop-up', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const close = await renderAt('result=ok', { popup: false });
    expect(await screen.findByText(en.scanDone.confirmed)).toBeTruthy();
    await vi.advanceTimersByTimeAsync(SCAN_DONE_CLOSE_MS + 200);
    expect(close).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: en.scanDone.close })).toBeNull();
  });
});
