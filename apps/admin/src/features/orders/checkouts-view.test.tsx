import { screen, waitFor, within } from '@testing-library/react';
import type { CheckoutSummary } from '@shop/domain/schemas/checkouts';
import { renderApp } from '../../testing/render-app';
import { makeCheckout, makeOrder } from '../../testing/fixtures';
import { api, fail, http, HttpResponse, ok, server } from '../../testing/server';
import { openListTable } from '../../testing/tables';
import { catchDownloads } from '../../testing/downloads';

/** Answers GET /checkouts with `checkouts` and records every query string asked. */
function listing(checkouts: CheckoutSummary[] | ((params: URLSearchParams) => CheckoutSummary[]), pages = 1) {
  const asked: string[] = [];
  server.use(
    http.get(api('checkouts'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params.toString());
      const rows = typeof checkouts === 'function' ? checkouts(params) : checkouts;
      return ok({ checkouts: rows, total: rows.length, page: Number(params.get('page') ?? 1), pages });
    }),
  );
  return asked;
}

it('shows one row per checkout: number, customer, items, amount, payment, shipping, date', async () => {
  const checkout = makeCheckout();
  listing([checkout]);
  const { table } = await openListTable('/admin/orders', 'Checkouts', ['Select', 'Order', 'Customer', 'Items', 'Amount', 'Payment', 'Shipping', 'Date']);
  const row = within(table).getAllByRole('row')[1]!;
  expect(within(row).getByRole('link', { name: 'SF-10234' })).toHaveAttribute('href', `/admin/orders/${checkout.items[0]!._id}`);
  expect(row).toHaveTextContent('Asha Rao');
  expect(row).toHaveTextContent('+919800000000');
  expect(row).toHaveTextContent('A2 Cow Ghee 500 ml (GHEE-A2-500) × 2, Bhringraj Hair Oil 100 ml (OIL-BHR-100) × 1');
  expect(row).toHaveTextContent('₹ 1,540.00');
  expect(row).toHaveTextContent('5/3/2026');
  expect(within(row).getByRole('combobox', { name: 'Shipping status of SF-10234' })).toHaveValue('Processing');
  // The SPEC's per-line list is one click away, unchanged.
  expect(screen.getByRole('link', { name: 'Lines' })).toHaveAttribute('href', '/admin/orders?view=lines');
});

it('tells a cash-on-delivery order and confirms one waiting for confirmation', async () => {
  const waiting = makeCheckout({ order_id: 'cod_1', order_number: 'SF-10400', payment: 'COD: to confirm', payment_method: 'cod', status: 'Awaiting payment' });
  listing([waiting]);
  let confirmed = '';
  server.use(
    http.post(api('checkouts/cod_1/confirm-cod'), () => {
      confirmed = 'cod_1';
      return ok({ message: 'Cash-on-delivery order confirmed', checkout: { ...waiting, payment: 'COD: to collect', status: 'Processing' } });
    }),
  );
  const { user } = renderApp('/admin/orders');
  const link = await screen.findByRole('link', { name: 'SF-10400' });
  const row = link.closest('tr')!;
  expect(row).toHaveTextContent('COD: to confirm');
  expect(row).toHaveTextContent('Cash on delivery');
  await user.click(within(row).getByRole('button', { name: 'Confirm SF-10400' }));
  await waitFor(() => expect(confirmed).toBe('cod_1'));
  expect(await screen.findByText('Cash-on-delivery order confirmed')).toBeInTheDocument();
});

it('searches by phone and keeps the search and filters in the URL', async () => {
  const found = makeCheckout({ order_number: 'SF-10301' });
  const asked = listing((params) => (params.get('q') ? [found] : [makeCheckout(), found]));
  const { user, router } = renderApp('/admin/orders');
  await screen.findByRole('link', { name: 'SF-10234' });
  await user.type(screen.getByRole('searchbox', { name: 'Search orders' }), '+91 98000 00000');
  await user.click(screen.getByRole('button', { name: 'Search' }));
  await waitFor(() => expect(screen.queryByRole('link', { name: 'SF-10234' })).not.toBeInTheDocument());
  expect(screen.getByRole('link', { name: 'SF-10301' })).toBeInTheDocument();
  const filters = screen.getByRole('group', { name: 'Filters' });
  await user.selectOptions(within(filters).getByLabelText('Shipping'), 'Processing');
  await user.selectOptions(within(filters).getByLabelText('Payment'), 'Paid');
  await user.type(within(filters).getByLabelText('From'), '2026-03-01');
  await waitFor(() =>
    expect(new URLSearchParams(router.state.location.search).toString()).toBe('q=%2B91+98000+00000&status=Processing&payment=Paid&from=2026-03-01'),
  );
  await waitFor(() => expect(asked.at(-1)).toBe('q=%2B91+98000+00000&payment=Paid&status=Processing&from=2026-03-01'));
  expect(asked[0]).toBe('');
});

it('reads the filters from the URL when opened from a link', async () => {
  const asked = listing([]);
  renderApp('/admin/orders?q=SF-10234&status=Shipped&payment=Nonsense&to=2026-03-31&page=2');
  expect(await screen.findByText('No Orders Found')).toBeInTheDocument();
  expect(asked).toHaveLength(1);
  expect(new URLSearchParams(asked[0]).get('q')).toBe('SF-10234');
  expect(new URLSearchParams(asked[0]).get('status')).toBe('Shipped');
  expect(new URLSearchParams(asked[0]).get('to')).toBe('2026-03-31');
  expect(new URLSearchParams(asked[0]).get('page')).toBe('2');
  // An unknown payment value in a link is left out rather than refused by the server.
  expect(new URLSearchParams(asked[0]).has('payment')).toBe(false);
  expect(screen.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('SF-10234');
});

it('pages through the checkouts', async () => {
  const asked = listing((params) => [makeCheckout({ order_number: params.get('page') === '2' ? 'SF-2' : 'SF-1' })], 2);
  const { user } = renderApp('/admin/orders');
  await screen.findByRole('link', { name: 'SF-1' });
  expect(screen.getByText(/Page 1 of 2/)).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Next' }));
  expect(await screen.findByRole('link', { name: 'SF-2' })).toBeInTheDocument();
  expect(asked).toEqual(['', 'page=2']);
  expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
});

it('ships a whole checkout in one step: one PUT with the courier and tracking', async () => {
  let checkout = makeCheckout();
  const bodies: unknown[] = [];
  listing(() => [checkout]);
  server.use(
    http.put(api(`checkouts/${checkout.order_id}`), async ({ request }) => {
      const body = (await request.json()) as { status: string };
      bodies.push(body);
      checkout = { ...checkout, status: body.status, items: checkout.items.map((i) => ({ ...i, status: body.status })) };
      return ok({ message: 'Order SF-10234 shipped', checkout });
    }),
  );
  const { user } = renderApp('/admin/orders');
  await user.selectOptions(await screen.findByRole('combobox', { name: 'Shipping status of SF-10234' }), 'Shipped');
  const dialog = screen.getByRole('dialog', { name: 'Ship SF-10234' });
  expect(bodies).toEqual([]);
  expect(within(dialog).getByRole('button', { name: 'Mark shipped' })).toBeDisabled();
  await user.type(within(dialog).getByLabelText('Courier'), 'India Post');
  await user.type(within(dialog).getByLabelText('Tracking number'), 'EK123456789IN');
  await user.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));
  expect(await screen.findByText('Shipping status updated successfully')).toBeInTheDocument();
  expect(bodies).toEqual([{ status: 'Shipped', courier: 'India Post', tracking_number: 'EK123456789IN' }]);
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Shipping status of SF-10234' })).toHaveValue('Shipped'));
});

it('moves a checkout to another status with one PUT and no dialog, and toasts a refusal', async () => {
  const checkout = makeCheckout({ status: 'Shipped' });
  const bodies: unknown[] = [];
  listing([checkout]);
  server.use(
    http.put(api(`checkouts/${checkout.order_id}`), async ({ request }) => {
      bodies.push(await request.json());
      return fail(409, 'SF-10234 has shipped; a shipped order cannot be set to Processing');
    }),
  );
  const { user } = renderApp('/admin/orders');
  const select = await screen.findByRole('combobox', { name: 'Shipping status of SF-10234' });
  await user.selectOptions(select, 'Processing');
  expect(await screen.findByText('SF-10234 has shipped; a shipped order cannot be set to Processing')).toBeInTheDocument();
  expect(bodies).toEqual([{ status: 'Processing' }]);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(select).toHaveValue('Shipped');
});

it('keeps the ship dialog open with the server reason when shipping is refused', async () => {
  const checkout = makeCheckout();
  listing([checkout]);
  server.use(http.put(api(`checkouts/${checkout.order_id}`), () => fail(409, 'SF-10234 was cancelled; it cannot be shipped')));
  const { user } = renderApp('/admin/orders');
  await user.selectOptions(await screen.findByRole('combobox', { name: 'Shipping status of SF-10234' }), 'Shipped');
  const dialog = screen.getByRole('dialog', { name: 'Ship SF-10234' });
  await user.type(within(dialog).getByLabelText('Courier'), 'Delhivery');
  await user.type(within(dialog).getByLabelText('Tracking number'), 'DL1');
  await user.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));
  expect(await screen.findByText('SF-10234 was cancelled; it cannot be shipped')).toBeInTheDocument();
  expect(screen.getByRole('dialog', { name: 'Ship SF-10234' })).toBeInTheDocument();
});

it('exports the CSV with the current filters and the admin token', async () => {
  listing([makeCheckout()]);
  const seen: Array<{ search: string; authorization: string | null }> = [];
  server.use(
    http.get(api('orders/export.csv'), ({ request }) => {
      seen.push({ search: new URL(request.url).searchParams.toString(), authorization: request.headers.get('authorization') });
      return new HttpResponse('\uFEFForder_number\r\nSF-10234\r\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } });
    }),
  );
  const click = catchDownloads();
  const { user } = renderApp('/admin/orders?q=98000&status=Processing&from=2026-03-05&to=2026-03-05');
  await screen.findByRole('link', { name: 'SF-10234' });
  await user.click(screen.getByRole('button', { name: 'Export CSV' }));
  await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
  await user.selectOptions(screen.getByRole('combobox', { name: 'Export format' }), 'orders');
  await user.click(screen.getByRole('button', { name: 'Export CSV' }));
  await waitFor(() => expect(click).toHaveBeenCalledTimes(2));
  expect(seen).toEqual([
    { search: 'q=98000&status=Processing&from=2026-03-05&to=2026-03-05&format=lines', authorization: 'Bearer token-of-admin@shuddhfarm.in' },
    { search: 'q=98000&status=Processing&from=2026-03-05&to=2026-03-05&format=orders', authorization: 'Bearer token-of-admin@shuddhfarm.in' },
  ]);
  expect(click.mock.contexts.map((a) => (a as HTMLAnchorElement).download)).toEqual(['orders-2026-03-05.csv', 'checkouts-2026-03-05.csv']);
});

it('prints the selected checkouts as labels or A4 slips', async () => {
  const a = makeCheckout({ order_id: 'order_A', order_number: 'SF-1' });
  const b = makeCheckout({ order_id: 'order_B', order_number: 'SF-2' });
  const c = makeCheckout({ order_id: 'order_C', order_number: 'SF-3' });
  listing([a, b, c]);
  const asked: string[] = [];
  server.use(
    http.get(api('orders/slips.pdf'), ({ request }) => {
      asked.push(new URL(request.url).searchParams.toString());
      return new HttpResponse('%PDF-1.7 slips', { headers: { 'content-type': 'application/pdf' } });
    }),
  );
  const click = catchDownloads();
  const { user } = renderApp('/admin/orders');
  await screen.findByRole('link', { name: 'SF-1' });
  expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled();
  await user.click(screen.getByRole('checkbox', { name: 'Select SF-1' }));
  await user.click(screen.getByRole('checkbox', { name: 'Select SF-3' }));
  await user.click(screen.getByRole('button', { name: 'Print (2)' }));
  await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
  await user.selectOptions(screen.getByRole('combobox', { name: 'Print layout' }), 'a4');
  await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
  await user.click(screen.getByRole('button', { name: 'Print (3)' }));
  await waitFor(() => expect(click).toHaveBeenCalledTimes(2));
  expect(asked).toEqual(['ids=order_A%2Corder_C&layout=label', 'ids=order_A%2Corder_C%2Corder_B&layout=a4']);
  expect(click.mock.contexts.map((el) => (el as HTMLAnchorElement).download)).toEqual(['labels.pdf', 'packing-slips.pdf']);
});

it('opens a checkout with its lines and ships all of them from the line page', async () => {
  let checkout = makeCheckout();
  const line = makeOrder({ _id: checkout.items[0]!._id, order_id: checkout.order_id, order_number: 'SF-10234' });
  const bodies: unknown[] = [];
  const asked = listing(() => [checkout]);
  server.use(
    http.get(api(`orders/${line._id}`), () => ok({ order: line })),
    http.put(api(`checkouts/${checkout.order_id}`), async ({ request }) => {
      const body = (await request.json()) as { status: string; tracking_number: string };
      bodies.push(body);
      checkout = { ...checkout, status: body.status, items: checkout.items.map((i) => ({ ...i, status: body.status, tracking_number: body.tracking_number })) };
      return ok({ message: 'shipped', checkout });
    }),
  );
  const { user } = renderApp('/admin/orders');
  await user.click(await screen.findByRole('link', { name: 'SF-10234' }));
  expect(await screen.findByRole('heading', { name: 'Order SF-10234', level: 1 })).toBeInTheDocument();
  const lines = await screen.findByRole('table', { name: 'Lines of SF-10234' });
  expect(within(lines).getAllByRole('row')).toHaveLength(3);
  expect(within(lines).getByRole('link', { name: 'Bhringraj Hair Oil' })).toHaveAttribute('href', `/admin/orders/${checkout.items[1]!._id}`);
  // Each line with its size and SKU as sold.
  expect(within(lines).getByText('500 ml · GHEE-A2-500')).toBeInTheDocument();
  expect(within(lines).getByText('100 ml · OIL-BHR-100')).toBeInTheDocument();
  expect(asked.at(-1)).toBe('q=SF-10234');
  // One line can still ship on its own here.
  expect(screen.getByRole('form', { name: 'Shipping' })).toBeInTheDocument();
  const whole = screen.getByRole('form', { name: 'Ship the whole checkout' });
  await user.selectOptions(within(whole).getByLabelText('Every line of this order'), 'Shipped');
  await user.click(within(whole).getByRole('button', { name: 'Update whole order' }));
  const dialog = screen.getByRole('dialog', { name: 'Ship SF-10234' });
  await user.type(within(dialog).getByLabelText('Courier'), 'India Post');
  await user.type(within(dialog).getByLabelText('Tracking number'), 'EK1IN');
  await user.type(within(dialog).getByLabelText('Tracking URL (optional)'), 'https://www.indiapost.gov.in/track');
  await user.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));
  expect(await screen.findByText('Shipping status updated successfully')).toBeInTheDocument();
  expect(bodies).toEqual([{ status: 'Shipped', courier: 'India Post', tracking_number: 'EK1IN', tracking_url: 'https://www.indiapost.gov.in/track' }]);
  await waitFor(() => expect(within(screen.getByRole('table', { name: 'Lines of SF-10234' })).getAllByText('EK1IN')).toHaveLength(2));
});
