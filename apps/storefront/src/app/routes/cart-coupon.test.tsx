import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import type { QuoteBody, QuoteResponse } from '@shop/domain/schemas/delivery';
import { customer, makeProduct, makeQuote } from '../../testing/fixtures';
import { renderApp, signedIn } from '../../testing/render-app';
import { apiPath, cartHandler, codOrderHandler, quoteHandler, server } from '../../testing/server';

const ghee = makeProduct({ name: 'A2 Cow Ghee', price: 595, quantity: 10 });
const chaas = makeProduct({ name: 'Masala Chaas', price: 45, quantity: 10 });
const products = [ghee, chaas];

/**
 * The quote as the server answers a coupon: DIWALI10 takes 10% off the items (delivery free from ₹999 of items after
 * it), FREESHIP waives the delivery fee, OLD5 has expired, any other code is unknown. A refused code answers the totals
 * without it and says why.
 */
function couponQuote(body: QuoteBody): QuoteResponse {
  const base = makeQuote(body);
  const code = body.coupon?.trim().toUpperCase();
  if (!code) return base;
  if (code === 'DIWALI10') {
    const discount = Math.round(base.items_total * 10) / 100;
    const shipping_fee = base.items_total - discount >= 999 ? 0 : 60;
    return { ...base, discount, shipping_fee, total: base.items_total - discount + shipping_fee + base.cod_fee, coupon: { code, kind: 'percent', shipping_waived: 0 } };
  }
  if (code === 'FREESHIP') {
    return { ...base, shipping_fee: 0, total: base.items_total + base.cod_fee, coupon: { code, kind: 'free_shipping', shipping_waived: base.shipping_fee } };
  }
  return { ...base, coupon_refused: code === 'OLD5' ? 'The coupon OLD5 expired on 31 Oct 2026.' : `There is no coupon ${code}.` };
}

/** getcart, the shopper's profile, the quote (couponQuote) and POST /orders (cash on delivery); the bodies sent are kept. */
function shopHandlers() {
  const quotes: QuoteBody[] = [];
  const orders: unknown[] = [];
  server.use(
    cartHandler(products),
    quoteHandler(quotes, (body) => HttpResponse.json(couponQuote(body))),
    http.get(apiPath('orders'), () => HttpResponse.json({ orders: [] })),
    http.get(apiPath('users/profile'), () => HttpResponse.json({ user: customer })),
    codOrderHandler(customer, 110000, orders, { discount: 119, coupon: 'DIWALI10' }),
  );
  return { quotes, orders };
}

const summary = () => screen.getByRole('complementary', { name: 'Cart Summary' });
const grandTotal = () => within(summary()).getByText('Grand Total').parentElement;
const couponBox = () => within(summary()).getByRole('form', { name: 'Coupon' });
const twoGhee = { cart: { items: [{ _id: ghee._id, cart_quantity: 2 }] } };

describe('Apply coupon in the cart', () => {
  it('applies a code as typed, shows its discount as a line of its own and in the grand total, and sends it with the order', async () => {
    const { quotes, orders } = shopHandlers();
    const { user, store } = renderApp('/cart', { preloadedState: { ...signedIn(customer), ...twoGhee } });
    await waitFor(() => expect(grandTotal()).toHaveTextContent('₹ 1,190.00'));

    await user.type(within(couponBox()).getByLabelText('Apply coupon'), ' diwali10 ');
    await user.click(within(couponBox()).getByRole('button', { name: 'Apply' }));

    const discount = await within(summary()).findByText('Coupon DIWALI10');
    expect(discount.parentElement).toHaveTextContent('− ₹ 119.00');
    await waitFor(() => expect(grandTotal()).toHaveTextContent('₹ 1,071.00'));
    expect(within(summary()).getByText('Items total').parentElement).toHaveTextContent('₹ 1,190.00');
    const applied = within(summary()).getByRole('region', { name: 'Coupon' });
    expect(applied).toHaveTextContent('Coupon DIWALI10 applied');
    expect(within(applied).getByRole('button', { name: 'Remove coupon DIWALI10' })).toBeInTheDocument();
    // Remembered with the cart as the server writes it; the quotes on screen carry it.
    expect(store.getState().cart.coupon).toBe('DIWALI10');
    expect(quotes).toContainEqual({ pin: '411001', cart: [{ _id: ghee._id, cart_quantity: 2 }], payment_method: 'online', coupon: 'DIWALI10' });

    // Cash on delivery: its quote has the coupon too, and the order goes with it; placing it forgets the code.
    await user.click(screen.getByRole('radio', { name: /^Cash on delivery/ }));
    const place = await screen.findByRole('button', { name: 'Place order (cash on delivery)' });
    await waitFor(() => expect(grandTotal()).toHaveTextContent('₹ 1,120.00'));
    await waitFor(() => expect(place).toBeEnabled());
    await user.click(place);
    expect(await screen.findByRole('heading', { name: 'Order SF-10234' })).toBeInTheDocument();
    expect(orders).toEqual([{ cart: [{ _id: ghee._id, cart_quantity: 2, currency: 'INR' }], currency: 'INR', payment_method: 'cod', coupon: 'DIWALI10' }]);
    expect(store.getState().cart).toMatchObject({ items: [] });
    expect(store.getState().cart.coupon).toBeUndefined();
  });

  it("shows a refused code's reason under the field and changes nothing: totals, the typed code, the code applied before", async () => {
    const { quotes } = shopHandlers();
    const { user, store } = renderApp('/cart', { preloadedState: { ...signedIn(customer), ...twoGhee } });
    await waitFor(() => expect(grandTotal()).toHaveTextContent('₹ 1,190.00'));
    const field = within(couponBox()).getByLabelText('Apply coupon');

    await user.type(field, 'old5');
    await user.click(within(couponBox()).getByRole('button', { name: 'Apply' }));
    expect(await within(couponBox()).findByRole('alert')).toHaveTextContent('The coupon OLD5 expired on 31 Oct 2026.');
    expect(field).toHaveAccessibleDescription('The coupon OLD5 expired on 31 Oct 2026.');
    expect(field).toHaveValue('old5');
    expect(grandTotal()).toHaveTextContent('₹ 1,190.00');
    expect(within(summary()).queryByText(/^Coupon /)).not.toBeInTheDocument();
    expect(store.getState().cart.coupon).toBeUndefined();

    // A code that cannot be one is answered at once, without asking the server. (Counted are the codes tried: the
    // cart's own quotes, online and cash on delivery, are asked a moment after the page has its place and may come
    // in meanwhile; they carry no code, as none is applied.)
    const tried = () => quotes.filter((q) => q.coupon !== undefined).length;
    const asked = tried();
    await user.clear(field);
    await user.type(field, '10% off!');
    await user.click(within(couponBox()).getByRole('button', { name: 'Apply' }));
    expect(within(couponBox()).getByRole('alert')).toHaveTextContent('There is no coupon 10% off!: a code is 3 to 30 letters, digits, - or _.');
    await user.clear(field);
    await user.click(within(couponBox()).getByRole('button', { name: 'Apply' }));
    expect(within(couponBox()).getByRole('alert')).toHaveTextContent('Enter a coupon code.');
    expect(tried()).toBe(asked);
  });

  it('shows free delivery from a coupon as its saving, and Remove takes the coupon off', async () => {
    const { quotes } = shopHandlers();
    const { user, store } = renderApp('/cart', { preloadedState: { ...signedIn(customer), cart: { items: [{ _id: chaas._id, cart_quantity: 2 }] } } });
    await waitFor(() => expect(grandTotal()).toHaveTextContent('₹ 150.00'));
    await user.type(within(couponBox()).getByLabelText('Apply coupon'), 'freeship');
    await user.click(within(couponBox()).getByRole('button', { name: 'Apply' }));

    expect(await within(summary()).findByText('Coupon FREESHIP: free delivery')).toBeInTheDocument();
    expect(within(summary()).getByText('Coupon FREESHIP: free delivery').parentElement).toHaveTextContent('saves ₹ 60.00');
    expect(within(summary()).getByText('Delivery to 411001').parentElement).toHaveTextContent('Free');
    await waitFor(() => expect(grandTotal()).toHaveTextContent('₹ 90.00'));

    await user.click(within(summary()).getByRole('button', { name: 'Remove coupon FREESHIP' }));
    await waitFor(() => expect(grandTotal()).toHaveTextContent('₹ 150.00'));
    expect(within(summary()).queryByText(/^Coupon FREESHIP/)).not.toBeInTheDocument();
    expect(store.getState().cart.coupon).toBeUndefined();
    expect(within(couponBox()).getByLabelText('Apply coupon')).toHaveValue('');
    expect(quotes).toContainEqual({ pin: '411001', cart: [{ _id: chaas._id, cart_quantity: 2 }], payment_method: 'online', coupon: 'FREESHIP' });
  });

  it('says so when a remembered code no longer applies to this cart, the totals being those without it', async () => {
    shopHandlers();
    renderApp('/cart', { preloadedState: { ...signedIn(customer), cart: { items: [{ _id: ghee._id, cart_quantity: 2 }], coupon: 'OLD5' } } });
    const applied = await within(await screen.findByRole('complementary', { name: 'Cart Summary' })).findByRole('region', { name: 'Coupon' });
    await waitFor(() => expect(applied).toHaveTextContent('Coupon OLD5 not applied'));
    expect(within(applied).getByRole('alert')).toHaveTextContent('The coupon OLD5 expired on 31 Oct 2026.');
    expect(grandTotal()).toHaveTextContent('₹ 1,190.00');
  });

  it('asks for the delivery place first when the cart has none to quote', async () => {
    shopHandlers();
    const { user } = renderApp('/cart', { preloadedState: { cart: { items: [{ _id: chaas._id, cart_quantity: 1 }] } } });
    const box = await within(await screen.findByRole('complementary', { name: 'Cart Summary' })).findByRole('form', { name: 'Coupon' });
    await user.type(within(box).getByLabelText('Apply coupon'), 'DIWALI10');
    await user.click(within(box).getByRole('button', { name: 'Apply' }));
    expect(await within(box).findByRole('alert')).toHaveTextContent('Check delivery to your PIN code first: the coupon is worked out with the delivery.');
  });
});
