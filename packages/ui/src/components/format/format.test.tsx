import { act, cleanup, renderHook, screen } from '@testing-library/react';
import type { Language } from '@vap/contracts';
import { I18nProvider } from '@vap/kernel/i18n';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createUiI18n, renderWithUi } from '../../test-support.js';
import { CompactNumber } from './compact-number.js';
import { NOW_TICK_MS } from './now.js';
import { RelativeTime, useRelativeTime } from './relative-time.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NOW = new Date(2025, 10, 27, 12, 0, 0).getTime();

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function relativeIn(language: Language) {
  const i18n = createUiI18n(language);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nProvider i18n={i18n}>{children}</I18nProvider>
  );
  const { result } = renderHook(() => useRelativeTime(), { wrapper });
  return (ago: number) => result.current(NOW - ago, NOW);
}

describe('useRelativeTime (spec §9 relative time, in the three languages)', () => {
  it('says just now under 30 s', () => {
    expect(relativeIn('en')(29 * SECOND)).toBe('just now');
    expect(relativeIn('zh-CN')(0)).toBe('刚刚');
    expect(relativeIn('zh-TW')(10 * SECOND)).toBe('剛剛');
  });

  it('counts whole minutes under an hour', () => {
    expect(relativeIn('en')(30 * SECOND)).toBe('1 minute ago');
    expect(relativeIn('en')(5 * MINUTE + 59 * SECOND)).toBe('5 minutes ago');
    expect(relativeIn('zh-CN')(5 * MINUTE)).toBe('5分钟前');
    expect(relativeIn('zh-TW')(5 * MINUTE)).toBe('5 分鐘前');
  });

  it('counts whole hours under 24 h', () => {
    expect(relativeIn('en')(HOUR)).toBe('1 hour ago');
    expect(relativeIn('en')(23 * HOUR)).toBe('23 hours ago');
    expect(relativeIn('zh-CN')(3 * HOUR)).toBe('3小时前');
    expect(relativeIn('zh-TW')(3 * HOUR)).toBe('3 小時前');
  });

  it('says one day ago under 48 h', () => {
    expect(relativeIn('en')(DAY)).toBe('one day ago');
    expect(relativeIn('zh-CN')(47 * HOUR)).toBe('一天前');
    expect(relativeIn('zh-TW')(47 * HOUR)).toBe('一天前');
  });

  it('shows the compact date from 48 h on, the same in every language', () => {
    const date = new Date(NOW - 3 * DAY);
    const expected = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')} 12:00`;
    for (const language of ['en', 'zh-CN', 'zh-TW'] as const)
      expect(relativeIn(language)(3 * DAY)).toBe(expected);
  });
});

describe('RelativeTime', () => {
  it('is a <time> titled with its compact date, brought up to date as time passes', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setInterval', 'clearInterval'] });
    renderWithUi(<RelativeTime value={new Date(NOW - 10 * SECOND).toISOString()} />);
    const time = screen.getByText('just now');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('title')).toBe('2025-11-27 11:59');
    expect(time.getAttribute('datetime')).toBe(new Date(NOW - 10 * SECOND).toISOString());

    await act(async () => vi.advanceTimersByTime(4 * NOW_TICK_MS));
    expect(screen.getByText('1 minute ago')).toBe(time);
    await act(async () => vi.advanceTimersByTime(HOUR));
    expect(time.textContent).toBe('1 hour ago');
  });

  it('shows its fallback, or an em dash, without an instant', () => {
    const { container } = renderWithUi(<RelativeTime value={null} fallback="Never" />);
    expect(container.textContent).toBe('Never');
    cleanup();
    expect(renderWithUi(<RelativeTime value="" />).container.textContent).toBe('—');
  });
});

describe('CompactNumber (spec §9 number helpers)', () => {
  it('shows a count with its suffix, the whole number with thousands separators in its title', () => {
    renderWithUi(<CompactNumber value={1_234_567} />);
    const count = screen.getByText('1.2M');
    expect(count.tagName).toBe('DATA');
    expect(count.getAttribute('title')).toBe('1,234,567');
    expect(count.getAttribute('value')).toBe('1234567');
  });

  it('needs no title when the short form is the whole number', () => {
    renderWithUi(<CompactNumber value={999} />);
    expect(screen.getByText('999').getAttribute('title')).toBeNull();
  });
});
