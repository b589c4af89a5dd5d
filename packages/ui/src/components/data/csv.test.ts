import { describe, expect, it } from 'vitest';
import { csvFilename } from './csv.js';

describe('csvFilename', () => {
  it('adds .csv only when missing', () => {
    expect(csvFilename('devices')).toBe('devices.csv');
    expect(csvFilename('devices.CSV')).toBe('devices.CSV');
  });
});
