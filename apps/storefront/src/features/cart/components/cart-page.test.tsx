import { http, HttpResponse } from 'msw';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { CartItem } from '@shop/domain/schemas/products';
import type { User } from '@shop/domain/schemas/users';
import { customer, makeProduct, makeVariant } from '../../../testing/fixtures';
import { renderApp, signedIn } from '../../../testing/render-app';
import { apiPath, cartHandler, fail, server } from '../../../testing/server';

const ghee = makeProduct({ name: 'A2 Cow Ghee', price: 595, quantity: 10 });
const oil = makeProduct({ name: 'Hair Oil', price: 995, quantity: 3 });
const products = [ghee, oil];

/** The signed-in shopper's profile, and the bodies PUT users/profile received. */
function profileHandlers(profile: User) {
  const saved: unknown[] = [];
  let current = profile;
  server.use(
    http.get(apiPath('users/get-user'), () => HttpResponse.json({ user: current })),
    http.get(apiPath('users/profile'), () => HttpResponse.json({ user: current })),
    http.put(apiPath('users/profile'), async ({ request }) => {
      const body = (await request.json()) as Partial<User>;
      saved.push(body);
      current = { ...current, ...body, email: current.email };
      return HttpResponse.json({ user: current, message: 'Profile updated successfully' });
    }),
  );
  return saved;
}

const twoLines = { cart: { items: [{ _id: ghee._id, cart_quantity: 2 }, { _id: oil._id, cart_quantity: 1 }] } };
const location = () => screen.getByTestId('location').textContent;
const summary = () => screen.getByRole('complementary', { name: 'Cart Summary' });

describe('cart page', () => {
  it('says nothing about the delivery of an empty cart', async () => {
    profileHandlers({ ...customer, phone: '', address: '', pin: '', state: '' });
    renderApp('/cart', { preloadedState: signedIn(customer) });
    expect(await screen.findByText('Cart is empty')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'PAY' })).toBeDisabled();
    expect(screen.queryByRole('region', { name: 'Deliver to' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Please add your/)).not.toBeInTheDocument();
  });

  it("says 'Cart is empty' with Shop Now, and PAY is disabled", async () => {
    const { user } = renderApp('/cart');
    expect(await screen.findByText('Cart is empty')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'PAY' })).toBeDisabled();
    await user.click(screen.getByRole('link', { name: 'Shop Now' }));
    server.use(http.get(apiPath('products/list/1'), () => HttpResponse.json({ products: [] })));
    await waitFor(() => expect(location()).toBe('/allproducts'));
  });

  it('shows each line, the subtotals and the grand total', async () => {
    server.use(cartHandler(products));
    renderApp('/cart', { preloadedState: twoLines });
    expect(await screen.findByRole('heading', { name: 'Cart Summary' })).toBeInTheDocument();
    const s = summary();
    expect(within(s).getByText('Products:')).toHaveTextContent('Products: 2');
    const rows = within(s).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('A2 Cow Ghee (500 ml)₹ 595.002₹ 1,190.00');
    expect(rows[2]).toHaveTextContent('Hair Oil (500 ml)₹ 995.001₹ 995.00');
    expect(within(s).getByText('Grand Total').parentElement).toHaveTextContent('₹ 2,185.00');
    expect(screen.getAllByText(ghee.shortdesc, { selector: '.cart-line__desc' })).toHaveLength(2);
  });

  it('plus and minus change the quantity; minus at 1 removes the line', async () => {
    server.use(cartHandler(products));
    const { user, store } = renderApp('/cart', { preloadedState: twoLines });
    await user.click(await screen.findByRole('button', { name: 'Add one A2 Cow Ghee' }));
    expect(within(screen.getByRole('group', { name: 'Quantity of A2 Cow Ghee' })).getByText('3')).toBeInTheDocument();
    await waitFor(() => expect(within(summary()).getByText('Grand Total').parentElement).toHaveTextContent('₹ 2,780.00'));
    await user.click(screen.getByRole('button', { name: 'Remove one Hair Oil' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Quantity of Hair Oil' })).not.toBeInTheDocument());
    expect(store.getState().cart.items).toEqual([{ _id: ghee._id, cart_quantity: 3 }]);
    expect(screen.getByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument();
  });

  it('stops plus at the stock left and names the limit', async () => {
    server.use(cartHandler(products));
    const { user, store } = renderApp('/cart', { preloadedState: { cart: { items: [{ _id: oil._id, cart_quantity: 2 }] } } });
    await user.click(await screen.findByRole('button', { name: 'Add one Hair Oil' }));
    expect(await screen.findByText('Only 3 left', { selector: '.cart-line__limit' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add one Hair Oil' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only 3 left');
    expect(store.getState().cart.items).toEqual([{ _id: oil._id, cart_quantity: 3 }]);
  });

  it('tells a guest that a product deleted from the catalogue was taken out of the cart, by its name', async () => {
    const deleted = makeProduct({ name: 'Haldi Infused Ghee', quantity: 5 });
    const items = [
      { _id: deleted._id, cart_quantity: 1 },
      { _id: ghee._id, cart_quantity: 2 },
    ];
    // A visit while the product was still sold: the cart shows it.
    server.use(cartHandler([deleted, ghee]));
    renderApp('/cart', { preloadedState: { cart: { items } } });
    expect(await within(await screen.findByRole('complementary', { name: 'Cart Summary' })).findByText('Haldi Infused Ghee')).toBeInTheDocument();
    cleanup();

    // The owner deleted it; the next visit says so instead of dropping it silently.
    server.use(cartHandler([ghee]));
    const { store } = renderApp('/cart', { preloadedState: { cart: { items } } });
    expect(await screen.findByText('Haldi Infused Ghee is no longer sold and was taken out of your cart.')).toBeInTheDocument();
    await waitFor(() => expect(store.getState().cart.items).toEqual([{ _id: ghee._id, cart_quantity: 2 }]));
  });

  it('says "A product" when the deleted product was never named in this browser', async () => {
    server.use(cartHandler([ghee]));
    const { store } = renderApp('/cart', {
      preloadedState: { cart: { items: [{ _id: '65f0c0ffee0000000000dead', cart_quantity: 1 }, { _id: ghee._id, cart_quantity: 1 }] } },
    });
    expect(await screen.findByText('A product is no longer sold and was taken out of your cart.')).toBeInTheDocument();
    await waitFor(() => expect(store.getState().cart.items).toEqual([{ _id: ghee._id, cart_quantity: 1 }]));
  });

  it('re-reads the stock when it opens and brings lines above it down, telling the shopper', async () => {
    const scarce = makeProduct({ name: 'Bilona Ghee', quantity: 18 });
    const gone = makeProduct({ name: 'Buffalo Ghee', quantity: 0 });
    server.use(cartHandler([scarce, gone, ghee]));
    const { store } = renderApp('/cart', {
      preloadedState: {
        cart: {
          items: [
            { _id: scarce._id, cart_quantity: 22 },
            { _id: gone._id, cart_quantity: 1 },
            { _id: ghee._id, cart_quantity: 2 },
          ],
        },
      },
    });
    expect(await screen.findByText('Only 18 left of Bilona Ghee (500 ml): your cart now holds 18.')).toBeInTheDocument();
    expect(await screen.findByText('Buffalo Ghee (500 ml) is sold out and was taken out of your cart.')).toBeInTheDocument();
    await waitFor(() =>
      expect(store.getState().cart.items).toEqual([
        { _id: scarce._id, cart_quantity: 18 },
        { _id: ghee._id, cart_quantity: 2 },
      ]),
    );
    expect(within(await screen.findByRole('group', { name: 'Quantity of Bilona Ghee' })).getByText('18')).toBeInTheDocument();
  });

  it("tells guests 'Please login to checkout' and keeps PAY disabled", async () => {
    server.use(cartHandler(products));
    renderApp('/cart', { preloadedState: twoLines });
    const hint = await screen.findByRole('link', { name: 'Please login to checkout' });
    expect(hint).toHaveAttribute('href', '/login');
    expect(screen.getByRole('button', { name: 'PAY' })).toBeDisabled();
  });

  it('enables PAY for a signed-in shopper with a cart and a complete delivery, shown with Change', async () => {
    profileHandlers(customer);
    server.use(cartHandler(products));
    renderApp('/cart', { preloadedState: { ...signedIn(customer), ...twoLines } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'PAY' })).toBeEnabled());
    expect(screen.queryByText('Please login to checkout')).not.toBeInTheDocument();
    const block = screen.getByRole('region', { name: 'Deliver to' });
    expect(within(block).getByText('Farm Road 1, Pune')).toBeInTheDocument();
    expect(within(block).getByText('Maharashtra 411001')).toBeInTheDocument();
    expect(within(block).getByRole('button', { name: 'Change' })).toBeInTheDocument();
  });

  it('keeps PAY disabled for an empty profile, says what is missing, and saves the delivery to the profile', async () => {
    const empty: User = { ...customer, phone: '', address: '', pin: '', state: '' };
    const saved = profileHandlers(empty);
    server.use(cartHandler(products));
    const { user } = renderApp('/cart', { preloadedState: { ...signedIn(empty), ...twoLines } });
    expect(await screen.findByText('Please add your phone number, delivery address, state and 6-digit PIN code in the Deliver to details before paying')).toBeInTheDocument();
    const pay = screen.getByRole('button', { name: 'PAY' });
    expect(pay).toBeDisabled();

    const form = screen.getByRole('form', { name: 'Deliver to' });
    expect(within(form).getByLabelText('Name')).toHaveValue('Asha Rao');
    expect(within(form).getByLabelText('Address')).toHaveAttribute('rows', '5');
    await user.type(within(form).getByLabelText('Phone'), '9812345678');
    await user.type(within(form).getByLabelText('Address'), 'House 4, Mill Lane\nNashik');
    await user.selectOptions(within(form).getByLabelText('State'), 'Maharashtra');
    await user.type(within(form).getByLabelText('PIN code'), '4220');
    await user.click(within(form).getByRole('button', { name: 'Save delivery details' }));
    expect(await within(form).findByText('Enter the 6-digit PIN code')).toBeInTheDocument();
    expect(saved).toEqual([]);

    await user.type(within(form).getByLabelText('PIN code'), '01');
    await user.click(within(form).getByRole('button', { name: 'Save delivery details' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(saved).toEqual([
      { name: 'Asha Rao', email: customer.email, phone: '+91 98123 45678', address: 'House 4, Mill Lane\nNashik', pin: '422001', state: 'Maharashtra' },
    ]);
    await waitFor(() => expect(pay).toBeEnabled());
    expect(screen.queryByText(/Please add your/)).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Deliver to' })).getByText('Maharashtra 422001')).toBeInTheDocument();
  });

  it('needs no PIN code outside India, and PAY waits while the delivery is being changed', async () => {
    const saved = profileHandlers(customer);
    server.use(cartHandler(products));
    const { user } = renderApp('/cart', { preloadedState: { ...signedIn(customer), ...twoLines } });
    const pay = await screen.findByRole('button', { name: 'PAY' });
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Change' }));
    expect(pay).toBeDisabled();
    expect(screen.getByText('Please save your Deliver to details before paying')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('State'), 'Outside India');
    expect(screen.queryByLabelText('PIN code')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save delivery details' }));
    await waitFor(() => expect(pay).toBeEnabled());
    expect(saved).toEqual([expect.objectContaining({ pin: '', state: 'Outside India' })]);
  });

  it('keeps the form open when what the server kept is still incomplete', async () => {
    const empty: User = { ...customer, pin: '', state: '' };
    server.use(
      cartHandler(products),
      http.get(apiPath('users/get-user'), () => HttpResponse.json({ user: empty })),
      http.get(apiPath('users/profile'), () => HttpResponse.json({ user: empty })),
      // A server that does not keep the state and PIN code.
      http.put(apiPath('users/profile'), () => HttpResponse.json({ user: empty, message: 'Profile updated successfully' })),
    );
    const { user } = renderApp('/cart', { preloadedState: { ...signedIn(empty), ...twoLines } });
    const form = await screen.findByRole('form', { name: 'Deliver to' });
    await user.selectOptions(within(form).getByLabelText('State'), 'Maharashtra');
    await user.type(within(form).getByLabelText('PIN code'), '411001');
    await user.click(within(form).getByRole('button', { name: 'Save delivery details' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Deliver to' })).toBeInTheDocument();
    expect(screen.getByText('Choose the state')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'PAY' })).toBeDisabled();
  });

  it('says plainly what will be charged in INR when another currency is shown', async () => {
    profileHandlers(customer);
    server.use(cartHandler(products));
    const { user } = renderApp('/cart', { preloadedState: { ...signedIn(customer), ...twoLines } });
    await screen.findByRole('heading', { name: 'Cart Summary' });
    expect(screen.queryByText(/You will be charged/)).not.toBeInTheDocument();
    const select = screen.getByRole('combobox', { name: 'Currency' });
    await waitFor(() => expect(within(select).getByRole('option', { name: 'USD' })).toBeEnabled());
    await user.selectOptions(select, 'USD');
    expect(within(summary()).getByRole('note')).toHaveTextContent('You will be charged ₹ 2,185.00 in Indian rupees (INR).');
  });

  it('drops lines whose product no longer exists', async () => {
    server.use(cartHandler([ghee]));
    const { store } = renderApp('/cart', { preloadedState: twoLines });
    await waitFor(() => expect(store.getState().cart.items).toEqual([{ _id: ghee._id, cart_quantity: 2 }]));
  });

  it('shows prices in the chosen currency', async () => {
    server.use(cartHandler(products));
    const { user } = renderApp('/cart', { preloadedState: twoLines });
    await screen.findByRole('heading', { name: 'Cart Summary' });
    const select = screen.getByRole('combobox', { name: 'Currency' });
    await waitFor(() => expect(within(select).getByRole('option', { name: 'AED' })).toBeEnabled());
    await user.selectOptions(select, 'AED');
    expect(within(summary()).getByText('Grand Total').parentElement).toHaveTextContent('AED 96.14');
  });

  it("shows the server's message when the cart cannot be resolved", async () => {
    server.use(http.post(apiPath('products/getcart'), () => fail(400, 'cart/0/_id must be an id')));
    renderApp('/cart', { preloadedState: twoLines });
    expect(await screen.findByText('cart/0/_id must be an id')).toBeInTheDocument();
    // The toast is raised by the base query at once; the store tells the page of the failure on the next frame
    // (RTK's autoBatchEnhancer), so the page's own words may come a moment later.
    expect(await screen.findByText('Your cart could not be loaded.')).toBeInTheDocument();
  });

  describe('sizes', () => {
    const small = makeVariant({ label: '250 ml', sku: 'A2-GHEE-250', price: 350, quantity: 8, is_default: false });
    const large = makeVariant({ label: '1 L', sku: 'A2-GHEE-1L', price: 1890, quantity: 2, is_default: false });
    const mid = makeVariant({ label: '500 ml', sku: 'A2-GHEE-500', price: 595, quantity: 5, is_default: true });
    const a2 = makeProduct({ name: 'A2 Gir Cow Bilona Ghee', variants: [small, mid, large] });

    it('shows two sizes of one product as two lines, each with its size, SKU and price; plus and minus act on one', async () => {
      const bodies: Array<{ cart: CartItem[] }> = [];
      server.use(cartHandler([a2], bodies));
      const items = [
        { _id: a2._id, variant: small._id, cart_quantity: 2 },
        { _id: a2._id, variant: large._id, cart_quantity: 1 },
      ];
      const { user, store } = renderApp('/cart', { preloadedState: { cart: { items } } });
      const lines = (await screen.findAllByRole('group', { name: /^Quantity of/ })).map((g) => g.closest('li')!);
      expect(lines).toHaveLength(2);
      expect(lines[0]).toHaveTextContent('250 mlSKU A2-GHEE-250');
      expect(lines[1]).toHaveTextContent('1 LSKU A2-GHEE-1L');
      expect(bodies[0]!.cart).toEqual([
        { _id: a2._id, variant: small._id, cart_quantity: 2 },
        { _id: a2._id, variant: large._id, cart_quantity: 1 },
      ]);
      const rows = within(summary()).getAllByRole('row');
      expect(rows[1]).toHaveTextContent('A2 Gir Cow Bilona Ghee (250 ml)₹ 350.002₹ 700.00');
      expect(rows[2]).toHaveTextContent('A2 Gir Cow Bilona Ghee (1 L)₹ 1,890.001₹ 1,890.00');
      expect(within(summary()).getByText('Grand Total').parentElement).toHaveTextContent('₹ 2,590.00');
      expect(screen.getByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Add one A2 Gir Cow Bilona Ghee 250 ml' }));
      await user.click(screen.getByRole('button', { name: 'Remove one A2 Gir Cow Bilona Ghee 1 L' }));
      await waitFor(() => expect(store.getState().cart.items).toEqual([{ _id: a2._id, variant: small._id, cart_quantity: 3 }]));
      expect(screen.queryByRole('group', { name: /Quantity of A2 Gir Cow Bilona Ghee 1 L/ })).not.toBeInTheDocument();
    });

    it('shows a line saved before sizes (no size) as the default size, and keeps it as it was saved', async () => {
      const bodies: Array<{ cart: CartItem[] }> = [];
      server.use(cartHandler([a2], bodies));
      const { user, store } = renderApp('/cart', { preloadedState: { cart: { items: [{ _id: a2._id, cart_quantity: 2 }] } } });
      const line = (await screen.findByRole('group', { name: /^Quantity of/ })).closest('li')!;
      expect(line).toHaveTextContent('500 mlSKU A2-GHEE-500');
      expect(bodies[0]!.cart).toEqual([{ _id: a2._id, cart_quantity: 2 }]);
      await user.click(screen.getByRole('button', { name: 'Add one A2 Gir Cow Bilona Ghee' }));
      expect(store.getState().cart.items).toEqual([{ _id: a2._id, cart_quantity: 3 }]);
    });

    it('takes out a line of a size no longer sold, and keeps the product\'s other sizes', async () => {
      const gone = makeVariant({ label: '5 L', is_default: false });
      server.use(cartHandler([a2]));
      const items = [
        { _id: a2._id, variant: gone._id, cart_quantity: 1 },
        { _id: a2._id, variant: small._id, cart_quantity: 1 },
      ];
      const { store } = renderApp('/cart', { preloadedState: { cart: { items } } });
      await waitFor(() => expect(store.getState().cart.items).toEqual([{ _id: a2._id, variant: small._id, cart_quantity: 1 }]));
    });
  });
});
