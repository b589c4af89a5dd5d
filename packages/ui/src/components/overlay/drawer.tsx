import * as Primitive from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { cn } from '../../cn.js';
import { CloseButton } from './close-button.js';

export interface DrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The edge it slides in from. */
  side?: 'left' | 'right';
  /** Width in px (number) or any CSS length; never wider than the screen. */
  width?: number | string;
  /** Shown in the header and used as the accessible name. */
  title: ReactNode;
  /** Hide the header visually (e.g. the narrow-screen sidebar) while keeping the accessible name. */
  hideHeader?: boolean;
  description?: ReactNode;
  footer?: ReactNode;
  children?: ReactNode;
  className?: string;
}

const sides = {
  left: 'left-0 border-r',
  right: 'right-0 border-l',
} as const;

/**
 * A side sheet over the page (settings panel, the sidebar on narrow screens). A modal dialog
 * underneath: focus trapped, Escape and the overlay close it, the close button is translated.
 */
export function Drawer({
  open,
  onOpenChange,
  side = 'right',
  width = 360,
  title,
  hideHeader = false,
  description,
  footer,
  children,
  className,
}: DrawerProps) {
  return (
    <Primitive.Root open={open} onOpenChange={onOpenChange}>
      <Primitive.Portal>
        <Primitive.Overlay className="fixed inset-0 z-50 bg-black/45" />
        <Primitive.Content
          {...(description ? {} : { 'aria-describedby': undefined })}
          data-side={side}
          style={{ width: typeof width === 'number' ? `${width}px` : width }}
          className={cn(
            'fixed inset-y-0 z-50 flex h-full max-w-full flex-col border-line-soft bg-surface shadow-lg focus:outline-none',
            sides[side],
            className,
          )}
        >
          <div
            className={cn(
              'flex flex-col gap-1 border-b border-line-soft px-6 py-4 pr-14',
              hideHeader && 'sr-only',
            )}
          >
            <Primitive.Title className="text-base font-medium text-ink">{title}</Primitive.Title>
            {description ? (
              <Primitive.Description className="text-sm text-ink-soft">{description}</Primitive.Description>
            ) : null}
          </div>
          <div className={cn('min-h-0 flex-1 overflow-y-auto text-sm text-ink', !hideHeader && 'px-6 py-4')}>
            {children}
          </div>
          {footer ? (
            <div className="flex justify-end gap-2 border-t border-line-soft px-6 py-3">{footer}</div>
          ) : null}
          {hideHeader ? null : (
            <Primitive.Close asChild>
              <CloseButton className="absolute top-3.5 right-4" />
            </Primitive.Close>
          )}
        </Primitive.Content>
      </Primitive.Portal>
    </Primitive.Root>
  );
}
