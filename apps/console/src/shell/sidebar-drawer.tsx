import { SIDEBAR_WIDTH_PX } from '@vap/contracts';
import { Drawer } from '@vap/ui';
import type { ReactNode } from 'react';

interface SidebarDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
}

/** Under the breakpoint: the sidebar as a drawer over the page, closing on outside click, Escape and navigation. */
export default function SidebarDrawer({ open, onOpenChange, title, children }: SidebarDrawerProps) {
  return (
    <Drawer
      open={open}
      onOpenChange={onOpenChange}
      side="left"
      width={SIDEBAR_WIDTH_PX}
      title={title}
      hideHeader
      className="border-0 bg-sidebar"
    >
      {children}
    </Drawer>
  );
}
