import { MAX_VARIANTS, SKU_PATTERN, type Product, type VariantInput } from '@shop/domain/schemas/products';

/** One row of the sizes grid; numbers stay text until they are sent, as in the rest of the product form. */
export interface SizeRow {
  /** React's key: the size's `_id`, or a made-up one for a size not saved yet. */
  key: string;
  _id?: string;
  label: string;
  sku: string;
  price: string;
  mrp: string;
  quantity: string;
  weight_grams: string;
  /** At or below this stock the shop is mailed once and the dashboard lists the size (issue 33). */
  low_stock_at: string;
  is_default: boolean;
  /** The stock the editor was shown for a saved size: sent as `expected_quantity`. */
  shown_quantity?: number;
}

export { MAX_VARIANTS };

/** A new size's low-stock threshold, as the server defaults it. */
const DEFAULT_LOW_STOCK_AT = 5;

let made = 0;
export function newSizeRow(over: Partial<SizeRow> = {}): SizeRow {
  return { key: `new-${++made}`, label: '', sku: '', price: '', mrp: '', quantity: '', weight_grams: '', low_stock_at: String(DEFAULT_LOW_STOCK_AT), is_default: false, ...over };
}

export function sizeRowsOf(product: Product): SizeRow[] {
  return [...product.variants]
    .sort((a, b) => a.position - b.position)
    .map((v) => ({
      key: v._id,
      _id: v._id,
      label: v.label,
      sku: v.sku,
      price: String(v.price),
      mrp: v.mrp === undefined ? '' : String(v.mrp),
      quantity: String(v.quantity),
      weight_grams: String(v.weight_grams),
      low_stock_at: String(v.low_stock_at ?? DEFAULT_LOW_STOCK_AT),
      is_default: v.is_default,
      shown_quantity: v.quantity,
    }));
}

/** The row the SPEC's Price and Quantity fields edit. */
export function defaultIndex(rows: SizeRow[]): number {
  const i = rows.findIndex((r) => r.is_default);
  return i < 0 ? 0 : i;
}

/** What the form compares to see a change: the rows without their React keys. */
export function sizesSignature(rows: SizeRow[]): string {
  return JSON.stringify(rows.map(({ key: _key, ...rest }) => rest));
}

/** A new product whose one size has neither label nor SKU is sent as the SPEC sends it: price and quantity only. */
export function isSpecOnly(rows: SizeRow[]): boolean {
  const [only] = rows;
  return rows.length === 1 && !!only && !only._id && [only.label, only.sku, only.mrp, only.weight_grams].every((t) => t.trim() === '');
}

export type SizeField = 'label' | 'sku' | 'price' | 'mrp' | 'quantity' | 'weight_grams' | 'low_stock_at';
/** Plain-word problems per row and field, found before anything is sent. */
export type SizeErrors = Array<Partial<Record<SizeField, string>>>;

const SKU = new RegExp(SKU_PATTERN);
const isBlank = (t: string) => t.trim() === '';

export function sizeErrors(rows: SizeRow[]): SizeErrors {
  const skus = rows.map((r) => r.sku.trim().toUpperCase());
  return rows.map((r, i) => {
    const e: Partial<Record<SizeField, string>> = {};
    if (isBlank(r.label)) e.label = 'Enter the size, e.g. 500 ml';
    else if (r.label.trim().length > 40) e.label = 'Keep the size under 40 characters';
    if (isBlank(r.sku)) e.sku = 'Enter a SKU';
    else if (!SKU.test(r.sku.trim())) e.sku = 'Use letters, digits, dots, dashes or underscores (up to 40)';
    else if (skus.indexOf(skus[i]!) !== i) e.sku = 'Another size has this SKU';
    const price = Number(r.price);
    if (isBlank(r.price) || !(price > 0)) e.price = 'Enter a price above 0';
    if (!isBlank(r.mrp)) {
      const mrp = Number(r.mrp);
      if (!(mrp > 0)) e.mrp = 'Enter an MRP above 0, or leave it empty';
      else if (price > 0 && mrp < price) e.mrp = 'MRP cannot be below the price';
    }
    if (isBlank(r.quantity) || !Number.isInteger(Number(r.quantity)) || Number(r.quantity) < 0) e.quantity = 'Enter the stock as a whole number';
    if (!isBlank(r.weight_grams) && (!Number.isInteger(Number(r.weight_grams)) || Number(r.weight_grams) < 0))
      e.weight_grams = 'Enter the weight in whole grams';
    if (isBlank(r.low_stock_at) || !Number.isInteger(Number(r.low_stock_at)) || Number(r.low_stock_at) < 0)
      e.low_stock_at = 'Enter the low-stock level as a whole number (0 for no warning)';
    return e;
  });
}

export function hasSizeErrors(errors: SizeErrors): boolean {
  return errors.some((e) => Object.keys(e).length > 0);
}

/** The sizes as POST products / PUT products/{id} take them; a saved size carries the stock the editor showed. */
export function variantsOf(rows: SizeRow[]): VariantInput[] {
  const def = defaultIndex(rows);
  return rows.map((r, i) => ({
    ...(r._id ? { _id: r._id } : {}),
    label: r.label.trim(),
    sku: r.sku.trim(),
    price: Number(r.price),
    mrp: isBlank(r.mrp) ? null : Number(r.mrp),
    quantity: Number(r.quantity),
    ...(r.shown_quantity !== undefined ? { expected_quantity: r.shown_quantity } : {}),
    weight_grams: isBlank(r.weight_grams) ? 0 : Number(r.weight_grams),
    low_stock_at: Number(r.low_stock_at),
    is_default: i === def,
  }));
}
