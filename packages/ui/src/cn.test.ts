import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cn } from './cn.js';
import { buttonVariants } from './components/button.js';

const folder = dirname(fileURLToPath(import.meta.url));

describe('cn', () => {
  it('a later utility overrides an earlier one of the same group', () => {
    expect(cn('p-2 p-4')).toBe('p-4');
    expect(cn('h-8 w-8 h-10')).toBe('w-8 h-10');
    expect(cn('flex block')).toBe('block');
    expect(cn('absolute relative')).toBe('relative');
    expect(cn('font-medium font-semibold')).toBe('font-semibold');
    expect(cn('rounded rounded-full')).toBe('rounded-full');
    expect(cn('bg-primary bg-black/5')).toBe('bg-black/5');
    expect(cn('items-center items-start justify-center')).toBe('items-start justify-center');
    expect(cn('flex-1 flex-none flex-col')).toBe('flex-none flex-col');
    expect(cn('opacity-50 opacity-100 z-10 z-[60]')).toBe('opacity-100 z-[60]');
  });

  it('a negative value is in the group of the positive one', () => {
    expect(cn('-mb-px mb-0')).toBe('mb-0');
    expect(cn('mb-0 -mb-px')).toBe('-mb-px');
    expect(cn('-translate-x-1/2 translate-x-4')).toBe('translate-x-4');
  });

  it('variants are kept apart, and the same variants, brackets included, override', () => {
    expect(cn('bg-surface hover:bg-canvas md:bg-white')).toBe('bg-surface hover:bg-canvas md:bg-white');
    expect(cn('hover:bg-canvas hover:bg-primary-soft')).toBe('hover:bg-primary-soft');
    expect(cn('data-[state=active]:text-primary data-[state=active]:text-ink')).toBe(
      'data-[state=active]:text-ink',
    );
    expect(cn('data-[orientation=vertical]:border-r data-[orientation=vertical]:border-r-2')).toBe(
      'data-[orientation=vertical]:border-r-2',
    );
    expect(cn('[&:focus-visible>div]:outline-2 [&:focus-visible>div]:outline-0')).toBe(
      '[&:focus-visible>div]:outline-0',
    );
    expect(cn('aria-invalid:focus:ring-danger/20 aria-invalid:focus:ring-primary/20')).toBe(
      'aria-invalid:focus:ring-primary/20',
    );
    expect(cn('focus:ring-danger/20 aria-invalid:focus:ring-primary/20')).toBe(
      'focus:ring-danger/20 aria-invalid:focus:ring-primary/20',
    );
  });

  it('an important utility is kept apart from a plain one, whichever side the ! is on', () => {
    expect(cn('bg-primary-soft! bg-white')).toBe('bg-primary-soft! bg-white');
    expect(cn('!text-primary text-ink')).toBe('!text-primary text-ink');
    expect(cn('!p-2 p-4!')).toBe('p-4!');
    expect(cn('hover:p-2! hover:p-4!')).toBe('hover:p-4!');
  });

  it('a later whole (p, inset, gap, rounded, border, size, overflow) overrides its earlier parts', () => {
    expect(cn('px-2 pt-1 pe-3 p-4')).toBe('p-4');
    expect(cn('pl-2 pr-3 ps-1 py-1 px-4')).toBe('py-1 px-4');
    expect(cn('pt-1 pb-2 pl-3 py-4')).toBe('pl-3 py-4');
    expect(cn('mx-2 mt-1 m-0')).toBe('m-0');
    expect(cn('top-0 left-2 inset-x-0 inset-y-0 inset-0')).toBe('inset-0');
    expect(cn('left-2 right-0 top-0 inset-x-0')).toBe('top-0 inset-x-0');
    expect(cn('gap-x-3 gap-y-1 gap-2')).toBe('gap-2');
    expect(cn('rounded-l-md rounded-tr-lg rounded-md')).toBe('rounded-md');
    expect(cn('rounded-tl-none rounded-br-none rounded-t-md')).toBe('rounded-br-none rounded-t-md');
    expect(cn('border-b-2 border-r border-x-0 border')).toBe('border');
    expect(cn('border-l-4 border-t border-x-2')).toBe('border-t border-x-2');
    expect(cn('w-4 h-4 size-5')).toBe('size-5');
    expect(cn('overflow-x-auto overflow-y-hidden overflow-hidden')).toBe('overflow-hidden');
    expect(cn('grow shrink-0 basis-1/2 flex-1')).toBe('flex-1');
  });

  it('an earlier whole stays under a later part', () => {
    expect(cn('p-2 px-4')).toBe('p-2 px-4');
    expect(cn('px-2 pl-4')).toBe('px-2 pl-4');
    expect(cn('inset-0 top-2')).toBe('inset-0 top-2');
    expect(cn('gap-2 gap-x-4')).toBe('gap-2 gap-x-4');
    expect(cn('rounded-md rounded-t-none')).toBe('rounded-md rounded-t-none');
    expect(cn('border border-b-2')).toBe('border border-b-2');
    expect(cn('size-4 w-6')).toBe('size-4 w-6');
    expect(cn('overflow-hidden overflow-x-auto')).toBe('overflow-hidden overflow-x-auto');
  });

  it('text size, colour and alignment are separate groups', () => {
    expect(cn('text-sm text-ink-soft text-center')).toBe('text-sm text-ink-soft text-center');
    expect(cn('text-sm text-ink-soft text-center text-base text-primary text-left')).toBe(
      'text-base text-primary text-left',
    );
    expect(cn('text-xs text-2xl')).toBe('text-2xl');
    expect(cn('text-white text-sidebar-ink/70 text-current')).toBe('text-current');
    expect(cn('truncate text-ellipsis')).toBe('text-ellipsis');
    expect(cn('uppercase normal-case underline no-underline')).toBe('normal-case no-underline');
  });

  it('a text size overrides an earlier line height, as tailwind-merge does', () => {
    expect(cn('leading-none text-lg')).toBe('text-lg');
    expect(cn('text-lg leading-none')).toBe('text-lg leading-none');
  });

  it('font weight and family are separate groups', () => {
    expect(cn('font-medium font-mono font-semibold font-sans')).toBe('font-semibold font-sans');
  });

  it('border width, colour and style are separate groups, per side too', () => {
    expect(cn('border border-line border-dashed')).toBe('border border-line border-dashed');
    expect(cn('border border-line border-2 border-primary border-solid border-none')).toBe(
      'border-2 border-primary border-none',
    );
    expect(cn('border-transparent border-line-soft')).toBe('border-line-soft');
    expect(cn('border-b-2 border-b-line border-b-0 border-b-primary')).toBe('border-b-0 border-b-primary');
    expect(cn('border-r-transparent border-line')).toBe('border-line');
    expect(cn('border-line border-r-transparent')).toBe('border-line border-r-transparent');
  });

  it('ring, outline and shadow keep width, style and colour apart', () => {
    expect(cn('ring-2 ring-primary/20 ring-0 ring-danger/20')).toBe('ring-0 ring-danger/20');
    expect(cn('outline-none outline-2 outline-primary outline-offset-2')).toBe(
      'outline-none outline-2 outline-primary outline-offset-2',
    );
    expect(cn('outline-2 outline-0 outline-primary outline-ink')).toBe('outline-0 outline-ink');
    expect(cn('outline-offset-2 -outline-offset-2')).toBe('-outline-offset-2');
    expect(cn('shadow shadow-lg shadow-black/10 shadow-primary')).toBe('shadow-lg shadow-primary');
  });

  it('bg colour and bg image, size and position are separate groups', () => {
    expect(cn('bg-white bg-none bg-cover bg-center')).toBe('bg-white bg-none bg-cover bg-center');
    expect(cn('bg-[url(/logo.png)] bg-none bg-white bg-[#fafafa]')).toBe('bg-none bg-[#fafafa]');
  });

  it('an arbitrary value joins its group; for text, border and bg the brackets decide size or colour', () => {
    expect(cn('w-40 w-[210px]')).toBe('w-[210px]');
    expect(cn('w-[min(400px,calc(100vw-32px))] w-full')).toBe('w-full');
    expect(cn('max-h-80 max-h-[var(--radix-select-content-available-height)]')).toBe(
      'max-h-[var(--radix-select-content-available-height)]',
    );
    expect(cn('text-sm text-[13px]')).toBe('text-[13px]');
    expect(cn('text-sm text-[#333]')).toBe('text-sm text-[#333]');
    expect(cn('text-ink text-[#333] text-[var(--x)]')).toBe('text-[var(--x)]');
    expect(cn('text-sm text-[length:var(--x)]')).toBe('text-[length:var(--x)]');
    expect(cn('border-2 border-[3px] border-line border-[#ddd]')).toBe('border-[3px] border-[#ddd]');
    expect(cn('bg-white bg-[var(--x)]')).toBe('bg-[var(--x)]');
    expect(cn('shadow-sm shadow-[0_1px_4px_rgba(0,21,41,0.08)]')).toBe(
      'shadow-[0_1px_4px_rgba(0,21,41,0.08)]',
    );
    expect(cn('grid-cols-2 grid-cols-[auto_1fr]')).toBe('grid-cols-[auto_1fr]');
  });

  it('an arbitrary property is grouped by its property name', () => {
    expect(cn('[mask-type:luminance] [mask-type:alpha]')).toBe('[mask-type:alpha]');
    expect(cn('[mask-type:luminance] [--x:1]')).toBe('[mask-type:luminance] [--x:1]');
    expect(cn('hover:[mask-type:luminance] [mask-type:alpha]')).toBe(
      'hover:[mask-type:luminance] [mask-type:alpha]',
    );
  });

  it('a utility the table does not know only drops its exact duplicate', () => {
    expect(cn('tabular-nums slashed-zero tabular-nums')).toBe('slashed-zero tabular-nums');
    expect(cn('mix-blend-multiply mix-blend-screen')).toBe('mix-blend-multiply mix-blend-screen');
    expect(cn('text-foo text-bar')).toBe('text-foo text-bar');
    expect(cn('border-spacing-2 border-primary')).toBe('border-spacing-2 border-primary');
  });

  it('class names that are not Tailwind utilities are kept', () => {
    expect(cn('vap-foo p-2 vap-bar p-4')).toBe('vap-foo vap-bar p-4');
    expect(cn('peer group recharts-legend-wrapper')).toBe('peer group recharts-legend-wrapper');
  });

  it('joins conditional inputs with clsx before merging', () => {
    const active = true;
    const disabled = false;
    expect(
      cn('px-2 text-ink', active && 'text-primary', disabled && 'opacity-50', { 'px-4': active }, [
        undefined,
        null,
        ['font-medium'],
      ]),
    ).toBe('text-primary px-4 font-medium');
    expect(cn()).toBe('');
    expect(cn('  p-2   m-1  ')).toBe('p-2 m-1');
  });

  it('every theme colour (theme.css) reads as a colour, never as a size or width', () => {
    const css = readFileSync(join(folder, 'theme.css'), 'utf8');
    const colours = [...css.matchAll(/--color-([\w-]+):/g)].map((match) => match[1]);
    expect(colours.length).toBeGreaterThan(10);
    for (const colour of colours) {
      expect(cn(`text-sm text-ink text-${colour}`)).toBe(`text-sm text-${colour}`);
      expect(cn(`border-2 border-line border-${colour}`)).toBe(`border-2 border-${colour}`);
      expect(cn(`bg-cover bg-white bg-${colour}/60`)).toBe(`bg-cover bg-${colour}/60`);
      expect(cn(`ring-2 ring-white ring-${colour}`)).toBe(`ring-2 ring-${colour}`);
    }
  });

  it('every button variant and size keeps all of its classes', () => {
    for (const variant of ['primary', 'default', 'danger', 'ghost', 'link'] as const) {
      for (const size of ['small', 'medium', 'large', 'icon'] as const) {
        const classes = buttonVariants({ variant, size });
        expect(cn(classes)).toBe(classes);
      }
    }
  });

  it('no class string of the components drops any of its own classes', () => {
    // A base style never conflicts with itself, so every literal passed to cn() or cva() in the
    // components must come out whole.
    const directory = join(folder, 'components');
    const files = readdirSync(directory, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.tsx') && !file.includes('.test.'),
    );
    let checked = 0;
    for (const file of files) {
      const source = readFileSync(join(directory, file), 'utf8');
      for (const call of source.matchAll(/\b(?:cn|cva)\(/g)) {
        let depth = 0;
        let end = call.index + call[0].length - 1;
        for (; end < source.length; end++) {
          if (source[end] === '(') depth++;
          else if (source[end] === ')' && --depth === 0) break;
        }
        for (const [, literal = ''] of source.slice(call.index, end).matchAll(/'([^'\n]*)'/g)) {
          checked++;
          expect(cn(literal), `${file}: '${literal}'`).toBe(literal.trim().split(/\s+/).join(' '));
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});
