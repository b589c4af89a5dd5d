import { Slot } from '@radix-ui/react-slot';
import { cva, type VariantProps } from 'class-variance-authority';
import type { ButtonHTMLAttributes, Ref } from 'react';
import { cn } from '../cn.js';
import { useControlSize } from '../size.js';
import { Spinner } from './spinner.js';

export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:cursor-not-allowed disabled:opacity-50',
  {
    variants: {
      variant: {
        primary: 'bg-primary text-white hover:bg-primary-hover active:bg-primary-active',
        default: 'border border-line bg-surface text-ink hover:border-primary hover:text-primary',
        danger: 'bg-danger text-white hover:opacity-90',
        ghost: 'text-ink-soft hover:bg-black/5 hover:text-ink',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      size: {
        small: 'h-7 px-3 text-xs',
        medium: 'h-8 px-4 text-sm',
        large: 'h-10 px-5 text-base',
        icon: 'h-8 w-8 p-0',
      },
    },
    defaultVariants: { variant: 'default', size: 'medium' },
  },
);

export interface ButtonProps
  extends ButtonHTMLAttributes<HTMLButtonElement>,
    VariantProps<typeof buttonVariants> {
  /** Render the child element (e.g. a link) with button styling. */
  asChild?: boolean;
  /** Shows a spinner and blocks further clicks while an action runs. */
  loading?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  className,
  variant,
  size,
  asChild,
  loading,
  disabled,
  children,
  type,
  ...props
}: ButtonProps) {
  const Component = asChild ? Slot : 'button';
  const defaultSize = useControlSize();
  return (
    <Component
      className={cn(buttonVariants({ variant, size: size ?? defaultSize }), className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...(asChild ? {} : { type: type ?? 'button' })}
      {...props}
    >
      {asChild ? (
        children
      ) : (
        <>
          {loading ? <Spinner className="h-4 w-4" /> : null}
          {children}
        </>
      )}
    </Component>
  );
}
