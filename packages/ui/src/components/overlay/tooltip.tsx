import * as Primitive from '@radix-ui/react-tooltip';
import type { ReactElement, ReactNode } from 'react';
import { cn } from '../../cn.js';

/** Shares the hover delay between tooltips; optional, since every Tooltip brings its own. */
export const TooltipProvider = Primitive.Provider;

export interface TooltipProps {
  /** What the tooltip says; nothing is rendered around the trigger when empty. */
  content: ReactNode;
  /** The trigger: one element that accepts a ref and event handlers (e.g. a Button). */
  children: ReactElement;
  side?: 'top' | 'right' | 'bottom' | 'left';
  /** Milliseconds of hovering before it shows; focus shows it at once. */
  delay?: number;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  className?: string;
}

/**
 * A short hint on hover or keyboard focus. Radix links it to the trigger with aria-describedby,
 * so screen readers hear it too. Built-in provider: no set-up at the app root is needed.
 */
export function Tooltip({
  content,
  children,
  side = 'top',
  delay = 300,
  open,
  defaultOpen,
  onOpenChange,
  className,
}: TooltipProps) {
  if (content === null || content === undefined || content === '') return children;
  return (
    <Primitive.Provider delayDuration={delay}>
      <Primitive.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
        <Primitive.Trigger asChild>{children}</Primitive.Trigger>
        <Primitive.Portal>
          <Primitive.Content
            side={side}
            sideOffset={6}
            className={cn(
              'z-[70] max-w-64 rounded bg-black/85 px-2 py-1 text-xs text-white shadow-md',
              className,
            )}
          >
            {content}
          </Primitive.Content>
        </Primitive.Portal>
      </Primitive.Root>
    </Primitive.Provider>
  );
}
