/** Home-page sliders: at most MAX_SLIDERS, enforced here even when admins post at the same moment. */
import { asc, count, eq, sql } from 'drizzle-orm';
import { MAX_SLIDERS } from '@shop/domain/constants';
import type { CreateSliderBody, Slider } from '@shop/domain/schemas/sliders';
import type { Db } from '../../db/client.js';
import { sliders } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../lib/http-errors.js';
import { discardImage, storeImage } from '../../lib/images.js';
import type { Deps } from '../../plugins/deps.js';

const MAX_SLIDERS_MESSAGE = 'Max number of sliders reached';
const SLIDER_NOT_FOUND = 'Slider not found';
export const SLIDER_DELETED = 'Slider deleted successfully';
const IMAGE_FOLDER = 'sliders';

const SLIDER_URL_MESSAGE = 'Url must be a path in the shop (like /allproducts) or an http(s) address';

/**
 * A link the shop may store and show: a path in the shop or an absolute http(s) address. Browsers read
 * "//host", "/\host" and "\\host" alike as another site, so no backslash anywhere and no second slash after the first.
 */
function isSafeLink(url: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[\\\s\u0000-\u001f\u007f]/.test(url)) return false;
  if (url.startsWith('/')) return !url.startsWith('//');
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
  } catch {
    return false;
  }
}

export type SlidersDeps = Pick<Deps, 'db' | 'storage' | 'now' | 'log'>;

type SliderRow = typeof sliders.$inferSelect;

function toSlider(row: SliderRow): Slider {
  return { _id: row.id, name: row.name, url: row.url, image: row.image };
}

async function countSliders(db: Pick<Db, 'select'>): Promise<number> {
  const [row] = await db.select({ n: count() }).from(sliders);
  return Number(row?.n ?? 0);
}

async function listSliders(db: Db): Promise<Slider[]> {
  const rows = await db.select().from(sliders).orderBy(asc(sliders.createdAt), asc(sliders.id));
  return rows.map(toSlider);
}

async function createSlider(deps: SlidersDeps, body: CreateSliderBody): Promise<Slider> {
  const name = body.name.trim();
  if (!name) throw badRequest('name must not be blank');
  const url = body.url.trim();
  if (!isSafeLink(url)) throw badRequest(SLIDER_URL_MESSAGE);
  // Cheap early answer before the image work; the locked check below is the one that counts.
  if ((await countSliders(deps.db)) >= MAX_SLIDERS) throw conflict(MAX_SLIDERS_MESSAGE);

  const image = await storeImage(deps.storage, body.image, IMAGE_FOLDER);
  try {
    const row = await deps.db.transaction(async (tx) => {
      // Serialises concurrent posts on every instance sharing the database, so count + insert is atomic.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('shop:sliders'))`);
      if ((await countSliders(tx)) >= MAX_SLIDERS) throw conflict(MAX_SLIDERS_MESSAGE);
      const [inserted] = await tx.insert(sliders).values({ name, url, image, createdAt: deps.now() }).returning();
      return inserted!;
    });
    return toSlider(row);
  } catch (err) {
    await discardImage(deps, image, 'slider');
    throw err;
  }
}

async function deleteSlider(deps: SlidersDeps, id: string): Promise<void> {
  const [row] = await deps.db.delete(sliders).where(eq(sliders.id, id)).returning({ image: sliders.image });
  if (!row) throw notFound(SLIDER_NOT_FOUND);
  await discardImage(deps, row.image, 'slider');
}

export function createSlidersService(deps: SlidersDeps) {
  return {
    list: () => listSliders(deps.db),
    create: (body: CreateSliderBody) => createSlider(deps, body),
    remove: (id: string) => deleteSlider(deps, id),
  };
}
