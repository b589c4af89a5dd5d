import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyExport } from './lazy-export.js';

afterEach(cleanup);

const dialogs = {
  Greeting: ({ name }: { name: string }) => <p>hello {name}</p>,
  Farewell: () => <p>goodbye</p>,
  GREETING_LIMIT: 3,
};

describe('lazyExport', () => {
  it('loads the module only when first rendered, then renders the named export with its props', async () => {
    const load = vi.fn(async () => dialogs);
    const Greeting = lazyExport(load, 'Greeting');
    expect(load).not.toHaveBeenCalled();

    await act(async () => {
      render(
        <Suspense fallback={<p>loading</p>}>
          <Greeting name="Ada" />
        </Suspense>,
      );
    });

    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByText('hello Ada')).toBeTruthy();
    expect(screen.queryByText('goodbye')).toBeNull();
  });

  it('shows the Suspense fallback while the module is still loading', async () => {
    let resolve: (module: typeof dialogs) => void = () => undefined;
    const Farewell = lazyExport(() => new Promise<typeof dialogs>((done) => (resolve = done)), 'Farewell');

    render(
      <Suspense fallback={<p>loading</p>}>
        <Farewell />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();

    await act(async () => resolve(dialogs));
    expect(screen.getByText('goodbye')).toBeTruthy();
  });

  it('accepts only the names of component exports', () => {
    // @ts-expect-error GREETING_LIMIT is a number, not a component
    lazyExport(async () => dialogs, 'GREETING_LIMIT');
    // @ts-expect-error the module has no such export
    lazyExport(async () => dialogs, 'Missing');
  });
});
