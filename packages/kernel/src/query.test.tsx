import { useQuery } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { definePlugin } from './plugin.js';
import { queryClientOf } from './query.js';
import { useKernel } from './react/context.js';
import { createTestKernel, renderWithKernel, testToken } from './testing.js';

afterEach(cleanup);

const plugin = definePlugin({ id: 'probe', kernel: '^2' });

function Greeting() {
  const { http } = useKernel();
  const { data, isPending, isError, error } = useQuery({
    queryKey: ['probe', 'greeting'],
    queryFn: ({ signal }) => http.get<{ text: string }>('/v1/greeting', { signal, quiet: true }),
  });
  if (isPending) return <p>waiting</p>;
  if (isError) return <p role="alert">{error.message}</p>;
  return <p>{data.text}</p>;
}

describe('server state through the kernel’s query client', () => {
  it('a page shows its loading state, then the data its query fetched through the kernel HTTP client', async () => {
    const { api } = await renderWithKernel(<Greeting />, {
      plugins: [plugin],
      answers: { 'GET /v1/greeting': { body: { text: 'hello' } } },
    });
    expect(await screen.findByText('hello')).toBeTruthy();
    expect(api.calls.filter((call) => call.path === '/v1/greeting')).toHaveLength(1);
  });

  it('a failed query shows the server’s message, not retried', async () => {
    const { api } = await renderWithKernel(<Greeting />, {
      plugins: [plugin],
      answers: { 'GET /v1/greeting': { status: 500, body: { code: 'internal', message: 'Server error' } } },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Server error');
    expect(api.calls.filter((call) => call.path === '/v1/greeting')).toHaveLength(1);
  });

  it('is one client per kernel, emptied when another user signs in', async () => {
    const { kernel } = await createTestKernel({ plugins: [plugin] });
    const client = queryClientOf(kernel);
    expect(queryClientOf(kernel)).toBe(client);
    client.setQueryData(['probe', 'mine'], 'previous user’s data');
    await kernel.session.signIn(testToken()).catch(() => undefined);
    expect(client.getQueryData(['probe', 'mine'])).toBeUndefined();
  });
});
