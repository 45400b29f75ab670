/** Product search: the catalogue's vocabulary and the ranked search over it (search-terms.ts reads the query). */
import { desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Product } from '@shop/domain/schemas/products';
import type { Db } from '../../db/client.js';
import { categories, products, productVariants } from '../../db/schema.js';
import { cleanLine } from '../catalogue/index.js';
import { buildVocabulary, readQuery, UNIT_WORDS, type QueryWord, type SizeTerm, type Vocabulary } from './search-terms.js';
import { listProducts, NEWEST_FIRST } from './queries.js';

/** Most results a search answers. */
export const SEARCH_LIMIT = 24;
/** Lowest trigram word similarity that still counts as a (misspelt) match. */
const FUZZY_THRESHOLD = 0.5;
/** `%`, `_` and `\` are LIKE wildcards; a query means them literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The catalogue's words for search-terms.ts: names weigh most, then categories, then descriptions. */
export async function searchVocabulary(db: Db): Promise<Vocabulary> {
  const rows = await db
    .select({ name: products.name, category: categories.name, shortdesc: products.shortdesc, description: products.description })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    // Words of products no longer sold would correct a query toward nothing the shop lists.
    .where(isNull(products.removedAt));
  return buildVocabulary(
    rows.flatMap((r) => [
      [r.name, 3],
      [r.category, 2],
      [r.shortdesc, 1],
      [r.description, 1],
    ] as const),
  );
}

/** The label's number ("500 ml" -> 500), or null ("Pack of 2"). */
const labelNumber = sql`substring(lower(${productVariants.label}) from '^[[:space:]]*([0-9]+(?:[.][0-9]+)?)')::numeric`;
/** The label's unit word ("500 ml" -> "ml", "1kg" -> "kg"), or null. */
const labelUnit = sql`substring(lower(${productVariants.label}) from '^[[:space:]]*[0-9]+(?:[.][0-9]+)?[[:space:]]*([a-z]+)[[:space:]]*$')`;
const unitIn = (units: string[]) => sql`${labelUnit} IN (${sql.join(units.map((u) => sql`${u}`), sql`, `)})`;

/** SQL: the size (a product_variants row) is the size typed: "1 l" is a "1 L" or "1000 ml" label; "250" any 250. */
function sizeIs(size: SizeTerm): SQL {
  const amount = sql`${String(size.amount)}::numeric`;
  if (size.unit === null) return sql`${labelNumber} = ${amount}`;
  const { one, thousand } = UNIT_WORDS[size.unit];
  return sql`((${unitIn(one)} AND ${labelNumber} = ${amount}) OR (${unitIn(thousand)} AND ${labelNumber} * 1000 = ${amount}))`;
}

/** SQL: the product has a size on sale that is the size typed. */
function hasSize(size: SizeTerm): SQL {
  return sql`EXISTS (SELECT 1 FROM ${productVariants} WHERE ${productVariants.productId} = ${products.id}
    AND ${productVariants.removedAt} IS NULL AND ${sizeIs(size)})`;
}

/** SQL: `text` has this word (as the catalogue spells it, or as typed: "घी" in a Devanagari name) at a word's start. */
function hasWord(text: SQL | typeof products.name, word: QueryWord): SQL {
  const forms = [...new Set([word.meant, word.typed])];
  const either = sql.join(
    forms.map((form) =>
      // Latin words and digits are safe inside a regular expression (search-terms.ts); other scripts are matched as
      // they are, since the database's word boundaries may not know their letters.
      /^[a-z0-9]+$/.test(form) ? sql`${text} ~* ${`\\m${form}`}` : sql`${text} ILIKE ${`%${escapeLike(form)}%`}`,
    ),
    sql` OR `,
  );
  return sql`(${either})`;
}

/**
 * Case-insensitive search over name, short description, description, category name and sizes, forgiving typos,
 * transliterations and Devanagari (search-terms.ts rewrites the query into the catalogue's words and sizes first).
 * Matches are full-text hits (English stemming: "oils" finds "oil"), substrings, or words within a trigram distance.
 * Ranked first by what the words name: each word found at the start of a word of the name counts 1, of the category
 * 0.75 ("ghee" lists every ghee before the butter whose description mentions ghee); then by the sizes typed that the
 * product has on sale ("ghee 1 l" lists the ghee sold in 1 L first, and never the mustard oil of 1 L above a ghee);
 * then the shop's highlighted products among equals; then by weighted full-text rank (name above category above
 * short description above description) plus trigram similarity. A query of sizes only ("1 kg") lists the products
 * with that size.
 */
export async function searchProducts(db: Db, rawQuery: string, vocabulary: Vocabulary): Promise<Product[]> {
  const raw = cleanLine(rawQuery).slice(0, 100);
  if (!raw) return [];
  const { words, sizes } = readQuery(raw, vocabulary);
  const meant = [...new Set(words.map((w) => w.meant))];
  // A query of sizes only is looked for as typed too ("100" in "100% Pure Mustard Oil"); one of no words and no sizes
  // ("%", "_") as it is.
  const term = meant.length > 0 ? meant.join(' ') : sizes.length > 0 ? sizes.map((s) => s.text).join(' ') : raw;
  const pattern = `%${escapeLike(term)}%`;
  const document = sql`(setweight(to_tsvector('english', ${products.name}), 'A')
    || setweight(to_tsvector('english', ${categories.name}), 'B')
    || setweight(to_tsvector('english', ${products.shortdesc}), 'C')
    || setweight(to_tsvector('english', ${products.description}), 'D'))`;
  const tsQuery = sql`websearch_to_tsquery('english', ${term})`;
  const nameSimilarity = sql`strict_word_similarity(${term}, ${products.name})`;
  const categorySimilarity = sql`strict_word_similarity(${term}, ${categories.name})`;
  const shortdescSimilarity = sql`strict_word_similarity(${term}, ${products.shortdesc})`;
  const descriptionSimilarity = sql`strict_word_similarity(${term}, ${products.description})`;
  const wordHits = words.length
    ? sql.join(
        words.map((w) => sql`CASE WHEN ${hasWord(products.name, w)} THEN 1.0 WHEN ${hasWord(sql`${categories.name}`, w)} THEN 0.75 ELSE 0 END`),
        sql` + `,
      )
    : undefined;
  const sizeHits = sizes.length
    ? sql.join(
        sizes.map((size) => sql`CASE WHEN ${hasSize(size)} THEN 1 ELSE 0 END`),
        sql` + `,
      )
    : undefined;

  const textMatches = sql`(${document} @@ ${tsQuery}
    OR ${products.name} ILIKE ${pattern}
    OR ${categories.name} ILIKE ${pattern}
    OR ${products.shortdesc} ILIKE ${pattern}
    OR ${products.description} ILIKE ${pattern}
    ${wordHits ? sql`OR (${wordHits}) > 0` : sql``}
    OR greatest(${nameSimilarity}, ${categorySimilarity}, ${shortdescSimilarity}, ${descriptionSimilarity}) >= ${FUZZY_THRESHOLD})`;
  // With words, a size only ranks ("ghee 1 l" is a ghee); with sizes alone, the size is what is looked for, or the
  // number typed without a unit standing on its own in a name ("100" in "100% Pure Mustard Oil", not "1" in "100 ml").
  const numberInName = (size: SizeTerm) =>
    sql`${products.name} ~ ${`(^|[^0-9.])${size.text.replace('.', '[.]')}([^0-9.]|$)`}`;
  const matches =
    words.length === 0 && sizeHits
      ? sql`((${sizeHits}) > 0 ${sql.join(
          sizes.filter((size) => size.unit === null).map((size) => sql` OR ${numberInName(size)}`),
        )})`
      : textMatches;
  const score = sql`(ts_rank(${document}, ${tsQuery})
    + greatest(${nameSimilarity}, 0.7 * ${categorySimilarity}, 0.5 * ${shortdescSimilarity}, 0.4 * ${descriptionSimilarity})
    + CASE WHEN ${products.name} ILIKE ${pattern} THEN 0.5 ELSE 0 END)`;

  // (A constant is not a sort key in SQL: hits are in the order only when there are words or sizes.)
  const orderBy = [
    ...(wordHits ? [desc(sql`(${wordHits})`)] : []),
    ...(sizeHits ? [desc(sql`(${sizeHits})`)] : []),
    // Among products the words name alike (three ghees for "ghee"), the shop's highlighted ones, its flagships, first.
    ...(wordHits ? [desc(products.highlighted)] : []),
    desc(score),
    ...NEWEST_FIRST,
  ];
  return listProducts(db, { where: matches, orderBy, limit: SEARCH_LIMIT });
}
