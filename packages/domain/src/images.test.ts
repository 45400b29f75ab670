import { describe, expect, it } from 'vitest';
import { imageSrcSet } from './images.js';

describe('imageSrcSet', () => {
  it('lists the stored widths of a server image', () => {
    expect(imageSrcSet('/uploads/products/a.webp')).toBe(
      '/uploads/products/a-320.webp 320w, /uploads/products/a-640.webp 640w, /uploads/products/a.webp 1200w',
    );
  });
  it('leaves other images alone', () => {
    expect(imageSrcSet('/placeholder.png')).toBeUndefined();
  });
});
