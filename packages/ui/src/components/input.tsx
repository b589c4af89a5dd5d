import type { InputHTMLAttributes, Ref } from 'react';
import { cn } from '../cn.js';
import { controlSizeClass, useControlSize } from '../size.js';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
}

export function Input({ className, ...props }: InputProps) {
  const size = useControlSize();
  return (
    <input
      className={cn(
        controlSizeClass[size],
        'w-full rounded border border-line bg-surface text-ink placeholder:text-ink-faint',
        'hover:border-primary focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/20',
        'disabled:cursor-not-allowed disabled:bg-canvas disabled:text-ink-faint',
        'aria-invalid:border-danger aria-invalid:focus:ring-danger/20',
        className,
      )}
      {...props}
    />
  );
}
