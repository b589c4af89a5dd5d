import { describe, expect, it } from 'vitest';
import { cn } from './cn.js';

describe('cn', () => {
  it('joins conditional class names as clsx does', () => {
    expect(cn('a', false && 'b', null, undefined, ['c', { d: true, e: false }])).toBe('a c d');
  });

  it('lets a later utility of the same group win, the theme colours included', () => {
    expect(cn('px-2 py-1', 'px-4')).toBe('py-1 px-4');
    expect(cn('text-ink', 'text-danger')).toBe('text-danger');
    expect(cn('bg-primary hover:bg-primary-hover', 'bg-primary-soft')).toBe(
      'hover:bg-primary-hover bg-primary-soft',
    );
    expect(cn('border-line', 'border-line-soft')).toBe('border-line-soft');
  });

  it('keeps a font size and a text colour, which are different groups', () => {
    expect(cn('text-sm text-ink-soft', 'text-ink')).toBe('text-sm text-ink');
    expect(cn('text-sm', 'text-base')).toBe('text-base');
  });

  it('treats the theme’s sidebar width as a width', () => {
    expect(cn('w-16', 'w-sidebar')).toBe('w-sidebar');
    expect(cn('w-sidebar', 'w-full')).toBe('w-full');
  });

  it('keeps variants and important apart', () => {
    expect(cn('p-2 md:p-4', 'p-3')).toBe('md:p-4 p-3');
    expect(cn('data-[state=active]:text-primary', 'data-[state=active]:text-ink')).toBe(
      'data-[state=active]:text-ink',
    );
  });
});
