import { describe, expect, it } from 'vitest';
import { textFaultIn, textFaultOf } from './text.js';

describe('the rule of every text the API takes', () => {
  it('refuses a NUL character', () => {
    expect(textFaultOf('a\u0000b')).toBe('nul_character');
  });

  it('refuses a lone high or low surrogate, wherever it stands', () => {
    for (const text of ['\ud800', 'a\ud83d', '\ude00a', 'a\ude00\ud83d b', '\udbff\udbff']) {
      expect([text, textFaultOf(text)]).toEqual([text, 'lone_surrogate']);
    }
  });

  it('takes any well-formed text, pairs of surrogates (emoji, rare CJK) included', () => {
    for (const text of ['', 'plain', '摄像机', '\ud83d\ude00', '𠀀', 'tab\tand\nnewline']) {
      expect([text, textFaultOf(text)]).toEqual([text, undefined]);
    }
  });

  it('looks into every string of a parsed body or query, keys included', () => {
    expect(textFaultIn({ a: [1, 'x', { b: 'y' }] })).toBeUndefined();
    expect(textFaultIn({ a: [1, 'x', { b: 'y\ud800' }] })).toBe('lone_surrogate');
    expect(textFaultIn({ 'k\u0000': 1 })).toBe('nul_character');
    expect(textFaultIn({ 'k\udfff': 1 })).toBe('lone_surrogate');
    expect(textFaultIn(Object.assign(Object.create(null), { q: '\u0000' }))).toBe('nul_character');
    expect(textFaultIn(['ok', ['\ud800']])).toBe('lone_surrogate');
  });

  it('leaves bytes alone: an upload may hold zeros', () => {
    expect(textFaultIn({ file: new Uint8Array([0, 0]) })).toBeUndefined();
    expect(textFaultIn(Buffer.from([0xed, 0xa0, 0x80]))).toBeUndefined();
  });
});
