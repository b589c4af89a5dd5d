import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Kernel } from '../kernel.js';
import { definePlugin, messages } from '../plugin.js';
import { createServiceRef, service } from '../services.js';
import { KernelProvider, useService } from './context.js';

afterEach(cleanup);

const Greeting = createServiceRef<{ text: string }>('test.greeting');

const plugin = definePlugin({
  id: 'greeter',
  kernel: '^2',
  services: [service(Greeting, () => ({ text: 'hello from a service' }))],
});

const noMessages = messages('translation', {
  en: async () => ({ default: {} }),
  'zh-CN': async () => ({ default: {} }),
  'zh-TW': async () => ({ default: {} }),
});

function Show() {
  return <p>{useService(Greeting).text}</p>;
}

describe('useService', () => {
  it('waits (suspends) while the service container is still loading, then renders the service', async () => {
    const kernel = await Kernel.boot({ plugins: [plugin], messages: noMessages, language: 'en' });
    expect(kernel.services.loaded).toBe(false);
    // Inside an awaited act, React retries the suspended render once the container's code is there.
    await act(async () => {
      render(
        <KernelProvider kernel={kernel}>
          <Suspense fallback={<p>loading</p>}>
            <Show />
          </Suspense>
        </KernelProvider>,
      );
      await kernel.services.load();
    });
    expect(screen.getByText('hello from a service')).toBeTruthy();
    expect(kernel.services.loaded).toBe(true);
  });
});
