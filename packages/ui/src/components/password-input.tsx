import { useState } from 'react';
import { cn } from '../cn.js';
import { useUiT } from '../i18n.js';
import { Input, type InputProps } from './input.js';

export interface PasswordInputProps extends Omit<InputProps, 'type'> {
  /** Names of the reveal toggle; the design system's "Show/Hide password" by default. */
  showLabel?: string;
  hideLabel?: string;
}

/** A password input with a show/hide toggle; id and aria attributes reach the input itself. */
export function PasswordInput({ showLabel, hideLabel, className, ...props }: PasswordInputProps) {
  const t = useUiT();
  const [shown, setShown] = useState(false);
  return (
    <div className="relative">
      <Input type={shown ? 'text' : 'password'} className={cn('pr-16', className)} {...props} />
      <button
        type="button"
        aria-pressed={shown}
        className="absolute inset-y-0 right-2 my-auto h-6 rounded px-1 text-xs text-primary focus-visible:outline-2 focus-visible:outline-primary"
        onClick={() => setShown((value) => !value)}
      >
        {shown ? (hideLabel ?? t('form.hidePassword')) : (showLabel ?? t('form.showPassword'))}
      </button>
    </div>
  );
}
