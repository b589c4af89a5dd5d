import type { ReactNode } from 'react';
import { cn } from '../../cn.js';
import { CloseButton } from './close-button.js';

export type TagTone = 'default' | 'primary' | 'success' | 'warning' | 'danger';

const tones: Record<TagTone, string> = {
  default: 'border-line bg-canvas text-ink-soft',
  primary: 'border-primary/30 bg-primary-soft text-primary',
  success: 'border-success/30 bg-success-soft text-success',
  warning: 'border-warning/30 bg-warning-soft text-warning',
  danger: 'border-danger/30 bg-danger-soft text-danger',
};

export interface TagProps {
  tone?: TagTone;
  children: ReactNode;
  /** Shows a "×" that calls `onClose`. */
  closable?: boolean;
  onClose?: () => void;
  /** Accessible name of the "×"; defaults to the translated "Close". */
  closeLabel?: string;
  className?: string;
}

/** A small label for a status or category (device state, role, package type). */
export function Tag({ tone = 'default', children, closable, onClose, closeLabel, className }: TagProps) {
  return (
    <span
      className={cn(
        'inline-flex h-6 items-center gap-1 rounded border px-2 text-xs whitespace-nowrap',
        tones[tone],
        closable && 'pr-0.5',
        className,
      )}
    >
      {children}
      {closable ? (
        <CloseButton
          label={closeLabel}
          onClick={onClose}
          className="h-5 w-5 text-current opacity-70 hover:bg-black/5 hover:text-current hover:opacity-100 [&_svg]:h-3 [&_svg]:w-3"
        />
      ) : null}
    </span>
  );
}
