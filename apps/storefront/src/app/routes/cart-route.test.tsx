import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import type { QuoteBody } from '@shop/domain/schemas/delivery';
import type { CartItem } from '@shop/domain/schemas/products';
import type { User } from '@shop/domain/schemas/users';
import { customer, makeOrder, makeProduct, makeQuote } from '../../testing/fixtures';
import { renderApp, signedIn } from '../../testing/render-app';
import { apiPath, cartHandler, codOrderHandler, fail, quoteHandler, server } from '../../testing/server';

const ghee = makeProduct({ name: 'A2 Cow Ghee', price: 595, quantity: 10 });
const chaas = makeProduct({ name: 'Masala Chaas', price: 45, quantity: 10 });
const products = [ghee, chaas];

/** getcart, the shopper's profile and the quote bodies the server received (answered like the server, or by `answer`). */
function shopHandlers(profile: User | null, answer?: (body: QuoteBody) => Response) {
  const quotes: QuoteBody[] = [];
  const orders: unknown[] = [];
  server.use(
    cartHandler(products),
    quoteHandler(quotes, answer),
    http.get(apiPath('orders'), () => HttpResponse.json({ orders: [makeOrder({ order_number: 'SF-10234', payment: 'COD: to confirm' })] })),
  );
  if (profile) {
    server.use(
      http.get(apiPath('users/get-user'), () => HttpResponse.json({ user: profile })),
      http.get(apiPath('users/profile'), () => HttpResponse.json({ user: profile })),
      codOrderHandler(profile, 25900, orders),
    );
  }
  return { quotes, orders };
}

const summary = () => screen.getByRole('complementary', { name: 'Cart Summary' });
const grandTotal = () => within(summary()).getByText('Grand Total').parentElement;
const cart = (items: CartItem[]) => ({ cart: { items } });

describe('cart delivery', () => {
  it("quotes a guest's remembered PIN: items total, delivery fee, the dates, and the quote's total as Grand Total", async () => {
    const { quotes } = shopHandlers(null);
    const { user } = renderApp('/cart', { preloadedState: { cart: { items: [{ _id: chaas._id, cart_quantity: 2 }], pin: '560001' } } });
    expect(await within(await screen.findByRole('complementary', { name: 'Cart Summary' })).findByText('Arrives Tue 1 Dec – Fri 4 Dec')).toBeInTheDocument();
    expect(within(summary()).getByText('Items total').parentElement).toHaveTextContent('₹ 90.00');
    expect(within(summary()).getByText('Delivery to 560001').parentElement).toHaveTextContent('₹ 60.00');
    expect(grandTotal()).toHaveTextContent('₹ 150.00');
    // Guests cannot order: no payment choice, and only the online quote is asked.
    expect(screen.queryByRole('group', { name: 'Payment' })).not.toBeInTheDocument();
    expect(quotes).toEqual([{ pin: '560001', cart: [{ _id: chaas._id, cart_quantity: 2 }], payment_method: 'online' }]);

    // A change of quantity is quoted again; the delivery becomes free above the threshold.
    await user.click(screen.getByRole('button', { name: 'Add one Masala Chaas' }));
    await waitFor(() => expect(quotes.at(-1)?.cart).toEqual([{ _id: chaas._id, cart_quantity: 3 }]));
    await waitFor(() => expect(grandTotal()).toHaveTextContent('₹ 195.00'));
  });

  it('adds the COD fee when cash on delivery is chosen, the grand total being the quote’s, and places the order without a payment window', async () => {
    const { quotes, orders } = shopHandlers(customer);
    const { user, store } = renderApp('/cart', { preloadedState: { ...signedIn(customer), ...cart([{ _id: ghee._id, cart_quantity: 2 }]) } });
    const cod = await screen.findByRole('radio', { name: 'Cash on delivery (+₹ 49.00)' });
    expect(screen.getByRole('radio', { name: 'Pay online' })).toBeChecked();
    expect(grandTotal()).toHaveTextContent('₹ 1,190.00');
    expect(within(summary()).getByText('Delivery to 411001').parentElement).toHaveTextContent('Free');

    await user.click(cod);
    expect(await within(summary()).findByText('Cash on delivery fee')).toBeInTheDocument();
    expect(within(summary()).getByText('Cash on delivery fee').parentElement).toHaveTextContent('₹ 49.00');
    expect(grandTotal()).toHaveTextContent('₹ 1,239.00');
    expect(quotes).toContainEqual({ pin: '411001', cart: [{ _id: ghee._id, cart_quantity: 2 }], payment_method: 'cod' });

    const place = screen.getByRole('button', { name: 'Place order (cash on delivery)' });
    await waitFor(() => expect(place).toBeEnabled());
    await user.click(place);
    expect(await screen.findByRole('heading', { name: 'Order SF-10234' })).toBeInTheDocument();
    expect(screen.getByText('We have mailed you a link to confirm this order; unconfirmed orders are cancelled after 24 hours.')).toBeInTheDocument();
    expect(orders).toEqual([{ cart: [{ _id: ghee._id, cart_quantity: 2, currency: 'INR' }], currency: 'INR', payment_method: 'cod' }]);
    expect(store.getState().cart.items).toEqual([]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('disables cash on delivery with the reason the quote gives', async () => {
    shopHandlers(customer, (body) =>
      HttpResponse.json(
        makeQuote(body, { cod_available: false, cod_unavailable_reason: 'Cash on delivery is for orders up to ₹ 5,000.00', cod_fee: 0 }),
      ),
    );
    renderApp('/cart', { preloadedState: { ...signedIn(customer), ...cart([{ _id: ghee._id, cart_quantity: 1 }]) } });
    const cod = await screen.findByRole('radio', { name: /Cash on delivery/ });
    await waitFor(() => expect(cod).toBeDisabled());
    expect(cod).toHaveAccessibleDescription('Cash on delivery is for orders up to ₹ 5,000.00');
    expect(screen.getByRole('radio', { name: 'Pay online' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'PAY' })).toBeInTheDocument();
  });

  it('shows why the cart cannot go to the PIN and disables PAY with that reason', async () => {
    const reason = 'Fresh Paneer is delivered only near the farm, not to PIN 411001';
    shopHandlers(customer, (body) => HttpResponse.json(makeQuote(body, { serviceable: false, reason, cod_available: false })));
    renderApp('/cart', { preloadedState: { ...signedIn(customer), ...cart([{ _id: ghee._id, cart_quantity: 1 }]) } });
    const pay = await screen.findByRole('button', { name: 'PAY' });
    await waitFor(() => expect(pay).toHaveAccessibleDescription(reason));
    expect(pay).toBeDisabled();
    expect(within(summary()).getAllByText(reason).length).toBeGreaterThan(0);
  });

  it("shows the server's message when the order cannot be placed by cash on delivery, and keeps the cart", async () => {
    shopHandlers(customer);
    server.use(http.post(apiPath('orders'), () => fail(400, 'Cash on delivery is for orders up to ₹ 5,000.00')));
    const { user, store } = renderApp('/cart', { preloadedState: { ...signedIn(customer), ...cart([{ _id: ghee._id, cart_quantity: 1 }]) } });
    await user.click(await screen.findByRole('radio', { name: 'Cash on delivery (+₹ 49.00)' }));
    const place = await screen.findByRole('button', { name: 'Place order (cash on delivery)' });
    await waitFor(() => expect(place).toBeEnabled());
    await user.click(place);
    expect(await screen.findByText('Cash on delivery is for orders up to ₹ 5,000.00')).toBeInTheDocument();
    expect(store.getState().cart.items).toEqual([{ _id: ghee._id, cart_quantity: 1 }]);
  });
});
