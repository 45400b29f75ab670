import { screen, waitFor, within } from '@testing-library/react';
import type { Order } from '@shop/domain/schemas/orders';
import { renderApp } from '../../testing/render-app';
import { makeOrder } from '../../testing/fixtures';
import { api, fail, http, ok, server } from '../../testing/server';
import { openListTable } from '../../testing/tables';
import { catchDownloads, servePdf } from '../../testing/downloads';

/** Serves `order`, opens its page and finds its form named `name` (Order details, Delivery). */
async function openOrderForm(order: Order, name: string) {
  server.use(http.get(api(`orders/${order._id}`), () => ok({ order })));
  renderApp(`/admin/orders/${order._id}`);
  return screen.findByRole('form', { name });
}

it('lists order lines with the spec columns and a shipping status dropdown', async () => {
  const order = makeOrder({ order_id: 'order_1' });
  server.use(http.get(api('orders/all'), () => ok({ orders: [order, makeOrder({ product: null, status: 'Canceled' })] })));
  const { table } = await openListTable('/admin/orders?view=lines', 'Orders', ['Index', 'Unique ID', 'User', 'Products', 'Date', 'Payment Status', 'Shipping Status']);
  expect(within(table).getByRole('link', { name: order._id })).toHaveAttribute('href', `/admin/orders/${order._id}`);
  expect(within(table).getByText('Product no longer available')).toBeInTheDocument();
  const select = within(table).getByRole('combobox', { name: `Shipping status of order ${order._id}` });
  expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual([
    'Processing',
    'Shipped',
    'Delivered',
    'Cancelled',
    'Returned (to origin)',
    'Delete',
  ]);
  expect(select).toHaveValue('Processing');
  // SPEC: any option may be chosen freely; the server refuses the moves its shipping rules do not allow (409, shown).
  expect(within(select).getAllByRole('option').filter((o) => (o as HTMLOptionElement).disabled)).toEqual([]);
  expect(within(table).getAllByRole('combobox')[1]).toHaveDisplayValue('Cancelled');
});

it('shows each line’s size and SKU, and the name as sold beside Product no longer available', async () => {
  const sold = makeOrder({ variant_label: '1 L', sku: 'GHEE-1000' });
  const retired = makeOrder({
    product: { _id: '00000000-0000-4000-8000-0000000000aa', name: 'A2 Ghee 250 ml', slug: 'a2-ghee-250-ml', price: 350, available: false },
    variant_label: '250 ml',
    sku: 'GHEE-250',
  });
  const { variant_label: _label, sku: _sku, ...before } = makeOrder();
  server.use(http.get(api('orders/all'), () => ok({ orders: [sold, retired, before] })));
  renderApp('/admin/orders?view=lines');
  const table = await screen.findByRole('table', { name: 'Orders' });
  const [, first, second, third] = within(table).getAllByRole('row');
  expect(within(first!).getByText('1 L · GHEE-1000')).toBeInTheDocument();
  expect(within(first!).queryByText('Product no longer available')).not.toBeInTheDocument();
  expect(within(second!).getByText('A2 Ghee 250 ml')).toBeInTheDocument();
  expect(within(second!).getByText('250 ml · GHEE-250')).toBeInTheDocument();
  expect(within(second!).getByText('Product no longer available')).toBeInTheDocument();
  // A line sold before sizes shows no size.
  expect(within(third!).getByText('A2 Cow Ghee')).toBeInTheDocument();
  expect(within(third!).queryByText(/·/)).not.toBeInTheDocument();
});

it('shows the size and SKU as sold on the order page, and a line no longer sold keeps its name', async () => {
  const order = makeOrder({
    product: { _id: '00000000-0000-4000-8000-0000000000ab', name: 'A2 Ghee', slug: 'a2-ghee', price: 1150, available: false },
    variant_label: '1 L',
    sku: 'GHEE-1000',
  });
  const form = await openOrderForm(order, 'Order details');
  expect(within(form).getByLabelText('Product')).toHaveValue('A2 Ghee');
  expect(within(form).getByLabelText('Size')).toHaveValue('1 L');
  expect(within(form).getByLabelText('SKU')).toHaveValue('GHEE-1000');
  expect(within(form).getByText('1 L · GHEE-1000')).toBeInTheDocument();
  expect(within(form).getByText('Product no longer available')).toBeInTheDocument();
  expect(within(form).getByLabelText('Price')).toHaveValue('₹ 1,150.00');
});

it('sets a shipping status, keeps it on the row and says so', async () => {
  const order = makeOrder();
  let body: unknown;
  server.use(
    http.get(api('orders/all'), () => ok({ orders: [order] })),
    http.put(api(`orders/${order._id}`), async ({ request }) => {
      body = await request.json();
      return ok({ message: 'ok' });
    }),
  );
  const { user } = renderApp('/admin/orders?view=lines');
  const select = await screen.findByRole('combobox', { name: `Shipping status of order ${order._id}` });
  await user.selectOptions(select, 'Shipped');
  expect(await screen.findByText('Shipping status updated successfully')).toBeInTheDocument();
  expect(body).toEqual({ status: 'Shipped' });
  expect(select).toHaveValue('Shipped');
});

it('puts the old status back and shows the server message when the change fails', async () => {
  const order = makeOrder();
  server.use(
    http.get(api('orders/all'), () => ok({ orders: [order] })),
    http.put(api(`orders/${order._id}`), () => fail(409, 'This order was cancelled; a cancelled order cannot be set to Shipped')),
  );
  const { user } = renderApp('/admin/orders?view=lines');
  const select = await screen.findByRole('combobox', { name: `Shipping status of order ${order._id}` });
  await user.selectOptions(select, 'Shipped');
  expect(await screen.findByText('This order was cancelled; a cancelled order cannot be set to Shipped')).toBeInTheDocument();
  await waitFor(() => expect(select).toHaveValue('Processing'));
});

it('deletes an order line from the dropdown after asking', async () => {
  let orders: Order[] = [makeOrder()];
  const id = orders[0]!._id;
  server.use(
    http.get(api('orders/all'), () => ok({ orders })),
    http.delete(api(`orders/${id}`), () => {
      orders = [];
      return ok({ message: 'deleted' });
    }),
  );
  const { user } = renderApp('/admin/orders?view=lines');
  await user.selectOptions(await screen.findByRole('combobox', { name: `Shipping status of order ${id}` }), 'Delete');
  await user.click(within(screen.getByRole('dialog', { name: 'Delete order' })).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('Order deleted successfully')).toBeInTheDocument();
  expect(await screen.findByText('No Orders Found')).toBeInTheDocument();
});

it('shows No Orders Found when there are none', async () => {
  server.use(http.get(api('orders/all'), () => ok({ orders: [] })));
  renderApp('/admin/orders?view=lines');
  expect(await screen.findByText('No Orders Found')).toBeInTheDocument();
});

it('toasts the server message when the list cannot be loaded', async () => {
  server.use(http.get(api('orders/all'), () => fail(500, 'Something went wrong on our side')));
  renderApp('/admin/orders?view=lines');
  expect(await screen.findByText('Something went wrong on our side')).toBeInTheDocument();
});

it('shows one order as a read-only form', async () => {
  const order = makeOrder({ payment: 'Paid', status: 'Canceled', order_id: 'order_RO' });
  const form = await openOrderForm(order, 'Order details');
  expect(within(form).getByLabelText('Unique ID')).toHaveValue(order._id);
  expect(within(form).getByLabelText('Unique ID')).toHaveAttribute('readonly');
  expect(within(form).getByLabelText('User')).toHaveValue('Asha Rao');
  expect(within(form).getByLabelText('Quantity')).toHaveValue('2');
  expect(within(form).getByLabelText('Total')).toHaveValue('₹ 1,190.00');
  expect(within(form).getByLabelText('Shipping Status')).toHaveValue('Cancelled');
  expect(within(form).getByLabelText('Date')).toHaveValue('5/3/2026');
  for (const input of within(form).getAllByRole('textbox')) expect(input).toHaveAttribute('readonly');
});

it('hides unpaid attempts by default and shows them when the filter asks', async () => {
  const paid = makeOrder({ order_id: 'order_PAID', payment: 'Paid' });
  const failed = makeOrder({ order_id: 'order_FAILED', payment: 'Failed', status: 'Awaiting payment' });
  const asked: (string | null)[] = [];
  server.use(
    http.get(api('orders/all'), ({ request }) => {
      const attempts = new URL(request.url).searchParams.get('attempts');
      asked.push(attempts);
      return ok({ orders: attempts === 'true' ? [paid, failed] : [paid] });
    }),
  );
  const { user } = renderApp('/admin/orders?view=lines');
  const table = await screen.findByRole('table', { name: 'Orders' });
  expect(within(table).getByRole('link', { name: paid._id })).toBeInTheDocument();
  expect(within(table).queryByRole('link', { name: failed._id })).not.toBeInTheDocument();
  const filter = screen.getByRole('checkbox', { name: 'Show unpaid attempts (pending, failed, expired)' });
  expect(filter).not.toBeChecked();
  await user.click(filter);
  expect(await within(screen.getByRole('table', { name: 'Orders' })).findByRole('link', { name: failed._id })).toBeInTheDocument();
  expect(asked).toEqual([null, 'true']);
});

it('shows the delivery snapshot of the order', async () => {
  const order = makeOrder();
  const delivery = await openOrderForm(order, 'Delivery');
  expect(within(delivery).getByLabelText('Name')).toHaveValue('Asha Rao');
  expect(within(delivery).getByLabelText('Phone')).toHaveValue('+919800000000');
  expect(within(delivery).getByLabelText('Address')).toHaveValue('12 Mill Road\nKothrud');
  expect(within(delivery).getByLabelText('State')).toHaveValue('Maharashtra');
  expect(within(delivery).getByLabelText('PIN code')).toHaveValue('411038');
  expect(within(screen.getByRole('form', { name: 'Order details' })).getByLabelText('Order total (whole checkout)')).toHaveValue('₹ 1,190.00');
});

it('ships an order with courier, tracking number and tracking link', async () => {
  let order = makeOrder();
  const bodies: unknown[] = [];
  server.use(
    http.get(api(`orders/${order._id}`), () => ok({ order })),
    http.put(api(`orders/${order._id}`), async ({ request }) => {
      const body = (await request.json()) as Record<string, string>;
      bodies.push(body);
      order = { ...order, ...body };
      return ok({ message: 'ok' });
    }),
  );
  const { user } = renderApp(`/admin/orders/${order._id}`);
  const form = await screen.findByRole('form', { name: 'Shipping' });
  expect(within(form).queryByLabelText('Tracking number')).not.toBeInTheDocument();
  await user.selectOptions(within(form).getByLabelText('Shipping status'), 'Shipped');
  await user.type(within(form).getByLabelText('Courier'), 'India Post');
  await user.type(within(form).getByLabelText('Tracking number'), 'EK123456789IN');
  await user.type(within(form).getByLabelText('Tracking URL'), 'https://www.indiapost.gov.in/track');
  await user.click(within(form).getByRole('button', { name: 'Update shipping' }));
  expect(await screen.findByText('Shipping status updated successfully')).toBeInTheDocument();
  expect(bodies).toEqual([
    { status: 'Shipped', courier: 'India Post', tracking_number: 'EK123456789IN', tracking_url: 'https://www.indiapost.gov.in/track' },
  ]);
  await waitFor(() => expect(screen.getByLabelText('Shipping Status')).toHaveValue('Shipped'));
  expect(screen.getByLabelText('Tracking number')).toHaveValue('EK123456789IN');
});

it('downloads the tax invoice with the admin token', async () => {
  const order = makeOrder({ order_id: 'order_INV', invoice_number: 'SF/2026-27/0007' });
  server.use(http.get(api(`orders/${order._id}`), () => ok({ order })));
  const asked = servePdf('invoices/order_INV');
  const click = catchDownloads();
  const { user } = renderApp(`/admin/orders/${order._id}`);
  expect(await screen.findByText('SF/2026-27/0007')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Tax invoice (PDF)' }));
  await waitFor(() => expect(click).toHaveBeenCalled());
  expect(asked.authorization).toBe('Bearer token-of-admin@shuddhfarm.in');
  expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('invoice-order_INV.pdf');
  click.mockRestore();
});
