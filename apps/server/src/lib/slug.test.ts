import { describe, expect, it } from 'vitest';
import { slugify, uniqueSlug } from './slug.js';

describe('slugify', () => {
  it.each([
    ['A2 Gir Cow Bilona Ghee 500 ml', 'a2-gir-cow-bilona-ghee-500-ml'],
    ['Honey & Sweeteners', 'honey-and-sweeteners'],
    ['Best for childrens', 'best-for-childrens'],
    ['  --Cold-Pressed   Oils!!  ', 'cold-pressed-oils'],
    ['Crème Brûlée Ghee', 'creme-brulee-ghee'],
    ['Set Curd (Dahi)', 'set-curd-dahi'],
    ['ÀÉÎÕÜ ñ', 'aeiou-n'],
    ['../../etc/passwd', 'etc-passwd'],
    ['<script>alert(1)</script>', 'script-alert-1-script'],
  ])('%j -> %j', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it('answers "item" when nothing usable is left', () => {
    expect(slugify('')).toBe('item');
    expect(slugify('!!!')).toBe('item');
    expect(slugify('घी')).toBe('item');
  });

  it('caps the length at 80 without a trailing dash', () => {
    const slug = slugify(`${'a'.repeat(79)} bcd`);
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith('-')).toBe(false);
    expect(slug).toBe('a'.repeat(79));
    expect(slugify('word '.repeat(40))).toMatch(/^(word-)*word$/);
  });

  it('only ever answers lower-case ASCII words joined by single dashes', () => {
    for (const name of ['Ghee—Pure', 'A  B', 'x_y.z', 'Ω mega', 'tab\tand\nnewline']) {
      expect(slugify(name)).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });
});

describe('uniqueSlug', () => {
  it('answers the plain slug when it is free', async () => {
    expect(await uniqueSlug('Desi Ghee', async () => false)).toBe('desi-ghee');
  });

  it('counts up from -2 past taken slugs', async () => {
    const taken = new Set(['desi-ghee', 'desi-ghee-2', 'desi-ghee-3']);
    expect(await uniqueSlug('Desi Ghee', async (s) => taken.has(s))).toBe('desi-ghee-4');
  });

  it('treats reserved words as taken', async () => {
    const reserved = new Set(['list', 'search']);
    expect(await uniqueSlug('List', async (s) => reserved.has(s))).toBe('list-2');
  });

  it('falls back to a time-based suffix after 999 tries', async () => {
    const slug = await uniqueSlug('Busy', async (s) => s === 'busy' || /^busy-\d{1,3}$/.test(s));
    expect(slug).toMatch(/^busy-\d{10,}$/);
  });
});
