import { LANGUAGES } from '@vap/contracts';
import { describe, expect, it } from 'vitest';
import { uiStrings } from './index.js';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keys(inner, prefix ? `${prefix}.${key}` : key));
}

function texts(value: unknown): unknown[] {
  return typeof value === 'object' && value !== null ? Object.values(value).flatMap(texts) : [value];
}

describe('ui strings', () => {
  it('the three languages have exactly the same keys', () => {
    const english = keys(uiStrings('en')).sort();
    for (const language of LANGUAGES) expect(keys(uiStrings(language)).sort()).toEqual(english);
  });

  it('every text is a non-empty string', () => {
    for (const language of LANGUAGES) {
      for (const text of texts(uiStrings(language))) {
        expect(typeof text === 'string' && text.trim().length > 0, `${language}: ${String(text)}`).toBe(true);
      }
    }
  });
});
