/** Categories and solutions: two small named lists with slugs, managed the same way. */
import { and, asc, eq, getTableName, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Category } from '@shop/domain/schemas/catalogue';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../plugins/deps.js';
import { categories, categorySlugHistory, productSolutions, products, solutionSlugHistory, solutions } from '../../db/schema.js';
import { badRequest, conflict, isForeignKeyViolation, isUniqueViolation, notFound } from '../../lib/http-errors.js';
import { slugify, uniqueSlug } from '../../lib/slug.js';
import { cleanLine } from './text.js';

/** Both tables have the same columns (id, name, slug, created_at). */
type TaxonomyTable = typeof categories;

interface Texts {
  updated: string;
  deleted: string;
  notFound: string;
  duplicate: string;
  inUse: string;
}

export interface Taxonomy {
  list(): Promise<Category[]>;
  create(name: string): Promise<Category>;
  rename(id: string, name: string): Promise<Category>;
  remove(id: string): Promise<void>;
  texts: Texts;
}

/** Keeps a renamed row's old slug, so its old address answers 301 (see modules/seo). */
type RememberOldSlug = (tx: Db, oldSlug: string, id: string) => Promise<unknown>;

function makeTaxonomy(
  db: Db,
  table: TaxonomyTable,
  texts: Texts,
  inUse: (db: Db, id: string) => Promise<boolean>,
  rememberOldSlug: RememberOldSlug,
): Taxonomy {
  const columns = { _id: table.id, name: table.name, slug: table.slug };

  const cleanName = (raw: string) => {
    const name = cleanLine(raw);
    if (!name) throw badRequest('name must not be empty');
    return name;
  };

  /** A name is taken when another row has it, compared without case. */
  async function assertNameFree(db: Db, name: string, exceptId?: string) {
    const same = sql`lower(${table.name}) = lower(${name})`;
    const [row] = await db
      .select({ id: table.id })
      .from(table)
      .where(exceptId ? and(same, ne(table.id, exceptId)) : same)
      .limit(1);
    if (row) throw conflict(texts.duplicate);
  }

  function slugFor(db: Db, name: string, exceptId?: string) {
    return uniqueSlug(name, async (slug) => {
      const [row] = await db
        .select({ id: table.id })
        .from(table)
        .where(exceptId ? and(eq(table.slug, slug), ne(table.id, exceptId)) : eq(table.slug, slug))
        .limit(1);
      return Boolean(row);
    });
  }

  /**
   * Name check, slug choice and write run one at a time per table (a transaction-scoped advisory
   * lock): two admins saving the same name at once must not both pass the check. Admin writes are
   * rare, so the wait costs nothing; the unique slug index stays as the last guard.
   */
  async function serialized<T>(db: Db, write: (tx: Db) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`catalogue:${getTableName(table)}`}))`);
        return write(tx);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(texts.duplicate);
      throw err;
    }
  }

  return {
    texts,
    list: () => db.select(columns).from(table).orderBy(asc(sql`lower(${table.name})`), asc(table.name), asc(table.id)),

    async create(rawName) {
      const name = cleanName(rawName);
      return serialized(db, async (tx) => {
        await assertNameFree(tx, name);
        const [row] = await tx
          .insert(table)
          .values({ name, slug: await slugFor(tx, name) })
          .returning(columns);
        return row!;
      });
    },

    async rename(id, rawName) {
      const name = cleanName(rawName);
      const [current] = await db.select(columns).from(table).where(eq(table.id, id)).limit(1);
      if (!current) throw notFound(texts.notFound);
      return serialized(db, async (tx) => {
        await assertNameFree(tx, name, id);
        // The slug follows the name; it only moves when the name would give another slug.
        const slug = slugify(name) === current.slug ? current.slug : await slugFor(tx, name, id);
        const [row] = await tx.update(table).set({ name, slug }).where(eq(table.id, id)).returning(columns);
        if (!row) throw notFound(texts.notFound);
        if (slug !== current.slug) await rememberOldSlug(tx, current.slug, id);
        return row;
      });
    },

    async remove(id) {
      const [current] = await db.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1);
      if (!current) throw notFound(texts.notFound);
      if (await inUse(db, id)) throw conflict(texts.inUse);
      try {
        await db.delete(table).where(eq(table.id, id));
      } catch (err) {
        // A product took it up between the check and the delete (the foreign key restricts).
        if (isForeignKeyViolation(err)) throw conflict(texts.inUse);
        throw err;
      }
    },
  };
}

const categoryTaxonomy = (db: Db) =>
  makeTaxonomy(
    db,
    categories,
    {
      updated: 'Category updated successfully',
      deleted: 'Category deleted successfully',
      notFound: 'Category not found',
      duplicate: 'A category with this name already exists',
      inUse: 'This category still has products',
    },
    // Only products on sale keep a category in use. Products removed from the shop (kept because they were ordered)
    // go with their category when the owner deletes it; their order lines keep the name and price as sold.
    async (db, id) => {
      const [row] = await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.categoryId, id), isNull(products.removedAt)))
        .limit(1);
      if (row) return true;
      await db.delete(products).where(and(eq(products.categoryId, id), isNotNull(products.removedAt)));
      return false;
    },
    (tx, oldSlug, categoryId) =>
      tx
        .insert(categorySlugHistory)
        .values({ oldSlug, categoryId })
        .onConflictDoUpdate({ target: categorySlugHistory.oldSlug, set: { categoryId } }),
  );

const solutionTaxonomy = (db: Db) =>
  makeTaxonomy(
    db,
    // Same columns under another table name; drizzle builds its SQL from the table object itself.
    solutions as unknown as TaxonomyTable,
    {
      updated: 'Solution updated successfully',
      deleted: 'Solution deleted successfully',
      notFound: 'Solution not found',
      duplicate: 'A solution with this name already exists',
      inUse: 'This solution is still used by products',
    },
    // Only products on sale keep a solution in use; products removed from the shop are untagged when it goes.
    async (db, id) => {
      const [row] = await db
        .select({ id: productSolutions.productId })
        .from(productSolutions)
        .innerJoin(products, and(eq(products.id, productSolutions.productId), isNull(products.removedAt)))
        .where(eq(productSolutions.solutionId, id))
        .limit(1);
      if (row) return true;
      await db.delete(productSolutions).where(eq(productSolutions.solutionId, id));
      return false;
    },
    (tx, oldSlug, solutionId) =>
      tx
        .insert(solutionSlugHistory)
        .values({ oldSlug, solutionId })
        .onConflictDoUpdate({ target: solutionSlugHistory.oldSlug, set: { solutionId } }),
  );

export type CatalogueDeps = Pick<Deps, 'db'>;

export function createCatalogueService(deps: CatalogueDeps) {
  return { categories: categoryTaxonomy(deps.db), solutions: solutionTaxonomy(deps.db) };
}
