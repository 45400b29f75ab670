import { Type, type Static } from '@sinclair/typebox';
import { IdSchema, ImageDataUrlSchema, ImageUrlSchema, PageSchema, SlugSchema } from './common.js';
import { CategorySchema, SolutionSchema } from './catalogue.js';
import { ProductRatingSchema } from './reviews.js';
import { GST_RATES, HSN_CODE_PATTERN, MAX_CART_LINES, MAX_LINE_QUANTITY } from '../constants.js';
import { CURRENCIES } from '../money.js';

/**
 * One size of a product (issue 28): its own label (the net quantity, "500 ml"), SKU, price, MRP, stock and packed
 * weight. Sizes are listed in `position` order; exactly one is the default.
 */
export const VariantSchema = Type.Object(
  {
    _id: IdSchema,
    /** The net quantity or pack as the label says it: "500 ml", "1 kg", "Pack of 2". */
    label: Type.String(),
    /** Unique across the shop and never given to another size. */
    sku: Type.String(),
    /** INR rupees, GST included. */
    price: Type.Number(),
    /** Maximum retail price (INR rupees, inclusive of all taxes); absent when not printed. Never below `price`. */
    mrp: Type.Optional(Type.Number()),
    /** Stock on hand. */
    quantity: Type.Integer(),
    /** Packed weight in grams, for delivery fees. */
    weight_grams: Type.Integer(),
    position: Type.Integer(),
    is_default: Type.Boolean(),
    /**
     * The low-stock threshold (issue 33): the shop is mailed once when the stock goes from above it to at or below it.
     * In the admin's answers only (GET products, POST products, PUT products/{id}); default 5.
     */
    low_stock_at: Type.Optional(Type.Integer()),
  },
  { $id: 'Variant' },
);
export type Variant = Static<typeof VariantSchema>;

/**
 * What the Legal Metrology (Packaged Commodities) Rules ask a listing to say besides the MRP and the net quantity
 * (the size's label). Each is the product's own or, when it has none, the shop's default from configuration.
 */
export const LabelDetailsSchema = Type.Object(
  {
    /** Manufacturer's or packer's name and address. */
    packer: Type.String(),
    country_of_origin: Type.String(),
    /** "Best before 9 months from packing", or a shelf life. */
    best_before: Type.String(),
    /** Consumer care contact: phone, email, address. */
    consumer_care: Type.String(),
  },
  { $id: 'LabelDetails' },
);
export type LabelDetails = Static<typeof LabelDetailsSchema>;

export const ProductSchema = Type.Object(
  {
    _id: IdSchema,
    name: Type.String(),
    slug: Type.String(),
    /** Base currency (INR), rupees: the default size's price. */
    price: Type.Number(),
    /** Stock count: the default size's stock. */
    quantity: Type.Integer(),
    /** Every size on sale, in `position` order (at least one). */
    variants: Type.Array(VariantSchema),
    /** The cheapest and dearest size's price (INR rupees); equal when there is one size or all cost the same. */
    price_from: Type.Number(),
    price_to: Type.Number(),
    label_details: LabelDetailsSchema,
    category: CategorySchema,
    solutions: Type.Array(SolutionSchema),
    shortdesc: Type.String(),
    description: Type.String(),
    /** Rich HTML, sanitised by the server. */
    contents: Type.String(),
    image: Type.Optional(ImageUrlSchema),
    highlighted: Type.Boolean(),
    /** Delivered only to the shop's local PINs (fresh dairy); absent means false. */
    local_only: Type.Optional(Type.Boolean()),
    /** HSN code for the tax invoice (absent when not classified). */
    hsn_code: Type.Optional(Type.String()),
    /** GST rate in percent (GST_RATES); absent when not set. */
    gst_rate: Type.Optional(Type.Number()),
    /**
     * The published reviews' mean rating (one decimal) and count (issue 33), for the cards' stars and the page's
     * JSON-LD. Absent while the product has no published review.
     */
    rating: Type.Optional(ProductRatingSchema),
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

/** Letters, digits and . _ - (upper and lower case are the same SKU). */
export const SKU_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$';
export const MAX_VARIANTS = 20;

/**
 * One size as the admin sends it in POST products / PUT products/{id}: a size with `_id` is updated, one without is
 * added, and a size of the product left out of the list is removed (hidden, when it was ever ordered).
 */
export const VariantInputSchema = Type.Object({
  _id: Type.Optional(IdSchema),
  label: Type.String({ minLength: 1, maxLength: 40 }),
  sku: Type.String({ pattern: SKU_PATTERN }),
  price: PriceSchema,
  /** null or absent: no MRP printed. Must not be below `price`. */
  mrp: Type.Optional(Type.Union([PriceSchema, Type.Null()])),
  quantity: StockSchema,
  /** The stock the editor was showing for this size: refused (409) when checkouts changed it meanwhile. */
  expected_quantity: Type.Optional(StockSchema),
  weight_grams: Type.Integer({ minimum: 0, maximum: 100_000 }),
  /** The low-stock threshold (issue 33): absent keeps the size's own (5 for a new size). */
  low_stock_at: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  /** At most one is true; when none is, the first size is the default. */
  is_default: Type.Optional(Type.Boolean()),
});
export type VariantInput = Static<typeof VariantInputSchema>;
const VariantsInputSchema = Type.Array(VariantInputSchema, { minItems: 1, maxItems: MAX_VARIANTS });

/** The product's own label details; '' or null means the shop's default. */
const LabelDetailsInputSchema = Type.Object({
  packer: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
  country_of_origin: Type.Optional(Type.Union([Type.String({ maxLength: 60 }), Type.Null()])),
  best_before: Type.Optional(Type.Union([Type.String({ maxLength: 120 }), Type.Null()])),
  consumer_care: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
});
/** '' or null clears the code. */
const HsnCodeSchema = Type.Union([Type.String({ pattern: HSN_CODE_PATTERN }), Type.Literal(''), Type.Null()]);
/** null clears the rate. */
export const GstRateSchema = Type.Union([...GST_RATES.map((r) => Type.Literal(r)), Type.Null()]);

/**
 * Fields POST products and PUT products/{id} take alike (optional in both), spread into each body where they stand so
 * that both keep their order of fields.
 */
const ProductDetailInputs = {
  solutions: Type.Optional(Type.Array(IdSchema, { maxItems: 20 })),
  shortdesc: Type.Optional(Type.String({ maxLength: 300 })),
  description: Type.Optional(Type.String({ maxLength: 5000 })),
  contents: Type.Optional(Type.String({ maxLength: 100_000 })),
  quantity: Type.Optional(StockSchema),
};
const ProductFlagInputs = {
  highlighted: Type.Optional(Type.Boolean()),
  /** Delivered only to the shop's local PINs (the Delivery screen's list). */
  local_only: Type.Optional(Type.Boolean()),
  hsn_code: Type.Optional(HsnCodeSchema),
  gst_rate: Type.Optional(GstRateSchema),
};

/**
 * POST products (admin). A spec client sends `price` and `quantity` (one size, the default); an admin that knows sizes
 * sends `variants` instead (then `price` and `quantity` are not needed; when sent too they are ignored).
 */
export const CreateProductBodySchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 120 }),
  price: Type.Optional(PriceSchema),
  category: IdSchema,
  ...ProductDetailInputs,
  variants: Type.Optional(VariantsInputSchema),
  label_details: Type.Optional(LabelDetailsInputSchema),
  image: Type.Optional(ImageDataUrlSchema),
  ...ProductFlagInputs,
});
export type CreateProductBody = Static<typeof CreateProductBodySchema>;

/**
 * PUT products/{id} (admin): any product field, plus a new image and the one it replaces. `price`, `quantity` and
 * `expected_quantity` are the default size's (what a spec client edits); `variants` is the whole list of sizes.
 */
export const UpdateProductBodySchema = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
  price: Type.Optional(PriceSchema),
  category: Type.Optional(IdSchema),
  ...ProductDetailInputs,
  /**
   * The stock the editor was showing. With `quantity`, the update is refused (409) when checkouts changed the
   * stock meanwhile, so an admin's save never puts back units that shoppers just reserved.
   */
  expected_quantity: Type.Optional(StockSchema),
  variants: Type.Optional(VariantsInputSchema),
  label_details: Type.Optional(LabelDetailsInputSchema),
  image: Type.Optional(ImageDataUrlSchema),
  old_image: Type.Optional(Type.String({ maxLength: 2000 })),
  ...ProductFlagInputs,
});
export type UpdateProductBody = Static<typeof UpdateProductBodySchema>;

export const ProductMessageResponseSchema = Type.Object({ product: ProductSchema, message: Type.String() });
export type ProductMessageResponse = Static<typeof ProductMessageResponseSchema>;

export const CurrencyCodeSchema = Type.Union(CURRENCIES.map((c) => Type.Literal(c)));

/** One cart line as the browser keeps it. */
export const CartItemSchema = Type.Object({
  _id: IdSchema,
  /** The size's `_id`; absent means the product's default size (carts saved before sizes). */
  variant: Type.Optional(IdSchema),
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
  variant: Type.Optional(Type.String({ maxLength: 100, description: "a size's id; absent means the default size" })),
  cart_quantity: Type.Number({ description: 'how many; more than the line maximum counts as the maximum' }),
  currency: Type.Optional(Type.String({ maxLength: 10 })),
});
export type GetCartLine = Static<typeof GetCartLineSchema>;

export const GetCartBodySchema = Type.Object({ cart: Type.Array(GetCartLineSchema, { maxItems: MAX_CART_LINES }) });
export type GetCartBody = Static<typeof GetCartBodySchema>;

/** A cart line resolved against the catalogue: current name, price, image and stock (of the line's size). */
export const CartDetailSchema = Type.Object({
  _id: IdSchema,
  /** The size's id, label and SKU; `price`, `mrp` and `quantity` are that size's. */
  variant: IdSchema,
  variant_label: Type.String(),
  sku: Type.String(),
  name: Type.String(),
  slug: Type.String(),
  price: Type.Number(),
  mrp: Type.Optional(Type.Number()),
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
