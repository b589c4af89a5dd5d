import { describe, expect, it } from 'vitest';
import { satisfies } from './semver.js';

describe('plugin kernel ranges', () => {
  it('caret ranges stay within the major version', () => {
    expect(satisfies('1.4.2', '^1')).toBe(true);
    expect(satisfies('1.4.2', '^1.2')).toBe(true);
    expect(satisfies('1.1.0', '^1.2')).toBe(false);
    expect(satisfies('2.0.0', '^1')).toBe(false);
    expect(satisfies('0.3.1', '^0.3')).toBe(true);
    expect(satisfies('0.4.0', '^0.3')).toBe(false);
  });

  it('tilde ranges stay within the minor version', () => {
    expect(satisfies('1.2.9', '~1.2')).toBe(true);
    expect(satisfies('1.3.0', '~1.2')).toBe(false);
  });

  it('comparators combine with spaces and x-ranges match a major', () => {
    expect(satisfies('1.5.0', '>=1.2.0 <2')).toBe(true);
    expect(satisfies('2.0.0', '>=1.2.0 <2')).toBe(false);
    expect(satisfies('1.9.9', '1.x')).toBe(true);
    expect(satisfies('2.0.0', '1.x')).toBe(false);
    expect(satisfies('3.1.4', '*')).toBe(true);
  });

  it('an unreadable range is an error, not a silent match', () => {
    expect(() => satisfies('1.0.0', 'latest')).toThrow(/Unsupported version range/);
  });
});
