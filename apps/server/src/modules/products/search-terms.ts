/**
 * What a shopper meant: the words of a search query, with Hindi transliterations read as the catalogue's word and
 * typos corrected toward the catalogue's own vocabulary (one edit in a word of 4 to 7 letters, two in a longer one;
 * an edit is a substitution, insertion, deletion or swap of two neighbours). A word the catalogue has, or starts a
 * word it has (typing "gh" for ghee), is kept as it is.
 */

/** Spellings common on Indian shops, read as the catalogue's word. */
const SYNONYMS: Readonly<Record<string, string>> = {
  ghi: 'ghee',
  ghii: 'ghee',
  gheee: 'ghee',
  panir: 'paneer',
  paner: 'paneer',
  tel: 'oil',
  tael: 'oil',
};

/** A word of the catalogue and how much it says about a product (name 3, category 2, descriptions 1). */
export type Vocabulary = ReadonlyMap<string, number>;

const WORD = /[\p{L}\p{M}\p{N}]+/gu;

function wordsOf(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}

/** Builds the vocabulary from (text, weight) pairs; a word keeps its highest weight. */
export function buildVocabulary(texts: Iterable<readonly [string, number]>): Vocabulary {
  const vocabulary = new Map<string, number>();
  for (const [text, weight] of texts) {
    for (const word of wordsOf(text)) if ((vocabulary.get(word) ?? 0) < weight) vocabulary.set(word, weight);
  }
  return vocabulary;
}

/** Typos forgiven in a word of this length. */
export function typosAllowed(length: number): number {
  if (length < 4) return 0;
  return length <= 7 ? 1 : 2;
}

/** Optimal string alignment distance (Levenshtein plus swaps of neighbours), or `max + 1` once it exceeds `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

/** The catalogue's word closest to `word` within the typos allowed, preferring words of names; none when too far. */
function correct(word: string, vocabulary: Vocabulary): string | undefined {
  const max = typosAllowed([...word].length);
  if (max === 0) return undefined;
  let best: { word: string; distance: number; weight: number } | undefined;
  for (const [candidate, weight] of vocabulary) {
    const distance = editDistance(word, candidate, max);
    if (distance > max) continue;
    if (!best || distance < best.distance || (distance === best.distance && (weight > best.weight || (weight === best.weight && candidate < best.word)))) {
      best = { word: candidate, distance, weight };
    }
  }
  return best?.word;
}

/** The query's words as the catalogue spells them. */
export function meantWords(query: string, vocabulary: Vocabulary): string[] {
  return wordsOf(query).map((raw) => {
    const word = Object.hasOwn(SYNONYMS, raw) ? SYNONYMS[raw]! : raw;
    if (vocabulary.has(word)) return word;
    for (const known of vocabulary.keys()) if (known.startsWith(word)) return word;
    return correct(word, vocabulary) ?? word;
  });
}
