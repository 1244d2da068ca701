import { describe, expect, it } from 'vitest';
import { numberFromShortScale } from './short-scale';

describe('numberFromShortScale', () => {
  it('reads the content bank’s speaker figures', () => {
    expect(numberFromShortScale('500M')).toBe(500_000_000);
    expect(numberFromShortScale('1.1B')).toBe(1_100_000_000);
    expect(numberFromShortScale('75K')).toBe(75_000);
  });

  it('is NaN (plural "other") for anything else', () => {
    expect(numberFromShortScale('many')).toBeNaN();
    expect(numberFromShortScale('5m')).toBeNaN();
  });
});
