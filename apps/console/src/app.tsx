import { type Kernel, KernelProvider } from '@vap/kernel/host';
import { BrowserRouter } from 'react-router';
import { Overlays } from './overlays.js';
import { ConsoleRoutes } from './router.js';

export function App({ kernel }: { kernel: Kernel }) {
  return (
    <KernelProvider kernel={kernel}>
      <BrowserRouter>
        <ConsoleRoutes kernel={kernel} />
      </BrowserRouter>
      <Overlays />
    </KernelProvider>
  );
}
