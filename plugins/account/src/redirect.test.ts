import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirect.js';

describe('after sign-in (spec §4.1, §2.4)', () => {
  it('goes back to the page the user wanted', () => {
    expect(redirectTarget('?redirect=%2Fsystem%2Fuser%3Fpage%3D2')).toBe('/system/user?page=2');
  });

  it('goes to the dashboard without a redirect, or when it points back to sign-in', () => {
    expect(redirectTarget('')).toBe('/dashboard');
    expect(redirectTarget('?redirect=%2Flogin')).toBe('/dashboard');
    expect(redirectTarget('?redirect=%2F')).toBe('/dashboard');
  });

  it('never leaves the console for another site', () => {
    expect(redirectTarget('?redirect=https%3A%2F%2Fevil.example')).toBe('/dashboard');
    expect(redirectTarget('?redirect=%2F%2Fevil.example')).toBe('/dashboard');
    expect(redirectTarget('?redirect=%2F%5Cevil.example')).toBe('/dashboard');
  });
});
