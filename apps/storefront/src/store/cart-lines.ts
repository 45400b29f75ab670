/**
 * The cart's lines against getcart's answer: pairing them, clamping them to the stock re-read, dropping what the shop no
 * longer sells. Kept out of the store's module, which every page loads; the store only takes the result (linesReplaced).
 */
import { findLineIndex, lineLimit, refOf, type CartLine, type CartState, type LineRef, type StockedProduct } from './cart-slice';

/** The cart's lines (the cart and checkout pages; the header needs only their count, selectCartCount). */
export const selectCartItems = (state: { cart: CartState }) => state.cart.items;

/** The coupon code applied in the cart (the cart and PAY), absent without one. */
export const selectCartCoupon = (state: { cart: CartState }) => state.cart.coupon;

/**
 * How many of one size the cart holds (for the default size, a line saved without a size counts). Here rather than
 * among the slice's selectors: only the product page asks, and the store's module weighs on every first load.
 */
export const selectLineQuantity = (state: { cart: CartState }, ref: LineRef | string) =>
  state.cart.items[findLineIndex(state.cart.items, ref)]?.cart_quantity ?? 0;

/** Two lines are the same when they name the same product and size (as the line stores it). */
export const lineKey = (line: { _id: string; variant?: string }) => `${line._id}\u0000${line.variant ?? ''}`;

/**
 * Pairs the cart's lines with the server's answer (getcart): a line with a size takes the answer of that size, and a
 * line without one takes the product's answer left over (the default size). A line with no answer is undefined: the
 * server no longer sells that product or size.
 */
export function pairLines<D extends { _id: string; variant?: string }>(items: readonly CartLine[], details: readonly D[]): Array<D | undefined> {
  const unused = [...details];
  const take = (match: (d: D) => boolean) => {
    const at = unused.findIndex(match);
    return at >= 0 ? unused.splice(at, 1)[0] : undefined;
  };
  const paired: Array<D | undefined> = items.map((i) => (i.variant === undefined ? undefined : take((d) => d._id === i._id && d.variant === i.variant)));
  items.forEach((i, n) => {
    if (i.variant === undefined) paired[n] = take((d) => d._id === i._id);
  });
  return paired;
}

/** Lines above the stock re-read come down to it, and lines of a sold-out size go. */
export function clampedToStock(items: readonly CartLine[], sizes: readonly StockedProduct[]): CartLine[] {
  const stock = new Map(sizes.map((p) => [lineKey(p), lineLimit(p.stock)]));
  return items.flatMap((line) => {
    const limit = stock.get(lineKey(line));
    if (limit === undefined || line.cart_quantity <= limit) return [line];
    return limit > 0 ? [{ ...line, cart_quantity: limit }] : [];
  });
}

/** Lines the server no longer knows (a deleted product, a removed size) go; a bare product id takes every line of it. */
export function withoutLines(items: readonly CartLine[], gone: ReadonlyArray<LineRef | string>): CartLine[] {
  const refs = gone.map(refOf);
  return items.filter((i) => !refs.some((g) => g._id === i._id && ('variant' in g ? g.variant === i.variant : true)));
}
