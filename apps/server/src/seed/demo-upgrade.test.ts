/**
 * A demo shop seeded before sizes existed (migrations up to 0011, products carrying their own price and stock) is
 * upgraded by migration 0012 and never seeded again: every product keeps its name, URL, price and stock as one default
 * size, and the home tiles keep their products and prices. (An in-memory PGlite, also in the PostgreSQL pass: the
 * migrations are the same SQL.)
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';
import { createLocalStorage } from '../lib/storage.js';
import type { Deps } from '../plugins/deps.js';
import { seedDemoShop } from './demo.js';

const DRIZZLE = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'drizzle');
type Migrator = Parameters<typeof migrate>[0];

/** Products as the demo seed made them before sizes: the size in the name and the slug, price and stock on the row. */
const OLD_DEMO = [
  ['A2 Gir Cow Bilona Ghee 500 ml', 'a2-gir-cow-bilona-ghee-500-ml', 99500, 40],
  ['A2 Gir Cow Bilona Ghee 250 ml', 'a2-gir-cow-bilona-ghee-250-ml', 59500, 60],
  ['Bhringraj Ayurvedic Hair Oil 200 ml', 'bhringraj-ayurvedic-hair-oil-200-ml', 59500, 45],
  ['Set Curd (Dahi) 400 g', 'set-curd-dahi-400-g', 8000, 35],
  ['Wood-Pressed Mustard Oil 1 L', 'wood-pressed-mustard-oil-1-l', 34000, 30],
  ['Danedar Khoa 250 g', 'danedar-khoa-250-g', 22000, 0],
] as const;

let database: Database;
let folders: string[] = [];

beforeAll(async () => {
  // The migrations as they were before sizes: 0000 to 0011.
  const before = mkdtempSync(join(tmpdir(), 'shop-migrations-'));
  folders.push(before);
  cpSync(DRIZZLE, before, { recursive: true });
  rmSync(join(before, '0012_product_sizes.sql'));
  const journal = JSON.parse(readFileSync(join(DRIZZLE, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ idx: number }> };
  journal.entries = journal.entries.filter((e) => e.idx <= 11);
  writeFileSync(join(before, 'meta', '_journal.json'), JSON.stringify(journal));

  database = await openDatabase({});
  await database.db.execute(sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
  await migrate(database.db as unknown as Migrator, { migrationsFolder: before });

  // The old demo shop: a category, its products, and the home tiles linked to them as the old seed did.
  await database.db.execute(sql`INSERT INTO categories (name, slug) VALUES ('Ghee', 'ghee')`);
  for (const [name, slug, price, quantity] of OLD_DEMO) {
    await database.db.execute(sql`INSERT INTO products (name, slug, price_paise, quantity, category_id)
      SELECT ${name}, ${slug}, ${price}, ${quantity}, id FROM categories WHERE slug = 'ghee'`);
  }
  for (const [position, slug] of [
    [1, 'a2-gir-cow-bilona-ghee-250-ml'],
    [2, 'bhringraj-ayurvedic-hair-oil-200-ml'],
    [3, 'a2-gir-cow-bilona-ghee-500-ml'],
  ] as const) {
    await database.db.execute(sql`UPDATE home_tiles SET product_id = (SELECT id FROM products WHERE slug = ${slug}) WHERE position = ${position}`);
  }

  // Upgrading: every migration, as the server does on start.
  await migrate(database.db as unknown as Migrator, { migrationsFolder: DRIZZLE });
}, 120_000);

afterAll(async () => {
  await database?.close();
  for (const f of folders) rmSync(f, { recursive: true, force: true });
  folders = [];
});

const rows = async <T,>(query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

describe('a demo shop seeded before sizes, after migration 0012', () => {
  it('keeps every product at its URL with one default size carrying its price and stock, labelled from its name', async () => {
    const sizes = await rows<{ slug: string; label: string; sku: string; price_paise: number; quantity: number; is_default: boolean }>(sql`
      SELECT p.slug, v.label, v.sku, v.price_paise, v.quantity, v.is_default
      FROM products p JOIN product_variants v ON v.product_id = p.id ORDER BY p.slug`);
    expect(sizes.map((s) => [s.slug, s.label, s.price_paise, s.quantity, s.is_default])).toEqual(
      [...OLD_DEMO]
        .sort((a, b) => a[1].localeCompare(b[1]))
        .map(([name, slug, price, quantity]) => [slug, name.match(/(\d+ (ml|g|L))$/)![1], price, quantity, true]),
    );
    for (const s of sizes) expect(s.sku).toBe(s.slug.toUpperCase());
    const ledger = await rows<{ sku: string }>(sql`SELECT sku FROM product_skus ORDER BY sku`);
    expect(ledger.map((l) => l.sku)).toEqual(sizes.map((s) => s.sku).sort());
  });

  it('keeps the home tiles on their products, at the SPEC prices (595, 595, 995)', async () => {
    const tiles = await rows<{ slug: string; price_paise: number }>(sql`
      SELECT p.slug, v.price_paise FROM home_tiles t JOIN products p ON p.id = t.product_id
      JOIN product_variants v ON v.product_id = p.id AND v.is_default ORDER BY t.position`);
    expect(tiles.map((t) => [t.slug, t.price_paise])).toEqual([
      ['a2-gir-cow-bilona-ghee-250-ml', 59500],
      ['bhringraj-ayurvedic-hair-oil-200-ml', 59500],
      ['a2-gir-cow-bilona-ghee-500-ml', 99500],
    ]);
  });

  it('is not seeded again: the demo seed leaves a shop with products alone', async () => {
    const uploads = mkdtempSync(join(tmpdir(), 'shop-uploads-'));
    folders.push(uploads);
    const deps = { db: database.db, storage: createLocalStorage(uploads), config: {} as Deps['config'] };
    expect(await seedDemoShop(deps)).toBe(false);
    const [n] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM products`);
    expect(n!.n).toBe(OLD_DEMO.length);
  });
});
