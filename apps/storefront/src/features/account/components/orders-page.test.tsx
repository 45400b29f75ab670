import { delay, http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import type { Order } from '@shop/domain/schemas/orders';
import { customer, makeOrder } from '../../../testing/fixtures';
import { renderApp, signedIn } from '../../../testing/render-app';
import { apiPath, fail, server } from '../../../testing/server';

const location = () => screen.getByTestId('location').textContent;

function ordersHandlers(orders: Order[]) {
  server.use(
    http.get(apiPath('users/get-user'), () => HttpResponse.json({ user: customer })),
    http.get(apiPath('orders'), async () => {
      await delay(30);
      return HttpResponse.json({ orders });
    }),
  );
}

describe('orders page', () => {
  it('sends a guest to /login', async () => {
    renderApp('/orders');
    await waitFor(() => expect(location()).toBe('/login'));
  });

  it('shows the logo loader, then a table and a card per order line', async () => {
    ordersHandlers([
      makeOrder({ order_id: 'order_A', createdAt: '2026-03-05T10:00:00.000Z', payment: 'Paid', status: 'Processing' }),
      makeOrder({ order_id: 'order_B', product: null, cart_quantity: 1, payment: 'Pending', status: 'Awaiting payment' }),
    ]);
    renderApp('/orders', { preloadedState: signedIn(customer) });
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    const table = await screen.findByRole('table');
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Index', 'Order ID', 'Date', 'Payment', 'Status']);
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('1order_A5/3/2026PaidProcessing');
    expect(rows[2]).toHaveTextContent('Awaiting payment');

    const cards = within(screen.getByRole('list', { name: 'Order lines' })).getAllByRole('listitem');
    expect(cards[0]).toHaveTextContent('A2 Cow Ghee');
    expect(cards[0]).toHaveTextContent('₹ 595.00');
    expect(cards[0]).toHaveTextContent('Quantity: 2 · 5/3/2026');
    expect(cards[1]).toHaveTextContent('Product no longer available');
    expect(within(cards[1]!).getByRole('img')).toHaveAttribute('src', '/images/placeholder.svg');
  });

  it("says 'No Orders Found' when there are none", async () => {
    ordersHandlers([]);
    renderApp('/orders', { preloadedState: signedIn(customer) });
    expect(await screen.findByText('No Orders Found')).toBeInTheDocument();
  });

  it("keeps the loader and shows the server's message when orders cannot be loaded", async () => {
    server.use(
      http.get(apiPath('users/get-user'), () => HttpResponse.json({ user: customer })),
      http.get(apiPath('orders'), () => fail(500, 'Orders are being counted')),
    );
    renderApp('/orders', { preloadedState: signedIn(customer) });
    expect(await screen.findByText('Orders are being counted')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
  });
});
