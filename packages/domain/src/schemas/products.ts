import { Type, type Static } from '@sinclair/typebox';
import { IdSchema, ImageDataUrlSchema, ImageUrlSchema, PageSchema, SlugSchema } from './common.js';
import { CategorySchema, SolutionSchema } from './catalogue.js';
import { GST_RATES, HSN_CODE_PATTERN, MAX_CART_LINES, MAX_LINE_QUANTITY } from '../constants.js';
import { CURRENCIES } from '../money.js';

export const ProductSchema = Type.Object(
  {
    _id: IdSchema,
    name: Type.String(),
    slug: Type.String(),
    /** Base currency (INR), rupees. */
    price: Type.Number(),
    /** Stock count. */
    quantity: Type.Integer(),
    category: CategorySchema,
    solutions: Type.Array(SolutionSchema),
    shortdesc: Type.String(),
    description: Type.String(),
    /** Rich HTML, sanitised by the server. */
    contents: Type.String(),
    image: Type.Optional(ImageUrlSchema),
    highlighted: Type.Boolean(),
    /** HSN code for the tax invoice (absent when not classified). */
    hsn_code: Type.Optional(Type.String()),
    /** GST rate in percent (GST_RATES); absent when not set. */
    gst_rate: Type.Optional(Type.Number()),
  },
  { $id: 'Product' },
);
export type Product = Static<typeof ProductSchema>;

export const ProductsResponseSchema = Type.Object({ products: Type.Array(ProductSchema) });
export type ProductsResponse = Static<typeof ProductsResponseSchema>;
export const ProductResponseSchema = Type.Object({ product: ProductSchema });
export type ProductResponse = Static<typeof ProductResponseSchema>;

export const PageParamsSchema = Type.Object({ page: PageSchema });
export type PageParams = Static<typeof PageParamsSchema>;
export const SlugPageParamsSchema = Type.Object({ slug: SlugSchema, page: PageSchema });
export type SlugPageParams = Static<typeof SlugPageParamsSchema>;
export const RelatedParamsSchema = Type.Object({ productId: IdSchema, categoryId: IdSchema });
export type RelatedParams = Static<typeof RelatedParamsSchema>;
export const SearchParamsSchema = Type.Object({ query: Type.String({ minLength: 1, maxLength: 100 }) });
export type SearchParams = Static<typeof SearchParamsSchema>;

export const CountResponseSchema = Type.Object({ count: Type.Integer() });
export type CountResponse = Static<typeof CountResponseSchema>;

const PriceSchema = Type.Number({ exclusiveMinimum: 0, maximum: 10_000_000, multipleOf: 0.01 });
const StockSchema = Type.Integer({ minimum: 0, maximum: 1_000_000 });
/** '' or null clears the code. */
const HsnCodeSchema = Type.Union([Type.String({ pattern: HSN_CODE_PATTERN }), Type.Literal(''), Type.Null()]);
/** null clears the rate. */
export const GstRateSchema = Type.Union([...GST_RATES.map((r) => Type.Literal(r)), Type.Null()]);

/** POST products (admin). */
export const CreateProductBodySchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 120 }),
  price: PriceSchema,
  category: IdSchema,
  solutions: Type.Optional(Type.Array(IdSchema, { maxItems: 20 })),
  shortdesc: Type.Optional(Type.String({ maxLength: 300 })),
  description: Type.Optional(Type.String({ maxLength: 5000 })),
  contents: Type.Optional(Type.String({ maxLength: 100_000 })),
  quantity: StockSchema,
  image: Type.Optional(ImageDataUrlSchema),
  highlighted: Type.Optional(Type.Boolean()),
  hsn_code: Type.Optional(HsnCodeSchema),
  gst_rate: Type.Optional(GstRateSchema),
});
export type CreateProductBody = Static<typeof CreateProductBodySchema>;

/** PUT products/{id} (admin): any product field, plus a new image and the one it replaces. */
export const UpdateProductBodySchema = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
  price: Type.Optional(PriceSchema),
  category: Type.Optional(IdSchema),
  solutions: Type.Optional(Type.Array(IdSchema, { maxItems: 20 })),
  shortdesc: Type.Optional(Type.String({ maxLength: 300 })),
  description: Type.Optional(Type.String({ maxLength: 5000 })),
  contents: Type.Optional(Type.String({ maxLength: 100_000 })),
  quantity: Type.Optional(StockSchema),
  /**
   * The stock the editor was showing. With `quantity`, the update is refused (409) when checkouts changed the
   * stock meanwhile, so an admin's save never puts back units that shoppers just reserved.
   */
  expected_quantity: Type.Optional(StockSchema),
  image: Type.Optional(ImageDataUrlSchema),
  old_image: Type.Optional(Type.String({ maxLength: 2000 })),
  highlighted: Type.Optional(Type.Boolean()),
  hsn_code: Type.Optional(HsnCodeSchema),
  gst_rate: Type.Optional(GstRateSchema),
});
export type UpdateProductBody = Static<typeof UpdateProductBodySchema>;

export const ProductMessageResponseSchema = Type.Object({ product: ProductSchema, message: Type.String() });
export type ProductMessageResponse = Static<typeof ProductMessageResponseSchema>;

export const CurrencyCodeSchema = Type.Union(CURRENCIES.map((c) => Type.Literal(c)));

/** One cart line as the browser keeps it. */
export const CartItemSchema = Type.Object({
  _id: IdSchema,
  cart_quantity: Type.Integer({ minimum: 1, maximum: MAX_LINE_QUANTITY }),
  currency: Type.Optional(CurrencyCodeSchema),
});
export type CartItem = Static<typeof CartItemSchema>;

/**
 * A cart line as POST /products/getcart takes it: loose on purpose, since carts live in the browser for months.
 * A line whose id is not a product id or whose quantity is not a whole number from 1 is dropped, not refused.
 */
export const GetCartLineSchema = Type.Object({
  _id: Type.String({ maxLength: 100, description: 'a product id' }),
  cart_quantity: Type.Number({ description: 'how many; more than the line maximum counts as the maximum' }),
  currency: Type.Optional(Type.String({ maxLength: 10 })),
});
export type GetCartLine = Static<typeof GetCartLineSchema>;

export const GetCartBodySchema = Type.Object({ cart: Type.Array(GetCartLineSchema, { maxItems: MAX_CART_LINES }) });
export type GetCartBody = Static<typeof GetCartBodySchema>;

/** A cart line resolved against the catalogue: current name, price, image and stock. */
export const CartDetailSchema = Type.Object({
  _id: IdSchema,
  name: Type.String(),
  slug: Type.String(),
  price: Type.Number(),
  image: Type.Optional(ImageUrlSchema),
  shortdesc: Type.String(),
  quantity: Type.Integer(),
  cart_quantity: Type.Integer(),
});
export type CartDetail = Static<typeof CartDetailSchema>;

export const GetCartResponseSchema = Type.Object({ cartDetails: Type.Array(CartDetailSchema) });
export type GetCartResponse = Static<typeof GetCartResponseSchema>;

export const ProductsDashboardResponseSchema = Type.Object({
  products_count: Type.Integer(),
  products: Type.Array(Type.Object({ category: Type.String(), number_of_products: Type.Integer() })),
});
export type ProductsDashboardResponse = Static<typeof ProductsDashboardResponseSchema>;
