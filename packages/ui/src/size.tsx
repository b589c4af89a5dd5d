/**
 * The control size of the console (spec §9: small or medium, from the `size` cookie). The shell
 * provides it once; buttons and form controls read it unless given a size of their own.
 */
import { createContext, type ReactNode, useContext } from 'react';

export type ControlSize = 'small' | 'medium';

const SizeContext = createContext<ControlSize>('medium');

export function SizeProvider({ size, children }: { size: ControlSize; children: ReactNode }) {
  return <SizeContext.Provider value={size}>{children}</SizeContext.Provider>;
}

export function useControlSize(): ControlSize {
  return useContext(SizeContext);
}

/** Height, padding and text of a one-line control (input, select trigger, date picker). */
export const controlSizeClass: Record<ControlSize, string> = {
  small: 'h-7 px-2 text-xs',
  medium: 'h-8 px-3 text-sm',
};
