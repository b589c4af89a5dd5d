/**
 * The first screen renders in one go once its code and strings are there. A screen that suspends
 * first shows a loading state, which React then keeps for at least 300 ms before revealing the
 * screen (its Suspense throttle): most of the time to an interactive sign-in form, and to the
 * dashboard after signing in, was that wait. The order of the tests matters: each is the first
 * to render its screen in this file, so that no earlier test has loaded its code.
 */
import { render, screen } from '@testing-library/react';
import { KernelProvider } from '@vap/kernel/host';
import { createTestKernel } from '@vap/kernel/testing';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { sharedMessages } from './messages.js';
import { loadConsolePlugins } from './plugins.js';
import { preparePublicPage } from './public-page.js';
import { ConsoleRoutes } from './router.js';
import { renderConsole } from './test-support.js';

/**
 * Counts the loading states (spinners) put on screen from now on, each a new element. Records
 * arrive after the fact, so a test's container, appended to the body, is not looked into: what it
 * holds by then was rendered later, and counts when it was added.
 */
function countLoadingStates() {
  const shown = { count: 0 };
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.target === document.body) continue;
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        // A loading state is a spinner, or an element around one; a screen holding one deep inside
        // (a card loading its figures) is not.
        const spinner = node.matches('span[role="status"]') ? node : node.firstElementChild;
        if (spinner?.matches('span[role="status"]')) shown.count += 1;
      }
    }
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return { shown, stop: () => observer.disconnect() };
}

describe('the first screen (issue 12 §2: time to interactive)', () => {
  it('a public page prepared before the first render shows at once, with no loading state', async () => {
    const plugins = await loadConsolePlugins();
    const { kernel } = await createTestKernel({ plugins, messages: sharedMessages });
    await preparePublicPage(plugins, '/login', kernel.i18n.language, Promise.resolve(kernel));
    const loading = countLoadingStates();
    render(
      <KernelProvider kernel={kernel}>
        <MemoryRouter initialEntries={['/login']}>
          <ConsoleRoutes kernel={kernel} />
        </MemoryRouter>
      </KernelProvider>,
    );
    // In the first commit, not found later.
    expect(screen.getByRole('form', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Phone or email' })).toBeTruthy();
    loading.stop();
    expect(loading.shown.count).toBe(0);
  });

  it('signed in, the shell replaces the session loading state in one go: no second loading state', async () => {
    const loading = countLoadingStates();
    await renderConsole('/dashboard');
    await screen.findByRole('heading', { name: 'Welcome back, 演示管理员' });
    loading.stop();
    // The session gate's loading state only; the shell, its page, top bar items and strings came
    // ready, so neither the shell's nor the page's own loading state showed.
    expect(loading.shown.count).toBe(1);
  });
});
