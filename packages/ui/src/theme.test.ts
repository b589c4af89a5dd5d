import { describe, expect, it } from 'vitest';
import { accessibleShade, applyThemeColour, contrastWithWhite } from './theme.js';

describe('theme colour (spec §9)', () => {
  it('the default #1890ff is darkened just enough for legible text: 4.5:1 with white', () => {
    expect(contrastWithWhite('#1890ff')).toBeLessThan(4.5);
    const shade = accessibleShade('#1890ff');
    expect(contrastWithWhite(shade)).toBeGreaterThanOrEqual(4.5);
    expect(contrastWithWhite(shade)).toBeLessThan(4.8);
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
