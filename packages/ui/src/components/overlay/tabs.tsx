import * as Primitive from '@radix-ui/react-tabs';
import type { ComponentProps } from 'react';
import { styled } from '../../styled.js';

/**
 * Tabs within a page. Radix gives the tablist/tab/tabpanel roles and roving focus: arrow keys
 * move between tabs and select them, Home/End jump to the ends.
 */
export type TabsProps = ComponentProps<typeof Primitive.Root>;

export const Tabs = styled(Primitive.Root, 'flex flex-col gap-4 data-[orientation=vertical]:flex-row');

export const TabsList = styled(
  Primitive.List,
  'flex gap-6 border-b border-line-soft',
  'data-[orientation=vertical]:flex-col data-[orientation=vertical]:gap-0 data-[orientation=vertical]:border-r data-[orientation=vertical]:border-b-0',
);

export const TabsTrigger = styled(
  Primitive.Trigger,
  '-mb-px inline-flex items-center gap-2 border-b-2 border-transparent px-1 py-2 text-sm text-ink-soft transition-colors',
  'hover:text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
  'data-[state=active]:border-primary data-[state=active]:font-medium data-[state=active]:text-primary',
  'disabled:cursor-not-allowed disabled:opacity-50',
  'data-[orientation=vertical]:-mr-px data-[orientation=vertical]:mb-0 data-[orientation=vertical]:border-r-2 data-[orientation=vertical]:border-b-0 data-[orientation=vertical]:px-4',
);

export const TabsContent = styled(
  Primitive.Content,
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
);
