/** The home page's three video tiles: a title, one of the shop's clips and the product (and size) whose live price they show. */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { paiseToRupees } from '@shop/domain/money';
import type { HomeTile, HomeTileVideo, UpdateHomeTileBody } from '@shop/domain/schemas/home-tiles';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../plugins/deps.js';
import { homeTiles, products, productVariants } from '../../db/schema.js';
import { badRequest, notFound } from '../../lib/http-errors.js';
import { cleanLine } from '../catalogue/index.js';

const HOME_TILE_NOT_FOUND = 'Home tile not found';
const HOME_TILE_PRODUCT_NOT_FOUND = 'No product with that id: choose one from the catalogue';
const HOME_TILE_SIZE_NOT_FOUND = 'That product has no such size on sale: choose one of its sizes';

/** The tile's own size when it is still on sale, else the product's default size (issue 28). */
const tileSize = sql`coalesce(
    (select ${productVariants.id} from ${productVariants} where ${productVariants.id} = ${homeTiles.variantId}
      and ${productVariants.productId} = ${products.id} and ${productVariants.removedAt} is null),
    (select ${productVariants.id} from ${productVariants} where ${productVariants.productId} = ${products.id}
      and ${productVariants.removedAt} is null order by ${productVariants.isDefault} desc, ${productVariants.position} limit 1))`;

const columns = {
  position: homeTiles.position,
  title: homeTiles.title,
  video: homeTiles.video,
  productId: products.id,
  productName: products.name,
  productSlug: products.slug,
  /** Set only when the tile chose a size that is still on sale. */
  variantId: sql<string | null>`(select ${productVariants.id} from ${productVariants} where ${productVariants.id} = ${homeTiles.variantId}
    and ${productVariants.productId} = ${products.id} and ${productVariants.removedAt} is null)`,
  pricePaise: sql<number | null>`(select ${productVariants.pricePaise} from ${productVariants} where ${productVariants.id} = ${tileSize})`,
};

type TileRow = {
  position: number;
  title: string;
  video: string;
  productId: string | null;
  productName: string | null;
  productSlug: string | null;
  variantId: string | null;
  pricePaise: number | null;
};

function toTile(row: TileRow): HomeTile {
  return {
    position: row.position,
    title: row.title,
    // Only the schema's names are ever written (the route validates them).
    video: row.video as HomeTileVideo,
    product:
      row.productId !== null
        ? {
            _id: row.productId,
            name: row.productName!,
            slug: row.productSlug!,
            price: paiseToRupees(row.pricePaise!),
            ...(row.variantId ? { variant: row.variantId } : {}),
          }
        : null,
  };
}

function selectTiles(db: Db) {
  // A product removed from the shop (deleted after it was ordered) is no tile's product any more.
  return db
    .select(columns)
    .from(homeTiles)
    .leftJoin(products, and(eq(products.id, homeTiles.productId), isNull(products.removedAt)));
}

async function listHomeTiles(db: Db): Promise<HomeTile[]> {
  const rows = await selectTiles(db).orderBy(asc(homeTiles.position));
  return rows.map(toTile);
}

async function updateHomeTile(db: Db, position: number, body: UpdateHomeTileBody, now: Date): Promise<HomeTile> {
  const title = cleanLine(body.title);
  if (!title) throw badRequest('title must not be blank');
  if (body.product !== null) {
    const [product] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, body.product), isNull(products.removedAt)))
      .limit(1);
    if (!product) throw badRequest(HOME_TILE_PRODUCT_NOT_FOUND);
  }
  const variantId = body.product !== null && body.variant ? body.variant.toLowerCase() : null;
  if (variantId) {
    const [size] = await db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(and(eq(productVariants.id, variantId), eq(productVariants.productId, body.product!), isNull(productVariants.removedAt)))
      .limit(1);
    if (!size) throw badRequest(HOME_TILE_SIZE_NOT_FOUND);
  }
  const [updated] = await db
    .update(homeTiles)
    .set({ title, video: body.video, productId: body.product, variantId, updatedAt: now })
    .where(eq(homeTiles.position, position))
    .returning({ position: homeTiles.position });
  if (!updated) throw notFound(HOME_TILE_NOT_FOUND);
  const [row] = await selectTiles(db).where(eq(homeTiles.position, position));
  return toTile(row!);
}

export type HomeTilesDeps = Pick<Deps, 'db' | 'now'>;

export function createHomeTilesService(deps: HomeTilesDeps) {
  return {
    list: () => listHomeTiles(deps.db),
    update: (position: number, body: UpdateHomeTileBody) => updateHomeTile(deps.db, position, body, deps.now()),
  };
}
