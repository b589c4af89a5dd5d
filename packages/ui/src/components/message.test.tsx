import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { message, Toaster } from './message.js';

// The test files of a worker share one module graph, and with it the toasts an earlier file left.
beforeEach(() => {
  message.clear();
});

afterEach(() => {
  cleanup();
  message.clear();
  vi.useRealTimers();
});

describe('message toasts', () => {
  it('announce warnings and errors as alerts and successes as status', () => {
    render(<Toaster />);
    act(() => {
      message.warning('No access');
      message.success('Saved');
    });
    expect(screen.getByRole('alert').textContent).toBe('No access');
    expect(screen.getByRole('status').textContent).toBe('Saved');
  });

  it('disappear after their duration', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      message.error('Failed', 1000);
    });
    expect(screen.queryByRole('alert')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
