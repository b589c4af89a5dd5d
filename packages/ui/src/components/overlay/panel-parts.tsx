import * as Primitive from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { cn } from '../../cn.js';
import { CloseButton } from './close-button.js';

/** What a Dialog and a Drawer both show around their content: the same header, footer and close. */

/** The title and the optional description, which Radix ties to the panel as its name and description. */
export function PanelHeader({
  title,
  description,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col gap-1 border-b border-line-soft px-6 py-4 pr-14', className)}>
      <Primitive.Title className="text-base font-medium text-ink">{title}</Primitive.Title>
      {description ? (
        <Primitive.Description className="text-sm text-ink-soft">{description}</Primitive.Description>
      ) : null}
    </div>
  );
}

/** The buttons under the content, at its right; nothing without any. */
export function PanelFooter({ footer }: { footer?: ReactNode }) {
  return footer ? (
    <div className="flex justify-end gap-2 border-t border-line-soft px-6 py-3">{footer}</div>
  ) : null;
}

/** The close button at the top right; placed last in the DOM so that initial focus lands on the content. */
export function PanelClose() {
  return (
    <Primitive.Close asChild>
      <CloseButton className="absolute top-3.5 right-4" />
    </Primitive.Close>
  );
}
