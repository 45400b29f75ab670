import { keepShopSaved, restoreRememberedCoupon, restoreRememberedPin } from './keep-saved';
import { restoreSavedState } from './saved-state';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '@shop/domain/constants';
import {
  cartCleared,
  cartSlice,
  itemAdded,
  quantityDecreased,
  quantityIncreased,
  selectCartCount,
  linesReplaced,
  pinRemembered,
  couponApplied,
  couponRemoved,
} from './cart-slice';
import { clampedToStock, selectLineQuantity, withoutLines } from './cart-lines';
import { signedIn, signedOut } from '@shop/app-kit/session';
import { currencySelected } from './currency-slice';
import { makeStore } from './store';

const reduce = cartSlice.reducer;
const empty = { items: [] };

describe('cart slice', () => {
  it('adds a new product with quantity 1 and raises an existing one by 1', () => {
    let state = reduce(empty, itemAdded({ _id: 'a', stock: 1000 }));
    expect(state.items).toEqual([{ _id: 'a', cart_quantity: 1 }]);
    state = reduce(state, itemAdded({ _id: 'a', stock: 1000 }));
    state = reduce(state, itemAdded({ _id: 'b', stock: 1000 }));
    expect(state.items).toEqual([
      { _id: 'a', cart_quantity: 2 },
      { _id: 'b', cart_quantity: 1 },
    ]);
  });

  it('plus raises by 1; minus lowers by 1 and deletes the line at 1', () => {
    let state = reduce({ items: [{ _id: 'a', cart_quantity: 2 }] }, quantityIncreased({ _id: 'a', stock: 1000 }));
    expect(state.items[0]!.cart_quantity).toBe(3);
    state = reduce(state, quantityDecreased('a'));
    state = reduce(state, quantityDecreased('a'));
    expect(state.items).toEqual([{ _id: 'a', cart_quantity: 1 }]);
    state = reduce(state, quantityDecreased('a'));
    expect(state.items).toEqual([]);
  });

  it('stops plus and add-to-cart at the largest line quantity', () => {
    let state = { items: [{ _id: 'a', cart_quantity: MAX_LINE_QUANTITY - 1 }] };
    state = reduce(state, quantityIncreased({ _id: 'a', stock: 1000 }));
    state = reduce(state, quantityIncreased({ _id: 'a', stock: 1000 }));
    state = reduce(state, itemAdded({ _id: 'a', stock: 1000 }));
    expect(state.items[0]!.cart_quantity).toBe(MAX_LINE_QUANTITY);
  });

  it('never takes a line above the stock, from add or plus', () => {
    let state = reduce(empty, itemAdded({ _id: 'a', stock: 2 }));
    state = reduce(state, itemAdded({ _id: 'a', stock: 2 }));
    state = reduce(state, itemAdded({ _id: 'a', stock: 2 }));
    state = reduce(state, quantityIncreased({ _id: 'a', stock: 2 }));
    expect(state.items).toEqual([{ _id: 'a', cart_quantity: 2 }]);
    expect(reduce(state, itemAdded({ _id: 'sold-out', stock: 0 })).items).toEqual([{ _id: 'a', cart_quantity: 2 }]);
  });

  it('clamps lines to the stock re-read by the cart and drops sold-out ones', () => {
    const items = [{ _id: 'a', cart_quantity: 22 }, { _id: 'b', cart_quantity: 3 }, { _id: 'c', cart_quantity: 1 }, { _id: 'd', cart_quantity: 2 }];
    const state = reduce(
      { items },
      linesReplaced(
        clampedToStock(items, [
          { _id: 'a', stock: 18 },
          { _id: 'b', stock: 0 },
          { _id: 'c', stock: 5 },
        ]),
      ),
    );
    expect(state.items).toEqual([
      { _id: 'a', cart_quantity: 18 },
      { _id: 'c', cart_quantity: 1 },
      { _id: 'd', cart_quantity: 2 },
    ]);
  });

  it('holds at most MAX_CART_LINES distinct products', () => {
    let state = { items: Array.from({ length: MAX_CART_LINES }, (_, i) => ({ _id: `p${i}`, cart_quantity: 1 })) };
    state = reduce(state, itemAdded({ _id: 'one-too-many', stock: 1000 }));
    expect(state.items).toHaveLength(MAX_CART_LINES);
  });

  it('ignores plus and minus for a product not in the cart, drops unknown lines, and clears', () => {
    let state = reduce({ items: [{ _id: 'a', cart_quantity: 1 }, { _id: 'gone', cart_quantity: 3 }] }, quantityIncreased({ _id: 'x', stock: 1000 }));
    state = reduce(state, quantityDecreased('x'));
    state = reduce(state, linesReplaced(withoutLines(state.items, ['gone'])));
    expect(state.items).toEqual([{ _id: 'a', cart_quantity: 1 }]);
    expect(reduce(state, cartCleared()).items).toEqual([]);
  });

  it('counts distinct products for the badge', () => {
    const store = makeStore({ cart: { items: [{ _id: 'a', cart_quantity: 5 }, { _id: 'b', cart_quantity: 1 }] } });
    expect(selectCartCount(store.getState())).toBe(2);
  });
});

describe('a cart line is one product in one size', () => {
  it('keeps two sizes of one product as two lines, each raised, lowered and capped by its own stock', () => {
    let state = reduce(empty, itemAdded({ _id: 'ghee', variant: 'v250', stock: 1 }));
    state = reduce(state, itemAdded({ _id: 'ghee', variant: 'v1l', stock: 10 }));
    state = reduce(state, itemAdded({ _id: 'ghee', variant: 'v250', stock: 1 }));
    state = reduce(state, quantityIncreased({ _id: 'ghee', variant: 'v1l', stock: 10 }));
    expect(state.items).toEqual([
      { _id: 'ghee', variant: 'v250', cart_quantity: 1 },
      { _id: 'ghee', variant: 'v1l', cart_quantity: 2 },
    ]);
    state = reduce(state, quantityDecreased({ _id: 'ghee', variant: 'v250' }));
    expect(state.items).toEqual([{ _id: 'ghee', variant: 'v1l', cart_quantity: 2 }]);
    state = reduce(state, linesReplaced(clampedToStock(state.items, [{ _id: 'ghee', variant: 'v1l', stock: 1 }])));
    expect(state.items).toEqual([{ _id: 'ghee', variant: 'v1l', cart_quantity: 1 }]);
  });

  it('counts a line saved before sizes as the default size: adding the default raises it, another size is a new line', () => {
    const saved = { items: [{ _id: 'ghee', cart_quantity: 2 }] };
    let state = reduce(saved, itemAdded({ _id: 'ghee', variant: 'v500', isDefault: true, stock: 10 }));
    expect(state.items).toEqual([{ _id: 'ghee', cart_quantity: 3 }]);
    expect(selectLineQuantity({ cart: state }, { _id: 'ghee', variant: 'v500', isDefault: true })).toBe(3);
    expect(selectLineQuantity({ cart: state }, { _id: 'ghee', variant: 'v250' })).toBe(0);
    state = reduce(state, itemAdded({ _id: 'ghee', variant: 'v250', stock: 10 }));
    expect(state.items).toEqual([
      { _id: 'ghee', cart_quantity: 3 },
      { _id: 'ghee', variant: 'v250', cart_quantity: 1 },
    ]);
    expect(withoutLines(state.items, [{ _id: 'ghee', variant: 'v250' }])).toEqual([{ _id: 'ghee', cart_quantity: 3 }]);
    expect(withoutLines(state.items, ['ghee'])).toEqual([]);
  });

});

/**
 * How long to wait for redux-persist's writes (its own timers): vi.waitFor's default 1 s is not enough on a loaded
 * 2-core machine; the wait ends as soon as the write is there.
 */
const SAVE_WAIT = { timeout: 30_000 };

/** What main.tsx does: restore at once, then keep saving once redux-persist's chunk is in. Returns what stops the saving. */
function restoreAndKeepSaved(store: ReturnType<typeof makeStore>) {
  restoreSavedState(store);
  return keepShopSaved(store);
}

/** A page load after a reload, for the remembered PIN or coupon: the saved state, then `restoreRemembered`. */
function reloadWith(restoreRemembered: (store: ReturnType<typeof makeStore>) => void) {
  const store = makeStore();
  restoreSavedState(store);
  restoreRemembered(store);
  return store;
}

/** A field of the cart as it is saved in local storage (redux-persist keeps each field as JSON text). */
const savedCartField = (field: string): unknown => JSON.parse(JSON.parse(localStorage.getItem('persist:cart')!)[field]);

describe('persistence', () => {
  it('keeps what a shopper saved before the upgrade: the same keys and form, read back and written alike', async () => {
    // As the hand-written saver (and redux-persist before it) left them in a shopper's browser.
    const before = {
      'persist:auth': '{"token":"\\"shopper-token\\"","_persist":"{\\"version\\":-1,\\"rehydrated\\":true}"}',
      'persist:cart': '{"items":"[{\\"_id\\":\\"ghee\\",\\"cart_quantity\\":2}]","_persist":"{\\"version\\":-1,\\"rehydrated\\":true}"}',
      'persist:currency': '{"code":"\\"USD\\"","_persist":"{\\"version\\":-1,\\"rehydrated\\":true}"}',
    };
    for (const [key, text] of Object.entries(before)) localStorage.setItem(key, text);
    const store = makeStore();
    restoreAndKeepSaved(store);
    expect(store.getState().auth.token).toBe('shopper-token');
    expect(store.getState().cart.items).toEqual([{ _id: 'ghee', cart_quantity: 2 }]);
    expect(store.getState().currency.code).toBe('USD');
    await new Promise((resolve) => setTimeout(resolve, 20));
    for (const [key, text] of Object.entries(before)) expect(localStorage.getItem(key)).toBe(text);
  });


  it('saves the cart, the token and the chosen currency to local storage on every change', async () => {
    const store = makeStore();
    restoreAndKeepSaved(store);
    store.dispatch(itemAdded({ _id: 'a', stock: 1000 }));
    store.dispatch(itemAdded({ _id: 'a', stock: 1000 }));
    store.dispatch(signedIn('tok'));
    store.dispatch(currencySelected('EUR'));
    await vi.waitFor(() => {
      expect(JSON.parse(JSON.parse(localStorage.getItem('persist:cart')!).items)).toEqual([{ _id: 'a', cart_quantity: 2 }]);
      const auth = JSON.parse(localStorage.getItem('persist:auth')!);
      expect(JSON.parse(auth.token)).toBe('tok');
      expect(JSON.parse(JSON.parse(localStorage.getItem('persist:currency')!).code)).toBe('EUR');
    }, SAVE_WAIT);
  });

  it('loads the cart, the token and the chosen currency from local storage on start (a reload keeps them)', async () => {
    localStorage.setItem('persist:cart', JSON.stringify({ items: JSON.stringify([{ _id: 'b', cart_quantity: 3 }]), _persist: '{"version":-1,"rehydrated":true}' }));
    localStorage.setItem('persist:auth', JSON.stringify({ token: JSON.stringify('saved'), _persist: '{"version":-1,"rehydrated":true}' }));
    localStorage.setItem('persist:currency', JSON.stringify({ code: JSON.stringify('AED'), _persist: '{"version":-1,"rehydrated":true}' }));
    const store = makeStore();
    restoreAndKeepSaved(store);
    expect(store.getState().cart.items).toEqual([{ _id: 'b', cart_quantity: 3 }]);
    expect(store.getState().auth.token).toBe('saved');
    expect(store.getState().currency.code).toBe('AED');
  });

  it('remembers the delivery PIN with the cart across a reload, and ignores a saved one that is not a PIN', async () => {
    const first = makeStore();
    const stopFirst = restoreAndKeepSaved(first);
    first.dispatch(pinRemembered('560001'));
    await vi.waitFor(() => expect(savedCartField('pin')).toBe('560001'), SAVE_WAIT);
    stopFirst();
    expect(reloadWith(restoreRememberedPin).getState().cart.pin).toBe('560001');
    // A saved value that is not a PIN is ignored.
    localStorage.setItem('persist:cart', JSON.stringify({ items: '[]', pin: JSON.stringify('56x') }));
    expect(reloadWith(restoreRememberedPin).getState().cart.pin).toBeUndefined();
  });

  it('remembers the applied coupon with the cart across a reload, ignores a damaged one, and forgets it when the order is placed', async () => {
    const first = makeStore();
    const stopFirst = restoreAndKeepSaved(first);
    first.dispatch(itemAdded({ _id: 'a', stock: 10 }));
    first.dispatch(couponApplied('DIWALI10'));
    await vi.waitFor(() => expect(savedCartField('coupon')).toBe('DIWALI10'), SAVE_WAIT);
    stopFirst();
    const again = reloadWith(restoreRememberedCoupon);
    expect(again.getState().cart.coupon).toBe('DIWALI10');
    // One code at a time: another replaces it; Remove and a placed order take it away.
    again.dispatch(couponApplied('FIRST50'));
    expect(again.getState().cart.coupon).toBe('FIRST50');
    again.dispatch(couponRemoved());
    expect(again.getState().cart.coupon).toBeUndefined();
    again.dispatch(couponApplied('FIRST50'));
    again.dispatch(cartCleared());
    expect(again.getState().cart).toEqual({ items: [] });
    localStorage.setItem('persist:cart', JSON.stringify({ items: '[]', coupon: JSON.stringify('<b>') }));
    expect(reloadWith(restoreRememberedCoupon).getState().cart.coupon).toBeUndefined();
  });

  it('loads saved lines with and without a size; a damaged size falls back to the default size', () => {
    const saved = [
      { _id: 'ghee', cart_quantity: 2 },
      { _id: 'ghee', variant: 'v250', cart_quantity: 1 },
      { _id: 'oil', variant: 42, cart_quantity: 1 },
    ];
    localStorage.setItem('persist:cart', JSON.stringify({ items: JSON.stringify(saved) }));
    const store = makeStore();
    restoreSavedState(store);
    expect(store.getState().cart.items).toEqual([
      { _id: 'ghee', cart_quantity: 2 },
      { _id: 'ghee', variant: 'v250', cart_quantity: 1 },
      { _id: 'oil', cart_quantity: 1 },
    ]);
  });

  it('ignores a damaged or hand-edited entry, field by field, and keeps the rest', () => {
    localStorage.setItem('persist:cart', JSON.stringify({ items: JSON.stringify([{ _id: 'b', cart_quantity: 3 }, { _id: 'c', cart_quantity: -1 }, 'x']) }));
    localStorage.setItem('persist:auth', '{not json');
    localStorage.setItem('persist:currency', JSON.stringify({ code: JSON.stringify('XYZ') }));
    const store = makeStore();
    restoreAndKeepSaved(store);
    expect(store.getState().cart.items).toEqual([{ _id: 'b', cart_quantity: 3 }]);
    expect(store.getState().auth.token).toBeNull();
    expect(store.getState().currency.code).toBe('INR');
  });

  it('takes a saved currency only when it is one the shop sells in', () => {
    localStorage.setItem('persist:currency', JSON.stringify({ code: JSON.stringify('toString') }));
    const store = makeStore();
    restoreAndKeepSaved(store);
    expect(store.getState().currency.code).toBe('INR');
  });

  it('removes nothing it did not change, and signing out removes the saved session', async () => {
    localStorage.setItem('persist:auth', JSON.stringify({ token: JSON.stringify('saved') }));
    localStorage.setItem('persist:cart', JSON.stringify({ items: JSON.stringify([{ _id: 'b', cart_quantity: 3 }]) }));
    const store = makeStore();
    restoreAndKeepSaved(store);
    store.dispatch(signedOut());
    await vi.waitFor(() => expect(localStorage.getItem('persist:auth')).toBeNull(), SAVE_WAIT);
    expect(JSON.parse(JSON.parse(localStorage.getItem('persist:cart')!).items)).toEqual([{ _id: 'b', cart_quantity: 3 }]);
  });

  it('keeps a cart change made before redux-persist has loaded, beside the saved cart', async () => {
    localStorage.setItem('persist:cart', JSON.stringify({ items: JSON.stringify([{ _id: 'b', cart_quantity: 3 }]) }));
    const store = makeStore();
    restoreSavedState(store);
    store.dispatch(itemAdded({ _id: 'a', stock: 1000 }));
    keepShopSaved(store);
    await vi.waitFor(() =>
      expect(JSON.parse(JSON.parse(localStorage.getItem('persist:cart')!).items)).toEqual([
        { _id: 'b', cart_quantity: 3 },
        { _id: 'a', cart_quantity: 1 },
      ]),
      SAVE_WAIT,
    );
  });
});
