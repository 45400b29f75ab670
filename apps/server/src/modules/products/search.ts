/** Product search: the catalogue's vocabulary and the ranked search over it (search-terms.ts reads the query). */
import { desc, eq, sql } from 'drizzle-orm';
import type { Product } from '@shop/domain/schemas/products';
import type { Db } from '../../db/client.js';
import { categories, products } from '../../db/schema.js';
import { cleanLine } from '../catalogue/index.js';
import { buildVocabulary, meantWords, type Vocabulary } from './search-terms.js';
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
    .innerJoin(categories, eq(categories.id, products.categoryId));
  return buildVocabulary(
    rows.flatMap((r) => [
      [r.name, 3],
      [r.category, 2],
      [r.shortdesc, 1],
      [r.description, 1],
    ] as const),
  );
}

/**
 * Case-insensitive search over name, short description, description and category name, forgiving typos and
 * transliterations (search-terms.ts rewrites the query into the catalogue's words first).
 * Matches are full-text hits (English stemming: "oils" finds "oil"), substrings, or words within a
 * trigram distance. Ranked first by the query's words that start a word of the name (a size like "500" counts
 * half: "Ghee 500" wants ghee before anything of 500 g), then by weighted full-text rank (name above category above
 * short description above description) plus trigram similarity.
 */
export async function searchProducts(db: Db, rawQuery: string, vocabulary: Vocabulary): Promise<Product[]> {
  const raw = cleanLine(rawQuery).slice(0, 100);
  if (!raw) return [];
  const words = [...new Set(meantWords(raw, vocabulary))];
  // A query of no words at all ("%", "_") is looked for as it is.
  const term = words.length > 0 ? words.join(' ') : raw;
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
  // Words are letters, marks and digits only (search-terms.ts), so they are safe inside a regular expression.
  const nameHits = words.length
    ? sql.join(
        words.map((w) => sql`CASE WHEN ${products.name} ~* ${`\\m${w}`} THEN ${sql.raw(/^\d+$/.test(w) ? '0.5' : '1.0')} ELSE 0 END`),
        sql` + `,
      )
    : sql`0`;

  const matches = sql`(${document} @@ ${tsQuery}
    OR ${products.name} ILIKE ${pattern}
    OR ${categories.name} ILIKE ${pattern}
    OR ${products.shortdesc} ILIKE ${pattern}
    OR ${products.description} ILIKE ${pattern}
    OR (${nameHits}) > 0
    OR greatest(${nameSimilarity}, ${categorySimilarity}, ${shortdescSimilarity}, ${descriptionSimilarity}) >= ${FUZZY_THRESHOLD})`;
  const score = sql`(ts_rank(${document}, ${tsQuery})
    + greatest(${nameSimilarity}, 0.7 * ${categorySimilarity}, 0.5 * ${shortdescSimilarity}, 0.4 * ${descriptionSimilarity})
    + CASE WHEN ${products.name} ILIKE ${pattern} THEN 0.5 ELSE 0 END)`;

  // (A constant is not a sort key in SQL: without words, the name hits are left out of the order.)
  const orderBy = words.length ? [desc(sql`(${nameHits})`), desc(score), ...NEWEST_FIRST] : [desc(score), ...NEWEST_FIRST];
  return listProducts(db, { where: matches, orderBy, limit: SEARCH_LIMIT });
}

