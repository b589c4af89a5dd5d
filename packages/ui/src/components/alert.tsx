import type { ReactNode } from 'react';
import { cn } from '../cn.js';

const tones = {
  error: 'border-danger/30 bg-danger-soft text-danger',
  warning: 'border-warning/30 bg-warning-soft text-warning',
  success: 'border-success/30 bg-success-soft text-success',
  info: 'border-primary/30 bg-primary-soft text-ink',
} as const;

export interface AlertProps {
  tone?: keyof typeof tones;
  children: ReactNode;
  className?: string;
}

/** An inline message; errors and warnings are announced to screen readers. */
export function Alert({ tone = 'info', children, className }: AlertProps) {
  return (
    <div
      role={tone === 'error' || tone === 'warning' ? 'alert' : 'status'}
      className={cn('rounded border px-3 py-2 text-sm', tones[tone], className)}
    >
      {children}
    </div>
  );
}
