import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { useKernel } from './context.js';

/** Whether the page of the tab holds unsaved work; outlives the page's effects while it is hidden. */
interface Holder {
  unsaved: boolean;
}

const LeaveGuardContext = createContext<Holder | null>(null);

/**
 * Host: wraps the kept-alive page of the tab `tabKey`, outside the `<Activity>` that hides it, so
 * what the page said about its unsaved work lasts as long as the tab does. Closing the browser
 * tab (or reloading it) while the page holds unsaved work asks the browser's own question.
 */
export function LeaveGuardScope({ tabKey, children }: { tabKey: string; children: ReactNode }) {
  const { tabs } = useKernel();
  const [holder] = useState<Holder>(() => ({ unsaved: false }));
  useEffect(() => tabs.guard(tabKey, () => holder.unsaved), [tabs, tabKey, holder]);
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!holder.unsaved) return;
      event.preventDefault();
      // Older browsers ask only when a value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [holder]);
  return <LeaveGuardContext.Provider value={holder}>{children}</LeaveGuardContext.Provider>;
}

/**
 * Page: says whether the page holds work not yet saved, so that closing or refreshing its tab and
 * signing out ask first, and so does leaving the console (spec §2.3 "state kept"; issue 32). Only a
 * kept-alive page has a tab that outlives it (`page(…, { keepAlive: true })`); elsewhere it does
 * nothing. The value is not cleared when the page is hidden: switching tabs keeps the work.
 */
export function useLeaveGuard(unsaved: boolean): void {
  const holder = useContext(LeaveGuardContext);
  useEffect(() => {
    if (holder) holder.unsaved = unsaved;
  }, [holder, unsaved]);
}
