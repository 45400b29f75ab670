import { describe, expect, it } from 'vitest';
import { brandName, DEFAULT_BRAND_NAME } from './brand.js';

describe('brandName', () => {
  it('is BRAND_NAME when it is set', () => {
    expect(brandName({ BRAND_NAME: '  Green Valley Dairy ' })).toBe('Green Valley Dairy');
  });

  it.each([undefined, '', '   '])('falls back to the default for %j', (value) => {
    expect(brandName({ BRAND_NAME: value })).toBe(DEFAULT_BRAND_NAME);
    expect(DEFAULT_BRAND_NAME).toBe('Shuddh Farm');
  });
});
