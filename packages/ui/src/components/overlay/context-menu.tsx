import * as Primitive from '@radix-ui/react-context-menu';
import type { ComponentProps } from 'react';
import { cn } from '../../cn.js';

/** A menu opened by right-click (or the context-menu key) on its trigger, e.g. the tab bar's tab menu. */
export const ContextMenu = Primitive.Root;
/** The area that opens the menu on right-click; renders a span unless `asChild`. */
export const ContextMenuTrigger = Primitive.Trigger;

export interface ContextMenuContentProps extends ComponentProps<typeof Primitive.Content> {
  /**
   * Exact width in px. The tab bar's menu is fixed at 105 px (spec §2.4); without it the menu
   * sizes to its items with a sensible minimum, like the dropdown menu.
   */
  width?: number;
}

export function ContextMenuContent({ className, width, style, ...props }: ContextMenuContentProps) {
  return (
    <Primitive.Portal>
      <Primitive.Content
        className={cn(
          'z-50 rounded-md border border-line-soft bg-surface p-1 shadow-md outline-none',
          width === undefined ? 'min-w-40' : 'min-w-0',
          className,
        )}
        style={width === undefined ? style : { ...style, width: `${width}px` }}
        {...props}
      />
    </Primitive.Portal>
  );
}

export interface ContextMenuItemProps extends ComponentProps<typeof Primitive.Item> {
  /** `danger` for destructive actions (close all, delete): shown in the danger colour. */
  tone?: 'default' | 'danger';
}

export function ContextMenuItem({ className, tone = 'default', ...props }: ContextMenuItemProps) {
  return (
    <Primitive.Item
      className={cn(
        'flex cursor-pointer items-center gap-2 rounded px-3 py-1.5 text-sm outline-none select-none',
        'data-[disabled]:pointer-events-none data-[disabled]:opacity-50',
        tone === 'danger'
          ? 'text-danger data-[highlighted]:bg-danger-soft'
          : 'text-ink data-[highlighted]:bg-primary-soft data-[highlighted]:text-primary',
        className,
      )}
      {...props}
    />
  );
}

export function ContextMenuSeparator({ className, ...props }: ComponentProps<typeof Primitive.Separator>) {
  return <Primitive.Separator className={cn('my-1 h-px bg-line-soft', className)} {...props} />;
}
