import { Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../cn.js';
import { useUiT } from '../../i18n.js';

export interface EmptyProps {
  /** Replaces the translated "No data". */
  description?: ReactNode;
  /** Replaces the default icon. */
  icon?: ReactNode;
  /** A next step, e.g. a "Create" button. */
  action?: ReactNode;
  className?: string;
}

/** What a list, table or panel shows when there is nothing in it. */
export function Empty({ description, icon, action, className }: EmptyProps) {
  const t = useUiT();
  return (
    <div className={cn('flex flex-col items-center justify-center gap-2 px-4 py-8 text-center', className)}>
      <span aria-hidden="true" className="text-ink-faint [&_svg]:h-10 [&_svg]:w-10">
        {icon ?? <Inbox strokeWidth={1.25} />}
      </span>
      <p className="text-sm text-ink-faint">{description ?? t('overlay.empty')}</p>
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}
