/**
 * `@vap/ui/test-cleanup`: the clean-up after every test of a package whose tests render console
 * pages, listed as a setup file (`packageTests({ setupFiles: ['@vap/ui/test-cleanup'] })`): the
 * rendered pages are unmounted, the open or queued dialogs and the shown messages dropped, the
 * stubbed globals restored and the clock made real again, so that no test sees the one before it.
 * A setup file runs before each test file; a hook registered by a shared helper module would run
 * for the first file importing it only, as the test files of a worker share their modules
 * (`isolate: false`). A test file's own `afterEach` runs before this one.
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
