import { type Kernel, KernelProvider } from '@vap/kernel';
import { DialogHost, Toaster } from '@vap/ui';
import { useMemo } from 'react';
import { RouterProvider } from 'react-router-dom';
import { createConsoleRouter } from './router.js';
import { SessionAlerts } from './shell/session-alerts.js';

export function App({ kernel }: { kernel: Kernel }) {
  const router = useMemo(() => createConsoleRouter(kernel), [kernel]);
  return (
    <KernelProvider kernel={kernel}>
      <RouterProvider router={router} />
      <SessionAlerts />
      <DialogHost />
      <Toaster />
    </KernelProvider>
  );
}
