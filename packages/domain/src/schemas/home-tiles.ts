import { Type, type Static } from '@sinclair/typebox';
import { IdSchema } from './common.js';

/**
 * The farm clips a home tile can show, by name: each is a video made for the shop, kept with the storefront
 * (public/videos/{name}.mp4, its poster .webp and captions .vtt).
 */
export const HOME_TILE_VIDEOS = ['a2-cow-ghee', 'herbal-hair-oil', 'bilona-ghee'] as const;
export type HomeTileVideo = (typeof HOME_TILE_VIDEOS)[number];

/** The home page has exactly three video tiles, at positions 1 to 3. */
export const HOME_TILE_COUNT = 3;

export const HomeTileVideoSchema = Type.Union(
  HOME_TILE_VIDEOS.map((name) => Type.Literal(name)),
  { description: `one of the shop's clips: ${HOME_TILE_VIDEOS.join(', ')}` },
);

/**
 * The product a tile links to, with its live price (INR); null when none is chosen or it was deleted. `variant` is the
 * size the tile sells (price is that size's); absent when the tile sells the default size.
 */
export const HomeTileProductSchema = Type.Object({
  _id: IdSchema,
  name: Type.String(),
  slug: Type.String(),
  price: Type.Number(),
  variant: Type.Optional(IdSchema),
});
export type HomeTileProduct = Static<typeof HomeTileProductSchema>;

export const HomeTileSchema = Type.Object(
  {
    position: Type.Integer({ minimum: 1, maximum: HOME_TILE_COUNT }),
    title: Type.String(),
    video: HomeTileVideoSchema,
    product: Type.Union([HomeTileProductSchema, Type.Null()]),
  },
  { $id: 'HomeTile' },
);
export type HomeTile = Static<typeof HomeTileSchema>;

export const HomeTilesResponseSchema = Type.Object({ tiles: Type.Array(HomeTileSchema) });
export type HomeTilesResponse = Static<typeof HomeTilesResponseSchema>;

export const HomeTilePositionParamsSchema = Type.Object({ position: Type.Integer({ minimum: 1, maximum: HOME_TILE_COUNT }) });
export type HomeTilePositionParams = Static<typeof HomeTilePositionParamsSchema>;

/**
 * PUT /home-tiles/{position}: the whole tile. `product` is a product id, or null for a tile without one; `variant` one
 * of that product's sizes (absent or null: the default size).
 */
export const UpdateHomeTileBodySchema = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 60 }),
  video: HomeTileVideoSchema,
  product: Type.Union([IdSchema, Type.Null()]),
  variant: Type.Optional(Type.Union([IdSchema, Type.Null()])),
});
export type UpdateHomeTileBody = Static<typeof UpdateHomeTileBodySchema>;

export const HomeTileResponseSchema = Type.Object({ tile: HomeTileSchema });
export type HomeTileResponse = Static<typeof HomeTileResponseSchema>;
