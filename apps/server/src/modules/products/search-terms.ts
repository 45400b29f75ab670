/**
 * What a shopper meant: the words of a search query, with Hindi transliterations read as the catalogue's word and
 * typos corrected toward the catalogue's own vocabulary (one edit in a word of 4 to 7 letters, two in a longer one;
 * an edit is a substitution, insertion, deletion or swap of two neighbours). A word the catalogue has, or starts a
 * word it has (typing "gh" for ghee), is kept as it is.
 */

/**
 * Spellings common on Indian shops, in Latin letters and in Devanagari, read as the catalogue's word. Devanagari keys
 * are written as wordsOf reads them: NFC, with their vowel signs and marks (घी is घ + ी, one word; गुड़ is ग ु ड ़).
 */
const SYNONYMS: Readonly<Record<string, string>> = {
  ghi: 'ghee',
  ghii: 'ghee',
  gheee: 'ghee',
  panir: 'paneer',
  paner: 'paneer',
  tel: 'oil',
  tael: 'oil',
  gud: 'jaggery',
  gur: 'jaggery',
  shahad: 'honey',
  shehad: 'honey',
  makhan: 'butter',
  makkhan: 'butter',
  chhach: 'chaas',
  chach: 'chaas',
  chhachh: 'chaas',
  khoya: 'khoa',
  khowa: 'khoa',
  mawa: 'khoa',
  aata: 'atta',
  nariyal: 'coconut',
  sarson: 'mustard',
  bajra: 'millet',
  // Devanagari.
  घी: 'ghee',
  घृत: 'ghee',
  पनीर: 'paneer',
  तेल: 'oil',
  शहद: 'honey',
  मधु: 'honey',
  गुड़: 'jaggery',
  गुड: 'jaggery',
  दही: 'curd',
  मक्खन: 'butter',
  माखन: 'butter',
  छाछ: 'chaas',
  मट्ठा: 'chaas',
  खोया: 'khoa',
  खोआ: 'khoa',
  मावा: 'khoa',
  आटा: 'atta',
  गेहूं: 'wheat',
  गेहूँ: 'wheat',
  नारियल: 'coconut',
  सरसों: 'mustard',
  सरसो: 'mustard',
  मूंगफली: 'groundnut',
  मूँगफली: 'groundnut',
  बाजरा: 'millet',
  कंगनी: 'millet',
  हल्दी: 'haldi',
  आंवला: 'amla',
  आँवला: 'amla',
  ब्राह्मी: 'brahmi',
  भृंगराज: 'bhringraj',
  मलाई: 'malai',
  भैंस: 'buffalo',
  गाय: 'cow',
  बालों: 'hair',
  बाल: 'hair',
};

/** A word of the catalogue and how much it says about a product (name 3, category 2, descriptions 1). */
export type Vocabulary = ReadonlyMap<string, number>;

const WORD = /[\p{L}\p{M}\p{N}]+/gu;

function wordsOf(text: string): string[] {
  return text.normalize('NFC').toLowerCase().match(WORD) ?? [];
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

/** A word of the query as the catalogue spells it. */
function meantWord(raw: string, vocabulary: Vocabulary): string {
  const word = Object.hasOwn(SYNONYMS, raw) ? SYNONYMS[raw]! : raw;
  if (vocabulary.has(word)) return word;
  for (const known of vocabulary.keys()) if (known.startsWith(word)) return word;
  return correct(word, vocabulary) ?? word;
}

/** The query's words as the catalogue spells them. */
export function meantWords(query: string, vocabulary: Vocabulary): string[] {
  return wordsOf(query).map((raw) => meantWord(raw, vocabulary));
}

/** Units a size is written in, and what they are in millilitres or grams. */
const UNITS: Readonly<Record<string, { unit: 'ml' | 'g'; factor: number }>> = {
  ml: { unit: 'ml', factor: 1 },
  l: { unit: 'ml', factor: 1000 },
  lt: { unit: 'ml', factor: 1000 },
  ltr: { unit: 'ml', factor: 1000 },
  ltrs: { unit: 'ml', factor: 1000 },
  litre: { unit: 'ml', factor: 1000 },
  litres: { unit: 'ml', factor: 1000 },
  liter: { unit: 'ml', factor: 1000 },
  liters: { unit: 'ml', factor: 1000 },
  g: { unit: 'g', factor: 1 },
  gm: { unit: 'g', factor: 1 },
  gms: { unit: 'g', factor: 1 },
  gram: { unit: 'g', factor: 1 },
  grams: { unit: 'g', factor: 1 },
  kg: { unit: 'g', factor: 1000 },
  kgs: { unit: 'g', factor: 1000 },
  kilo: { unit: 'g', factor: 1000 },
  kilos: { unit: 'g', factor: 1000 },
  kilogram: { unit: 'g', factor: 1000 },
  kilograms: { unit: 'g', factor: 1000 },
  // Devanagari ("घी 1 लीटर").
  मिली: { unit: 'ml', factor: 1 },
  लीटर: { unit: 'ml', factor: 1000 },
  लिटर: { unit: 'ml', factor: 1000 },
  ग्राम: { unit: 'g', factor: 1 },
  किलो: { unit: 'g', factor: 1000 },
  किग्रा: { unit: 'g', factor: 1000 },
};
/** The unit words, longest first (for the SQL that reads a size's label). */
export const UNIT_WORDS: Readonly<Record<'ml' | 'g', { one: string[]; thousand: string[] }>> = {
  ml: {
    one: Object.keys(UNITS).filter((u) => UNITS[u]!.unit === 'ml' && UNITS[u]!.factor === 1),
    thousand: Object.keys(UNITS).filter((u) => UNITS[u]!.unit === 'ml' && UNITS[u]!.factor === 1000),
  },
  g: {
    one: Object.keys(UNITS).filter((u) => UNITS[u]!.unit === 'g' && UNITS[u]!.factor === 1),
    thousand: Object.keys(UNITS).filter((u) => UNITS[u]!.unit === 'g' && UNITS[u]!.factor === 1000),
  },
};

/**
 * A size the shopper typed: "1 l", "1 litre", "1000 ml" are all `{amount: 1000, unit: 'ml'}`; "1kg" is
 * `{amount: 1000, unit: 'g'}`; a bare number ("ghee 250") has no unit and means any size written with that number.
 */
export interface SizeTerm {
  amount: number;
  unit: 'ml' | 'g' | null;
  /** As typed, for matching names when the query has nothing else ("100"). */
  text: string;
}

/** One word of the query: as typed (Devanagari stays Devanagari) and as the catalogue spells it. */
export interface QueryWord {
  typed: string;
  meant: string;
}

/** A number, then a unit when one follows ("1 l", "1kg", "2.5 ltr", "250"); not the "2" of "A2". */
const SIZE = /(?<![\p{L}\p{M}\p{N}.])(\d+(?:\.\d+)?)(?:\s*([\p{L}\p{M}]+))?(?![\p{L}\p{M}\p{N}])/gu;

/**
 * The query read for search: its sizes (number and unit, in millilitres or grams) and its other words as the catalogue
 * spells them. A unit without a number ("ghee litre") says nothing and is dropped.
 */
export function readQuery(query: string, vocabulary: Vocabulary): { words: QueryWord[]; sizes: SizeTerm[] } {
  const sizes: SizeTerm[] = [];
  const rest = query.normalize('NFC').toLowerCase().replace(SIZE, (whole: string, number: string, unitWord: string | undefined) => {
    const unit = unitWord !== undefined ? UNITS[unitWord] : undefined;
    // "2 cows": a number, then a word that is no unit: the number alone is the size, the word stays a word.
    const amount = Math.round(Number(number) * (unit?.factor ?? 1) * 1000) / 1000;
    if (Number.isFinite(amount)) sizes.push({ amount, unit: unit?.unit ?? null, text: number });
    return unit || unitWord === undefined ? ' ' : ` ${unitWord} `;
  });
  const words = wordsOf(rest)
    .filter((w) => !Object.hasOwn(UNITS, w))
    .map((typed) => ({ typed, meant: meantWord(typed, vocabulary) }));
  return { words, sizes };
}
