import type { InputHTMLAttributes, Ref } from 'react';
import { cn } from '../cn.js';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
}

export function Input({ className, ...props }: InputProps) {
  return (
    <input
      className={cn(
        'h-8 w-full rounded border border-line bg-surface px-3 text-sm text-ink placeholder:text-ink-faint',
        'hover:border-primary focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/20',
        'disabled:cursor-not-allowed disabled:bg-canvas disabled:text-ink-faint',
        'aria-invalid:border-danger aria-invalid:focus:ring-danger/20',
        className,
      )}
      {...props}
    />
  );
}
