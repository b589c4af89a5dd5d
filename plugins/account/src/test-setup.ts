/**
 * Run before each test file (vitest `setupFiles`): after every test the rendered pages are unmounted
 * and the open or queued dialogs dropped, so that no test sees the one before it.
 */
import { cleanup } from '@testing-library/react';
import { dialogs } from '@vap/ui';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  dialogs.clear();
});
