import { type ClassValue, clsx } from 'clsx';
import { extendTailwindMerge } from 'tailwind-merge';

/**
 * tailwind-merge knows Tailwind's own scales; the theme's colours (any name) it reads already, and
 * the one non-colour token of theme.css, the `sidebar` width, is taught here so that it replaces
 * another width instead of standing beside it.
 */
const merge = extendTailwindMerge({
  extend: { classGroups: { w: [{ w: ['sidebar'] }] } },
});

/** Joins class names (clsx), letting later Tailwind utilities override earlier ones (tailwind-merge). */
export function cn(...inputs: ClassValue[]): string {
  return merge(clsx(inputs));
}
