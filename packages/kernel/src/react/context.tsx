import { createContext, type ReactNode, use, useContext, useSyncExternalStore } from 'react';
import type { Kernel } from '../kernel.js';
import type { ServiceRef } from '../services.js';
import type { SessionState } from '../session.js';
import type { TabsState } from '../tabs.js';
import { I18nProvider } from './i18n.js';

const KernelContext = createContext<Kernel | null>(null);

export function KernelProvider({ kernel, children }: { kernel: Kernel; children: ReactNode }) {
  return (
    <KernelContext.Provider value={kernel}>
      <I18nProvider i18n={kernel.i18n}>{children}</I18nProvider>
    </KernelContext.Provider>
  );
}

export function useKernel(): Kernel {
  const kernel = useContext(KernelContext);
  if (!kernel) throw new Error('useKernel must be used inside <KernelProvider>');
  return kernel;
}

/**
 * A service by its typed reference, e.g. `useService(HttpRef)`. Suspends while the container's
 * code is still loading (only possible before a session: the signed-in screens wait for it).
 */
export function useService<T>(ref: ServiceRef<T>): T {
  const { services } = useKernel();
  if (!services.loaded) use(services.load());
  return services.get(ref);
}

export function useSession(): SessionState {
  const { session } = useKernel();
  return useSyncExternalStore(session.subscribe, session.getSnapshot);
}

/** The open tabs (spec §2.4); operations are on `useKernel().tabs`. */
export function useTabs(): TabsState {
  const { tabs } = useKernel();
  return useSyncExternalStore(tabs.subscribe, tabs.getSnapshot);
}
