/**
 * The cart: lines of one product and one size with a quantity, kept in local storage. Product details are resolved by
 * the server (products/getcart) whenever the cart is shown.
 *
 * A line is `{ _id, variant?, cart_quantity }`: two sizes of one product are two lines. A line without `variant` (saved
 * before products had sizes, or added by a client that knows none) means the product's default size, whichever that
 * is when the cart is resolved; Add to cart of the default size raises that line rather than adding a second one.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '@shop/domain/constants';

export interface CartLine {
  _id: string;
  /** The size's `_id`; absent means the product's default size. */
  variant?: string;
  cart_quantity: number;
}

export interface CartState {
  items: CartLine[];
  /**
   * The PIN code the shopper last checked delivery to (the product page's PIN check, the cart's "Deliver to"), kept
   * with the cart so both pages quote the same place. Absent until one is checked.
   */
  pin?: string;
  /**
   * The coupon code the shopper applied in the cart (`DIWALI10`, as the server wrote it), kept with the cart like the
   * PIN and sent with the quote and the order; cleared when the order is placed. One code per checkout.
   */
  coupon?: string;
}

/**
 * Which line: a product and one of its sizes. `isDefault` says the size is the product's default, so a line saved
 * without a size is this line too. A bare product id means that product's line without a size.
 */
export interface LineRef {
  _id: string;
  variant?: string;
  isDefault?: boolean;
}

/** A size as the cart needs it to respect its stock: which line, and the units left. */
export interface StockedProduct extends LineRef {
  /** Units in stock (the size's `quantity`). */
  stock: number;
}

/** The most one line may hold: the stock left, and never more than one order line allows. */
export function lineLimit(stock: number): number {
  return Math.max(0, Math.min(stock, MAX_LINE_QUANTITY));
}

export const refOf = (ref: LineRef | string): LineRef => (typeof ref === 'string' ? { _id: ref } : ref);

/** The line a reference names: the same size, else (for the default size) the product's line saved without a size. */
export function findLineIndex(items: readonly CartLine[], ref: LineRef | string): number {
  const { _id, variant, isDefault } = refOf(ref);
  const exact = items.findIndex((i) => i._id === _id && i.variant === variant);
  if (exact >= 0 || !isDefault || variant === undefined) return exact;
  return items.findIndex((i) => i._id === _id && i.variant === undefined);
}

/** +1 on the size's line, never above its stock (a line already above stays); false when the cart has no such line. */
function raise(items: CartLine[], size: StockedProduct): boolean {
  const line = items[findLineIndex(items, size)];
  if (line) line.cart_quantity = Math.min(line.cart_quantity + 1, Math.max(lineLimit(size.stock), line.cart_quantity));
  return line !== undefined;
}

const initialState: CartState = { items: [] };

export const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {
    /** Add to cart / Buy Now: +1 when the size is already there, else a new line of 1; never above the stock. */
    itemAdded(state, action: PayloadAction<StockedProduct>) {
      const { _id, variant, stock } = action.payload;
      if (raise(state.items, action.payload)) return;
      if (state.items.length < MAX_CART_LINES && lineLimit(stock) >= 1) {
        state.items.push(variant === undefined ? { _id, cart_quantity: 1 } : { _id, variant, cart_quantity: 1 });
      }
    },
    /** Plus: +1, never above the stock left nor the largest quantity one order line may hold. */
    quantityIncreased(state, action: PayloadAction<StockedProduct>) {
      raise(state.items, action.payload);
    },
    /** The cart's lines as a re-read of the catalogue left them (features/cart/api/cart-lines.ts works them out). */
    linesReplaced(state, action: PayloadAction<CartLine[]>) {
      state.items = action.payload;
    },
    /** Minus: -1, and at 1 the line goes away. */
    quantityDecreased(state, action: PayloadAction<LineRef | string>) {
      const index = findLineIndex(state.items, action.payload);
      const line = state.items[index];
      if (!line) return;
      if (line.cart_quantity <= 1) state.items.splice(index, 1);
      else line.cart_quantity -= 1;
    },
    /** A delivery check to this PIN code (product page or "Deliver to"): remembered for the next check and the cart. */
    pinRemembered(state, action: PayloadAction<string>) {
      state.pin = action.payload;
    },
    /** The cart's "Apply coupon": a code the server's quote applied (one at a time: it replaces any other). */
    couponApplied(state, action: PayloadAction<string>) {
      state.coupon = action.payload;
    },
    /** "Remove" beside the applied coupon. */
    couponRemoved(state) {
      delete state.coupon;
    },
    /** After a verified payment (or a cash on delivery order placed): the coupon went with the order. */
    cartCleared(state) {
      state.items = [];
      delete state.coupon;
    },
  },
  selectors: {
    /** The badge counts distinct lines (a product in two sizes counts twice), not units. */
    selectCartCount: (state) => state.items.length,
  },
});

export const { itemAdded, quantityIncreased, quantityDecreased, linesReplaced, pinRemembered, couponApplied, couponRemoved, cartCleared } =
  cartSlice.actions;
export const { selectCartCount } = cartSlice.selectors;
