import { X } from 'lucide-react';
import type { ButtonHTMLAttributes, Ref } from 'react';
import { cn } from '../../cn.js';
import { useUiT } from '../../i18n.js';

export interface CloseButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  /** Overrides the translated "Close", where a plain "Close" would be ambiguous. */
  label?: string;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * The "×" in the corner of a dialog, drawer or tag. Icon-only, so its accessible name comes from
 * the ui strings. Spreads the rest so Radix `Close asChild` can attach its handlers.
 */
export function CloseButton({ label, className, ...props }: CloseButtonProps) {
  const t = useUiT();
  return (
    <button
      type="button"
      aria-label={label ?? t('overlay.close')}
      className={cn(
        'inline-flex h-7 w-7 shrink-0 items-center justify-center rounded text-ink-faint transition-colors',
        'hover:bg-black/5 hover:text-ink focus-visible:outline-2 focus-visible:outline-primary',
        className,
      )}
      {...props}
    >
      <X className="h-4 w-4" aria-hidden="true" />
    </button>
  );
}
