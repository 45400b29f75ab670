import { describe, expect, it } from 'vitest';
import { buildVocabulary, editDistance, meantWords, typosAllowed } from './search-terms.js';

const vocabulary = buildVocabulary([
  ['A2 Gir Cow Bilona Ghee 500 ml', 3],
  ['Fresh Malai Paneer 200 g', 3],
  ['Bhringraj Ayurvedic Hair Oil', 3],
  ['Ghee', 2],
  ['Hand-churned the traditional bilona way', 1],
]);

describe('editDistance', () => {
  it('counts substitutions, insertions, deletions and swaps of neighbours as one edit each', () => {
    expect(editDistance('bilxna', 'bilona', 2)).toBe(1);
    expect(editDistance('bilna', 'bilona', 2)).toBe(1);
    expect(editDistance('billona', 'bilona', 2)).toBe(1);
    expect(editDistance('biolna', 'bilona', 2)).toBe(1);
    expect(editDistance('ghee', 'ghee', 2)).toBe(0);
    expect(editDistance('honey', 'ghee', 1)).toBe(2);
  });
});

describe('meantWords', () => {
  it('forgives one typo in a word of 4 to 7 letters and two in a longer one', () => {
    expect(typosAllowed(3)).toBe(0);
    expect(typosAllowed(7)).toBe(1);
    expect(typosAllowed(8)).toBe(2);
    expect(meantWords('Bilxna', vocabulary)).toEqual(['bilona']);
    expect(meantWords('hgee', vocabulary)).toEqual(['ghee']);
    expect(meantWords('bhrignrak', vocabulary)).toEqual(['bhringraj']);
    expect(meantWords('bhxxnraj', vocabulary)).toEqual(['bhxxnraj']);
    expect(meantWords('bxlxna', vocabulary)).toEqual(['bxlxna']);
  });

  it('reads Hindi transliterations as the catalogue word', () => {
    expect(meantWords('ghii', vocabulary)).toEqual(['ghee']);
    expect(meantWords('ghi', vocabulary)).toEqual(['ghee']);
    expect(meantWords('panir', vocabulary)).toEqual(['paneer']);
    expect(meantWords('amla tel', vocabulary)).toEqual(['amla', 'oil']);
  });

  it('keeps a word being typed and words the catalogue has', () => {
    expect(meantWords('gh', vocabulary)).toEqual(['gh']);
    expect(meantWords('ghe', vocabulary)).toEqual(['ghe']);
    expect(meantWords('Ghee 500', vocabulary)).toEqual(['ghee', '500']);
  });
});
