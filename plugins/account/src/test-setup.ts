/**
 * Run before each test file (vitest `setupFiles`): after every test the rendered pages are unmounted,
 * the open or queued dialogs and the shown messages dropped, the stubbed globals restored and the
 * clock made real again (the polling tests move a fake one), so that no test sees the one before it.
 * The test files of a worker share their modules (`isolate: false`): a hook registered by a shared
 * helper module would run for the first file importing it only.
 */
import { cleanup } from '@testing-library/react';
import { dialogs, message } from '@vap/ui';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
  dialogs.clear();
  message.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
