import * as Primitive from '@radix-ui/react-dropdown-menu';
import type { ComponentProps } from 'react';
import { cn } from '../cn.js';
import { styled } from '../styled.js';

export const DropdownMenu = Primitive.Root;
export const DropdownMenuTrigger = Primitive.Trigger;

export function DropdownMenuContent({
  className,
  sideOffset = 4,
  ...props
}: ComponentProps<typeof Primitive.Content>) {
  return (
    <Primitive.Portal>
      <Primitive.Content
        sideOffset={sideOffset}
        className={cn('z-50 min-w-40 rounded-md border border-line-soft bg-surface p-1 shadow-md', className)}
        {...props}
      />
    </Primitive.Portal>
  );
}

export const DropdownMenuItem = styled(
  Primitive.Item,
  'flex cursor-pointer items-center gap-2 rounded px-3 py-1.5 text-sm text-ink outline-none select-none',
  'data-[highlighted]:bg-primary-soft data-[highlighted]:text-primary data-[disabled]:pointer-events-none data-[disabled]:opacity-50',
);

export const DropdownMenuSeparator = styled(Primitive.Separator, 'my-1 h-px bg-line-soft');

export const DropdownMenuLabel = styled(Primitive.Label, 'px-3 py-1.5 text-xs text-ink-faint');
