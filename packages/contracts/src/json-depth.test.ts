import { describe, expect, it } from 'vitest';
import { JSON_MAX_DEPTH, jsonDepthWithin } from './json-depth.js';
import { decodeListParam, encodeListParam } from './list-param.js';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('the JSON depth bound', () => {
  it('accepts a text nested up to the bound and refuses one a level deeper', () => {
    expect(jsonDepthWithin(nested(JSON_MAX_DEPTH))).toBe(true);
    expect(jsonDepthWithin(nested(JSON_MAX_DEPTH + 1))).toBe(false);
    expect(jsonDepthWithin(`{"a":${'{"b":'.repeat(JSON_MAX_DEPTH)}1${'}'.repeat(JSON_MAX_DEPTH + 1)}`)).toBe(
      false,
    );
  });

  it('counts no bracket inside a string, escaped quotes included', () => {
    const text = JSON.stringify({ remark: `"${'['.repeat(1000)}\\"{{{{` });
    expect(jsonDepthWithin(text, 1)).toBe(true);
  });

  it('reads 10,000 levels without a stack overflow', () => {
    expect(jsonDepthWithin(nested(10_000))).toBe(false);
  });

  it('makes a list parameter nested beyond the bound a decoding error, not a deep parse', () => {
    expect(() => decodeListParam(btoa(nested(5000)))).toThrow('nested too deeply');
    expect(decodeListParam(encodeListParam([{ k: 'name', o: 'like', v: 'a' }]))).toHaveLength(1);
  });
});
