/**
 * `@vap/kernel/query`: server state in pages through TanStack Query. One `QueryClient` per kernel,
 * emptied when a session ends or another user signs in (no data of the previous user survives),
 * given to the pages by `QueryProvider`, which the console's signed-in shell and the test kernels
 * render. Plugins use `useQuery`, `useMutation` and `useQueryClient` of `@tanstack/react-query`
 * directly, pass the query function's `signal` to their HTTP call (a page left cancels its
 * requests), and invalidate a list's queries after a write.
 *
 * An entry of its own: the sign-in page, which has no server state, never loads TanStack Query.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Kernel } from './kernel.js';
import { useKernel } from './react/context.js';

const clients = new WeakMap<Kernel, QueryClient>();

/** The kernel's query client, made on first use. */
export function queryClientOf(kernel: Kernel): QueryClient {
  let client = clients.get(kernel);
  if (!client) {
    const made = new QueryClient({
      defaultOptions: {
        queries: {
          // A failed call is announced by the HTTP client and retried by the user (spec §8).
          retry: false,
          // Staff switch windows often; the data they see refreshes on their own actions.
          refetchOnWindowFocus: false,
          staleTime: 10_000,
        },
        mutations: { retry: false },
      },
    });
    kernel.bus.subscribe('session.cleared', () => made.clear());
    clients.set(kernel, made);
    client = made;
  }
  return client;
}

/** Gives the pages below the kernel's query client. */
export function QueryProvider({ children }: { children: ReactNode }) {
  const kernel = useKernel();
  return <QueryClientProvider client={queryClientOf(kernel)}>{children}</QueryClientProvider>;
}
