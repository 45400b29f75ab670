import { delay, http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import type { Order } from '@shop/domain/schemas/orders';
import { customer, makeOrder } from '../../../testing/fixtures';
import { renderApp, signedIn } from '../../../testing/render-app';
import { apiPath, fail, server } from '../../../testing/server';

/** GET orders/ like the server: paid checkouts, and with attempts=true the unpaid ones too. */
function ordersHandlers(orders: Order[]) {
  const asked: string[] = [];
  server.use(
    http.get(apiPath('users/get-user'), () => HttpResponse.json({ user: customer })),
    http.get(apiPath('orders'), async ({ request }) => {
      await delay(30);
      const attempts = new URL(request.url).searchParams.get('attempts') === 'true';
      asked.push(attempts ? 'attempts' : 'paid');
      return HttpResponse.json({ orders: attempts ? orders : orders.filter((o) => o.payment === 'Paid' || o.payment === 'Refund due' || o.payment.startsWith('COD:')) });
    }),
  );
  return asked;
}

describe('orders page', () => {
  it('shows the logo loader, then a table and a card per order line, grouped by checkout', async () => {
    ordersHandlers([
      makeOrder({ order_id: 'order_A', createdAt: '2026-03-05T10:00:00.000Z', payment: 'Paid', status: 'Processing' }),
      makeOrder({ order_id: 'order_A', product: null, cart_quantity: 1 }),
    ]);
    renderApp('/orders', { preloadedState: signedIn(customer) });
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    const table = await screen.findByRole('table');
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Index', 'Order ID', 'Date', 'Payment', 'Status']);
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('1order_A5/3/2026PaidProcessing');

    const checkout = screen.getByRole('article', { name: 'Order order_A' });
    const cards = within(within(checkout).getByRole('list', { name: 'Order lines' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('A2 Cow Ghee');
    expect(cards[0]).toHaveTextContent('₹ 595.00');
    expect(cards[0]).toHaveTextContent('Quantity: 2 · 5/3/2026');
    expect(cards[1]).toHaveTextContent('Product no longer available');
    expect(within(cards[1]!).getByRole('img')).toHaveAttribute('src', '/images/placeholder.svg');
  });

  it('shows each line with its size and SKU; a line the shop no longer sells keeps its name as sold, flagged beside it', async () => {
    const product = { _id: '00000000-0000-4000-8000-0000000000a1', name: 'A2 Gir Cow Bilona Ghee', slug: 'a2-gir-cow-bilona-ghee', image: '/uploads/products/ghee.webp' };
    ordersHandlers([
      makeOrder({ order_id: 'order_S', product: { ...product, price: 595, available: true }, variant_label: '250 ml', sku: 'A2-GHEE-250', cart_quantity: 2 }),
      makeOrder({ order_id: 'order_S', product: { ...product, price: 1890, available: true }, variant_label: '1 L', sku: 'A2-GHEE-1L', cart_quantity: 1 }),
      makeOrder({ order_id: 'order_S', product: { ...product, name: 'Haldi Ghee', price: 450, available: false }, variant_label: '200 g', sku: 'HALDI-200', cart_quantity: 1 }),
      makeOrder({ order_id: 'order_S', variant_label: undefined, sku: undefined }),
    ]);
    renderApp('/orders', { preloadedState: signedIn(customer) });
    const checkout = await screen.findByRole('article', { name: 'Order order_S' });
    const cards = within(within(checkout).getByRole('list', { name: 'Order lines' })).getAllByRole('listitem');
    expect(cards[0]).toHaveTextContent('A2 Gir Cow Bilona Ghee ₹ 595.00250 mlSKU A2-GHEE-250Quantity: 2');
    expect(cards[1]).toHaveTextContent('A2 Gir Cow Bilona Ghee ₹ 1,890.001 LSKU A2-GHEE-1LQuantity: 1');
    expect(cards[0]).not.toHaveTextContent('Product no longer available');
    expect(cards[2]).toHaveTextContent('Haldi Ghee ₹ 450.00 Product no longer available200 gSKU HALDI-200');
    // A line sold before sizes shows no size.
    expect(cards[3]).not.toHaveTextContent('SKU');
  });

  it('shows per checkout the order total, the delivery address and the tracking number once shipped', async () => {
    ordersHandlers([
      makeOrder({
        order_id: 'order_S',
        status: 'Shipped',
        order_total: 2185,
        courier: 'India Post',
        tracking_number: 'EK123456789IN',
        tracking_url: 'https://www.indiapost.gov.in/track?id=EK123456789IN',
        delivery: { name: 'Asha Rao', phone: '+919812345678', address: 'House 4, Mill Lane\nNashik', pin: '422001', state: 'Maharashtra' },
      }),
    ]);
    renderApp('/orders', { preloadedState: signedIn(customer) });
    const checkout = await screen.findByRole('article', { name: 'Order order_S' });
    expect(within(checkout).getByText('Order total').nextElementSibling).toHaveTextContent('₹ 2,185.00');
    const address = within(checkout).getByText('Deliver to').nextElementSibling!;
    expect(address).toHaveTextContent('Asha Rao');
    expect(address).toHaveTextContent('+919812345678');
    expect(address).toHaveTextContent('House 4, Mill Lane Nashik');
    expect(address).toHaveTextContent('Maharashtra 422001');
    expect(within(checkout).getByText('Tracking').nextElementSibling).toHaveTextContent('India Post: EK123456789IN');
    expect(within(checkout).getByRole('link', { name: 'Track the parcel' })).toHaveAttribute(
      'href',
      'https://www.indiapost.gov.in/track?id=EK123456789IN',
    );
  });

  it('says an order is paid in cash on delivery, its payment status and its fees', async () => {
    ordersHandlers([
      makeOrder({ order_id: 'cod_1', order_number: 'SF-10400', payment: 'COD: to confirm', payment_method: 'cod', cod_fee: 49, shipping_fee: 60, order_total: 704, status: 'Awaiting payment' }),
    ]);
    renderApp('/orders', { preloadedState: signedIn(customer) });
    const checkout = await screen.findByRole('article', { name: 'Order SF-10400' });
    expect(within(checkout).getByText('Payment').nextElementSibling).toHaveTextContent('Cash on delivery (please confirm it with the link in your mail)');
    expect(within(checkout).getByText('COD: to confirm')).toHaveClass('pill--cod-to-confirm');
    expect(within(checkout).getByText('Delivery').nextElementSibling).toHaveTextContent('₹ 60.00');
    expect(within(checkout).getByText('Cash on delivery fee').nextElementSibling).toHaveTextContent('₹ 49.00');
  });

  it("shows the coupon's discount of a checkout, its lines' shares added up to the paisa", async () => {
    ordersHandlers([
      makeOrder({ order_id: 'order_D1', order_number: 'SF-10500', payment: 'Paid', coupon: 'DIWALI10', discount: 33.34, order_total: 899.99 }),
      makeOrder({ order_id: 'order_D1', order_number: 'SF-10500', payment: 'Paid', coupon: 'DIWALI10', discount: 33.33, order_total: 899.99 }),
      makeOrder({ order_id: 'order_D1', order_number: 'SF-10500', payment: 'Paid', coupon: 'DIWALI10', discount: 33.33, order_total: 899.99 }),
    ]);
    renderApp('/orders', { preloadedState: signedIn(customer) });
    const checkout = await screen.findByRole('article', { name: 'Order SF-10500' });
    expect(within(checkout).getByText('Coupon DIWALI10').nextElementSibling).toHaveTextContent('− ₹ 100.00');
  });

  it('names each order by its order number, not the payment provider\'s id', async () => {
    ordersHandlers([
      makeOrder({ order_id: 'order_ScpFS4FgEWWtf6', order_number: 'SF-10234', receipt: 'rcpt_1aabba7f525383db' }),
      makeOrder({ order_id: 'order_ScpFS4FgEWWtf6', order_number: 'SF-10234', receipt: 'rcpt_1aabba7f525383db', product: null }),
    ]);
    renderApp('/orders', { preloadedState: signedIn(customer) });
    const checkout = await screen.findByRole('article', { name: 'Order SF-10234' });
    const cards = within(within(checkout).getByRole('list', { name: 'Order lines' })).getAllByRole('listitem');
    for (const card of cards) expect(card).toHaveTextContent('Order SF-10234');
    expect(within(screen.getByRole('table')).getAllByRole('row')[1]).toHaveTextContent('SF-10234');
    expect(document.body).not.toHaveTextContent('order_ScpFS4FgEWWtf6');
    expect(document.body).not.toHaveTextContent('rcpt_');
  });

  it('gives the checkout its lines\' status while they agree, and each line its own when they differ', async () => {
    ordersHandlers([
      makeOrder({ order_id: 'order_M', order_number: 'SF-10300', status: 'Shipped', courier: 'India Post', tracking_number: 'EK1IN' }),
      makeOrder({ order_id: 'order_M', order_number: 'SF-10300', status: 'Processing', product: null }),
      makeOrder({ order_id: 'order_T', order_number: 'SF-10301', status: 'Shipped', tracking_number: 'EK2IN' }),
      makeOrder({ order_id: 'order_T', order_number: 'SF-10301', status: 'Shipped', product: null }),
    ]);
    renderApp('/orders', { preloadedState: signedIn(customer) });
    const mixed = await screen.findByRole('article', { name: 'Order SF-10300' });
    expect(mixed.querySelector('.checkout-card__status')).toHaveTextContent('Lines differ: 1 Shipped, 1 Processing');
    const [shipped, waiting] = within(within(mixed).getByRole('list', { name: 'Order lines' })).getAllByRole('listitem');
    expect(shipped).toHaveTextContent('· Shipped');
    expect(shipped).toHaveTextContent('Tracking: India Post: EK1IN');
    expect(waiting).toHaveTextContent('· Processing');
    expect(waiting).not.toHaveTextContent('Tracking');

    const together = screen.getByRole('article', { name: 'Order SF-10301' });
    expect(together.querySelector('.checkout-card__status')).toHaveTextContent(/^Paid Shipped ·/);
    for (const card of within(within(together).getByRole('list', { name: 'Order lines' })).getAllByRole('listitem')) {
      expect(card).not.toHaveTextContent('Shipped');
    }
    expect(within(together).getByText('Tracking').nextElementSibling).toHaveTextContent('EK2IN');
  });

  it('shows paid orders by default and failed or expired attempts only when asked', async () => {
    const asked = ordersHandlers([
      makeOrder({ order_id: 'order_PAID', payment: 'Paid' }),
      makeOrder({ order_id: 'order_FAILED', payment: 'Failed', status: 'Awaiting payment' }),
      makeOrder({ order_id: 'order_EXPIRED', payment: 'Expired', status: 'Awaiting payment' }),
    ]);
    const { user } = renderApp('/orders', { preloadedState: signedIn(customer) });
    expect(await screen.findByRole('article', { name: 'Order order_PAID' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Order order_FAILED' })).not.toBeInTheDocument();
    const toggle = screen.getByRole('checkbox', { name: 'Show failed and expired payment attempts' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(await screen.findByRole('article', { name: 'Order order_FAILED' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Order order_EXPIRED' })).toHaveTextContent('Expired');
    expect(asked).toEqual(['paid', 'attempts']);
  });

  it('downloads the tax invoice with the bearer token', async () => {
    ordersHandlers([makeOrder({ order_id: 'order_INV', invoice_number: 'SF/2026-27/0001' })]);
    let authorization: string | null = null;
    server.use(
      http.get(apiPath('invoices/order_INV'), ({ request }) => {
        authorization = request.headers.get('authorization');
        return new HttpResponse('%PDF-1.7 test', { headers: { 'content-type': 'application/pdf' } });
      }),
    );
    // jsdom has no object URLs; the browser's would point at the PDF bytes.
    const created: Blob[] = [];
    URL.createObjectURL = (file: Blob) => {
      created.push(file);
      return 'blob:invoice';
    };
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderApp('/orders', { preloadedState: signedIn(customer, 'shopper-token') });
    const checkout = await screen.findByRole('article', { name: 'Order order_INV' });
    await user.click(within(checkout).getByRole('button', { name: 'Tax invoice (PDF)' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(authorization).toBe('Bearer shopper-token');
    expect(await created[0]!.text()).toBe('%PDF-1.7 test');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('invoice-order_INV.pdf');
    click.mockRestore();
  });

  it('offers no invoice for a checkout without one', async () => {
    ordersHandlers([makeOrder({ order_id: 'order_NOINV' })]);
    renderApp('/orders', { preloadedState: signedIn(customer) });
    await screen.findByRole('article', { name: 'Order order_NOINV' });
    expect(screen.queryByRole('button', { name: 'Tax invoice (PDF)' })).not.toBeInTheDocument();
  });

  it("says 'No Orders Found' when there are none", async () => {
    ordersHandlers([]);
    renderApp('/orders', { preloadedState: signedIn(customer) });
    expect(await screen.findByText('No Orders Found')).toBeInTheDocument();
  });

  it("keeps the loader and shows the server's message when orders cannot be loaded", async () => {
    server.use(http.get(apiPath('orders'), () => fail(500, 'Orders are being counted')));
    renderApp('/orders', { preloadedState: signedIn(customer) });
    expect(await screen.findByText('Orders are being counted')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
  });
});
