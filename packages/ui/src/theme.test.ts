import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { accessibleShade, applyThemeColour, CANVAS, contrast, contrastWithWhite, softFill } from './theme.js';

/** The theme colours the settings panel offers (apps/console's THEME_PRESETS), and a dark one. */
const PRESETS = ['#1890ff', '#13c2c2', '#52c41a', '#fa541c', '#722ed1', '#eb2f96', '#304156'];

/** The #rrggbb tokens of theme.css, by name (`ink-faint`, `vap-primary-text`, …). */
const tokens = new Map(
  [
    ...readFileSync(join(import.meta.dirname, 'theme.css'), 'utf8').matchAll(
      /--(?:color-)?([a-z-]+):\s*(#[0-9a-f]{6});/gi,
    ),
  ].map(([, name, value]) => [name as string, value as string]),
);
const token = (name: string) => {
  const value = tokens.get(name);
  if (!value) throw new Error(`theme.css has no colour ${name}`);
  return value;
};

describe('theme colour (spec §9)', () => {
  it('the default #1890ff is darkened just enough for legible text: 4.5:1 on the canvas and its soft fill', () => {
    expect(contrastWithWhite('#1890ff')).toBeLessThan(4.5);
    const shade = accessibleShade('#1890ff');
    expect(contrast(shade, CANVAS)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(shade, softFill('#1890ff'))).toBeGreaterThanOrEqual(4.5);
    expect(contrast(shade, CANVAS)).toBeLessThan(4.8);
    // theme.css starts with it, before the settings apply the chosen colour.
    expect(token('vap-primary')).toBe('#1890ff');
    expect(token('vap-primary-text')).toBe(shade);
  });

  it.each(PRESETS)('%s as text is legible on white, the canvas and its own soft fill', (colour) => {
    const shade = accessibleShade(colour);
    for (const background of ['#ffffff', CANVAS, softFill(colour)]) {
      expect(contrast(shade, background), `${shade} on ${background}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("theme.css's canvas and soft fill are the ones the shade is computed for", () => {
    expect(token('canvas')).toBe(CANVAS);
    const css = readFileSync(join(import.meta.dirname, 'theme.css'), 'utf8');
    expect(css).toContain('--color-primary-soft: color-mix(in srgb, var(--vap-primary) 10%, white);');
    expect(softFill('#1890ff')).toBe('#e8f4ff');
  });

  it('every text colour of theme.css is legible on every light background of it (WCAG AA 4.5:1)', () => {
    const texts = ['ink', 'ink-soft', 'ink-faint', 'danger', 'success', 'warning', 'vap-primary-text'];
    const backgrounds = ['surface', 'canvas', 'canvas-soft', 'danger-soft', 'success-soft', 'warning-soft'];
    const failing = texts.flatMap((text) =>
      backgrounds
        .map((background) => ({ text, background, ratio: contrast(token(text), token(background)) }))
        .filter(({ ratio }) => ratio < 4.5)
        .map(({ text, background, ratio }) => `${text} on ${background}: ${ratio.toFixed(2)}`),
    );
    expect(failing).toEqual([]);
    expect(contrast(token('sidebar-ink'), token('sidebar'))).toBeGreaterThanOrEqual(4.5);
    expect(contrast(token('sidebar-ink'), token('sidebar-active'))).toBeGreaterThanOrEqual(4.5);
  });

  it('a colour dark enough already stays as it is', () => {
    expect(accessibleShade('#304156')).toBe('#304156');
  });

  it('sets the chosen colour and its legible shade, and ignores what is not #rrggbb', () => {
    const element = document.createElement('div');
    applyThemeColour('#52c41a', element);
    expect(element.style.getPropertyValue('--vap-primary')).toBe('#52c41a');
    expect(contrastWithWhite(element.style.getPropertyValue('--vap-primary-text'))).toBeGreaterThanOrEqual(
      4.5,
    );
    applyThemeColour('red; background: url(x)', element);
    expect(element.style.getPropertyValue('--vap-primary')).toBe('#52c41a');
  });
});
