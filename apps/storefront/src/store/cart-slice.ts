/**
 * The cart: product ids with a quantity, kept in local storage. Product details are resolved by the
 * server (products/getcart) whenever the cart is shown.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '@shop/domain/constants';

export interface CartLine {
  _id: string;
  cart_quantity: number;
}

export interface CartState {
  items: CartLine[];
}

/** A product as the cart needs it to respect its stock: its id and the units left. */
export interface StockedProduct {
  _id: string;
  /** Units in stock (the product's `quantity`). */
  stock: number;
}

/** The most one line may hold: the stock left, and never more than one order line allows. */
export function lineLimit(stock: number): number {
  return Math.max(0, Math.min(stock, MAX_LINE_QUANTITY));
}

const initialState: CartState = { items: [] };

export const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {
    /** Add to cart / Buy Now: +1 when the product is already there, else a new line of 1; never above the stock. */
    itemAdded(state, action: PayloadAction<StockedProduct>) {
      const { _id, stock } = action.payload;
      const limit = lineLimit(stock);
      const line = state.items.find((i) => i._id === _id);
      if (line) {
        line.cart_quantity = Math.min(line.cart_quantity + 1, Math.max(limit, line.cart_quantity));
      } else if (state.items.length < MAX_CART_LINES && limit >= 1) {
        state.items.push({ _id, cart_quantity: 1 });
      }
    },
    /** Plus: +1, never above the stock left nor the largest quantity one order line may hold. */
    quantityIncreased(state, action: PayloadAction<StockedProduct>) {
      const { _id, stock } = action.payload;
      const line = state.items.find((i) => i._id === _id);
      if (line) line.cart_quantity = Math.min(line.cart_quantity + 1, Math.max(lineLimit(stock), line.cart_quantity));
    },
    /** The cart re-read the stock: lines above it come down to it, and lines of a sold-out product go. */
    linesClampedToStock(state, action: PayloadAction<StockedProduct[]>) {
      const stock = new Map(action.payload.map((p) => [p._id, lineLimit(p.stock)]));
      state.items = state.items.flatMap((line) => {
        const limit = stock.get(line._id);
        if (limit === undefined || line.cart_quantity <= limit) return [line];
        return limit > 0 ? [{ ...line, cart_quantity: limit }] : [];
      });
    },
    /** Minus: -1, and at 1 the line goes away. */
    quantityDecreased(state, action: PayloadAction<string>) {
      const index = state.items.findIndex((i) => i._id === action.payload);
      const line = state.items[index];
      if (!line) return;
      if (line.cart_quantity <= 1) state.items.splice(index, 1);
      else line.cart_quantity -= 1;
    },
    /** Lines the server no longer knows (a deleted product) are dropped when the cart is resolved. */
    unknownItemsDropped(state, action: PayloadAction<string[]>) {
      const gone = new Set(action.payload);
      state.items = state.items.filter((i) => !gone.has(i._id));
    },
    /** After a verified payment. */
    cartCleared(state) {
      state.items = [];
    },
  },
  selectors: {
    selectCartItems: (state) => state.items,
    /** The badge counts distinct products, not units. */
    selectCartCount: (state) => state.items.length,
    selectLineQuantity: (state, id: string) => state.items.find((i) => i._id === id)?.cart_quantity ?? 0,
  },
});

export const { itemAdded, quantityIncreased, quantityDecreased, linesClampedToStock, unknownItemsDropped, cartCleared } =
  cartSlice.actions;
export const { selectCartItems, selectCartCount, selectLineQuantity } = cartSlice.selectors;
