import { describe, expect, it } from 'vitest';
import { buildVocabulary, editDistance, meantWords, readQuery, typosAllowed } from './search-terms.js';

const vocabulary = buildVocabulary([
  ['A2 Gir Cow Bilona Ghee 500 ml', 3],
  ['Organic Jaggery Powder', 3],
  ['Raw Wild Forest Honey', 3],
  ['Set Curd (Dahi)', 3],
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

describe('readQuery', () => {
  const sizesOf = (query: string) => readQuery(query, vocabulary).sizes.map(({ amount, unit }) => [amount, unit]);
  const wordsOf = (query: string) => readQuery(query, vocabulary).words.map((w) => w.meant);

  it('reads a size in any common unit as millilitres or grams: "1 l" = "1 L" = "1 litre" = "1000 ml"', () => {
    for (const q of ['ghee 1 l', 'ghee 1 L', 'ghee 1l', 'ghee 1 litre', 'ghee 1 liter', 'ghee 1 ltr', 'ghee 1000 ml', '1 Ltr ghee']) {
      expect(sizesOf(q), q).toEqual([[1000, 'ml']]);
      expect(wordsOf(q), q).toEqual(['ghee']);
    }
    expect(sizesOf('1kg jaggery')).toEqual([[1000, 'g']]);
    expect(wordsOf('1kg jaggery')).toEqual(['jaggery']);
    expect(sizesOf('honey 500 gm')).toEqual([[500, 'g']]);
    expect(sizesOf('honey 500 grams')).toEqual([[500, 'g']]);
    expect(sizesOf('atta 5 kilo')).toEqual([[5000, 'g']]);
    expect(sizesOf('ghee 0.5 l')).toEqual([[500, 'ml']]);
    expect(sizesOf('घी 1 लीटर')).toEqual([[1000, 'ml']]);
  });

  it('reads a bare number as a size of any unit, and leaves the 2 of "A2" in its word', () => {
    expect(readQuery('Ghee 250', vocabulary)).toEqual({ words: [{ typed: 'ghee', meant: 'ghee' }], sizes: [{ amount: 250, unit: null, text: '250' }] });
    expect(sizesOf('a2 ghee')).toEqual([]);
    expect(wordsOf('a2 ghee')).toEqual(['a2', 'ghee']);
    // A word after a number that is no unit stays a word.
    expect(sizesOf('2 cow ghee')).toEqual([[2, null]]);
    expect(wordsOf('2 cow ghee')).toEqual(['cow', 'ghee']);
    // A unit with no number says nothing.
    expect(wordsOf('ghee litre')).toEqual(['ghee']);
  });

  it('reads Devanagari words as the catalogue\'s words, keeping what was typed', () => {
    expect(readQuery('घी', vocabulary).words).toEqual([{ typed: 'घी', meant: 'ghee' }]);
    expect(wordsOf('पनीर')).toEqual(['paneer']);
    expect(wordsOf('शहद')).toEqual(['honey']);
    expect(wordsOf('गुड़')).toEqual(['jaggery']);
    // The nukta typed as its own mark or in the precomposed letter (ड़, U+095C) is the same word.
    expect(wordsOf('\u0917\u0941\u095C')).toEqual(['jaggery']);
    expect(wordsOf('गुड')).toEqual(['jaggery']);
    expect(wordsOf('दही')).toEqual(['curd']);
    expect(wordsOf('gud')).toEqual(['jaggery']);
  });
});
