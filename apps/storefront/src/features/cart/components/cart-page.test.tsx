import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import type { CartItem } from '@shop/domain/schemas/products';
import { cartDetailOf, customer, makeProduct } from '../../../testing/fixtures';
import { renderApp, signedIn } from '../../../testing/render-app';
import { apiPath, fail, server } from '../../../testing/server';

const ghee = makeProduct({ name: 'A2 Cow Ghee', price: 595, quantity: 10 });
const oil = makeProduct({ name: 'Hair Oil', price: 995, quantity: 3 });
const products = [ghee, oil];

/** products/getcart answers like the server: current details for the ids it knows. */
function cartHandler(known = products) {
  return http.post(apiPath('products/getcart'), async ({ request }) => {
    const { cart } = (await request.json()) as { cart: CartItem[] };
    return HttpResponse.json({
      cartDetails: cart.flatMap((i) => {
        const p = known.find((k) => k._id === i._id);
        return p ? [cartDetailOf(p, i.cart_quantity)] : [];
      }),
    });
  });
}

const twoLines = { cart: { items: [{ _id: ghee._id, cart_quantity: 2 }, { _id: oil._id, cart_quantity: 1 }] } };
const location = () => screen.getByTestId('location').textContent;
const summary = () => screen.getByRole('complementary', { name: 'Cart Summary' });

describe('cart page', () => {
  it("says 'Cart is empty' with Shop Now, and PAY is disabled", async () => {
    const { user } = renderApp('/cart');
    expect(await screen.findByText('Cart is empty')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'PAY' })).toBeDisabled();
    await user.click(screen.getByRole('link', { name: 'Shop Now' }));
    server.use(http.get(apiPath('products/list/1'), () => HttpResponse.json({ products: [] })));
    await waitFor(() => expect(location()).toBe('/allproducts'));
  });

  it('shows each line, the subtotals and the grand total', async () => {
    server.use(cartHandler());
    renderApp('/cart', { preloadedState: twoLines });
    expect(await screen.findByRole('heading', { name: 'Cart Summary' })).toBeInTheDocument();
    const s = summary();
    expect(within(s).getByText('Products:')).toHaveTextContent('Products: 2');
    const rows = within(s).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('A2 Cow Ghee₹ 595.002₹ 1,190.00');
    expect(rows[2]).toHaveTextContent('Hair Oil₹ 995.001₹ 995.00');
    expect(within(s).getByText('Grand Total').parentElement).toHaveTextContent('₹ 2,185.00');
    expect(screen.getAllByText(ghee.shortdesc, { selector: '.cart-line__desc' })).toHaveLength(2);
  });

  it('plus and minus change the quantity; minus at 1 removes the line', async () => {
    server.use(cartHandler());
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
    server.use(cartHandler());
    const { user, store } = renderApp('/cart', { preloadedState: { cart: { items: [{ _id: oil._id, cart_quantity: 2 }] } } });
    await user.click(await screen.findByRole('button', { name: 'Add one Hair Oil' }));
    expect(await screen.findByText('Only 3 left', { selector: '.cart-line__limit' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add one Hair Oil' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only 3 left');
    expect(store.getState().cart.items).toEqual([{ _id: oil._id, cart_quantity: 3 }]);
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
    expect(await screen.findByText('Only 18 left of Bilona Ghee: your cart now holds 18.')).toBeInTheDocument();
    expect(await screen.findByText('Buffalo Ghee is sold out and was taken out of your cart.')).toBeInTheDocument();
    await waitFor(() =>
      expect(store.getState().cart.items).toEqual([
        { _id: scarce._id, cart_quantity: 18 },
        { _id: ghee._id, cart_quantity: 2 },
      ]),
    );
    expect(within(await screen.findByRole('group', { name: 'Quantity of Bilona Ghee' })).getByText('18')).toBeInTheDocument();
  });

  it("tells guests 'Please login to checkout' and keeps PAY disabled", async () => {
    server.use(cartHandler());
    renderApp('/cart', { preloadedState: twoLines });
    const hint = await screen.findByRole('link', { name: 'Please login to checkout' });
    expect(hint).toHaveAttribute('href', '/login');
    expect(screen.getByRole('button', { name: 'PAY' })).toBeDisabled();
  });

  it('enables PAY for a signed-in shopper with a cart', async () => {
    server.use(cartHandler(), http.get(apiPath('users/get-user'), () => HttpResponse.json({ user: customer })));
    renderApp('/cart', { preloadedState: { ...signedIn(customer), ...twoLines } });
    expect(await screen.findByRole('button', { name: 'PAY' })).toBeEnabled();
    expect(screen.queryByText('Please login to checkout')).not.toBeInTheDocument();
  });

  it('drops lines whose product no longer exists', async () => {
    server.use(cartHandler([ghee]));
    const { store } = renderApp('/cart', { preloadedState: twoLines });
    await waitFor(() => expect(store.getState().cart.items).toEqual([{ _id: ghee._id, cart_quantity: 2 }]));
  });

  it('shows prices in the chosen currency', async () => {
    server.use(cartHandler());
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
    expect(screen.getByText('Your cart could not be loaded.')).toBeInTheDocument();
  });
});
