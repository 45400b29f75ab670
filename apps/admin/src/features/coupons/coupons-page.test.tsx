import { screen, waitFor, within } from '@testing-library/react';
import type { Coupon, CreateCouponBody, UpdateCouponBody } from '@shop/domain/schemas/coupons';
import { renderApp } from '../../testing/render-app';
import { api, fail, http, ok, server } from '../../testing/server';

function makeCoupon(overrides: Partial<Coupon> = {}): Coupon {
  return {
    _id: '7b0c1f52-5a8f-4a59-9d0e-1f2a3b4c5d6e',
    code: 'DIWALI10',
    kind: 'percent',
    value: 10,
    max_discount: 500,
    min_order: 999,
    starts_at: '2026-10-20T00:00:00.000+05:30',
    ends_at: '2099-11-05T23:59:59.999+05:30',
    usage_limit: 100,
    per_customer_limit: 1,
    first_order_only: false,
    active: true,
    uses: { paid: 12, held: 2 },
    revenue: 15880.5,
    discount_given: 1764.5,
    createdAt: '2026-10-01T10:00:00.000Z',
    ...overrides,
  };
}

const FIRST = makeCoupon({
  _id: '0d5e7c1a-2b3c-4d5e-8f90-a1b2c3d4e5f6',
  code: 'FIRST50',
  kind: 'fixed',
  value: 50,
  max_discount: undefined,
  min_order: undefined,
  usage_limit: undefined,
  per_customer_limit: undefined,
  first_order_only: true,
  active: false,
  uses: { paid: 0, held: 0 },
  revenue: 0,
  discount_given: 0,
});

/**
 * The coupons API as a tiny server: POST refuses a code that exists in any letter case (409) or answers `refuse`
 * (400); PUT merges; DELETE refuses a used coupon (409). Every body sent is kept.
 */
function couponsServer({ coupons = [makeCoupon(), FIRST], refuse }: { coupons?: Coupon[]; refuse?: string } = {}) {
  const sent = { created: [] as CreateCouponBody[], updated: [] as Array<{ id: string; body: UpdateCouponBody }>, deleted: [] as string[] };
  let list = [...coupons];
  server.use(
    http.get(api('coupons'), () => ok({ coupons: list })),
    http.post(api('coupons'), async ({ request }) => {
      const body = (await request.json()) as CreateCouponBody;
      sent.created.push(body);
      if (refuse) return fail(400, refuse);
      const key = body.code.trim().toUpperCase();
      if (list.some((c) => c.code.toUpperCase() === key)) return fail(409, `A coupon with the code ${key} exists already (codes are the same in any letter case)`);
      const coupon = makeCoupon({
        ...body,
        _id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
        code: body.code.trim(),
        starts_at: `${body.starts_at}T00:00:00.000+05:30`,
        ends_at: `${body.ends_at}T23:59:59.999+05:30`,
        first_order_only: body.first_order_only ?? false,
        active: body.active ?? true,
        uses: { paid: 0, held: 0 },
        revenue: 0,
        discount_given: 0,
      });
      list = [coupon, ...list];
      return ok({ coupon });
    }),
    http.put(api('coupons/:id'), async ({ request, params }) => {
      const body = (await request.json()) as UpdateCouponBody;
      sent.updated.push({ id: String(params.id), body });
      const old = list.find((c) => c._id === params.id)!;
      const merged = { ...old, ...body } as Coupon;
      list = list.map((c) => (c._id === params.id ? merged : c));
      return ok({ coupon: merged });
    }),
    http.delete(api('coupons/:id'), ({ params }) => {
      const coupon = list.find((c) => c._id === params.id)!;
      if (coupon.uses.paid + coupon.uses.held > 0) return fail(409, 'This coupon was used by checkouts, so it is kept; turn it off (active: false) instead');
      sent.deleted.push(String(params.id));
      list = list.filter((c) => c._id !== params.id);
      return ok({ message: 'Deleted' });
    }),
  );
  return sent;
}

async function openCoupons(options?: Parameters<typeof couponsServer>[0]) {
  const sent = couponsServer(options);
  const rendered = renderApp('/admin/coupons');
  const table = await screen.findByRole('table', { name: 'Coupons' });
  return { ...rendered, sent, table };
}

/** The coupons page with its Add coupon overlay open. */
async function openAddCoupon() {
  const opened = await openCoupons();
  await opened.user.click(screen.getByRole('button', { name: 'Add coupon' }));
  return { ...opened, dialog: screen.getByRole('dialog', { name: 'Add coupon' }) };
}

const rowOf = (table: HTMLElement, code: string) => within(table).getByText(code).closest('tr')!;

it('lists every code with its offer, days, limits, status, uses (paid and held) and revenue, and is in the sidebar', async () => {
  const { table } = await openCoupons();
  const diwali = rowOf(table, 'DIWALI10');
  expect(within(diwali).getByText('10% off, at most ₹ 500.00')).toBeInTheDocument();
  expect(within(diwali).getByText('on orders from ₹ 999.00')).toBeInTheDocument();
  expect(within(diwali).getByText('20/10/2026 – 5/11/2099')).toBeInTheDocument();
  expect(within(diwali).getByText('100 in all · 1 per customer')).toBeInTheDocument();
  expect(within(diwali).getByText('Live')).toBeInTheDocument();
  expect(within(diwali).getByText('12 paid')).toBeInTheDocument();
  expect(within(diwali).getByText('2 held')).toBeInTheDocument();
  expect(within(diwali).getByText('₹ 15,880.50')).toBeInTheDocument();
  expect(within(diwali).getByText('₹ 1,764.50 off')).toBeInTheDocument();
  const first = rowOf(table, 'FIRST50');
  expect(within(first).getByText('₹ 50.00 off')).toBeInTheDocument();
  expect(within(first).getByText('first order only')).toBeInTheDocument();
  expect(within(first).getByText('Off')).toBeInTheDocument();

  const nav = screen.getByRole('navigation', { name: 'Admin sections' });
  expect(within(nav).getByRole('link', { name: 'Coupons' })).toHaveAttribute('href', '/admin/coupons');
});

it('adds a coupon with every field, sent as the server takes it', async () => {
  const { user, sent, dialog } = await openAddCoupon();
  await user.type(within(dialog).getByLabelText('Code'), 'Sankranti15');
  expect(within(dialog).getByLabelText('Kind')).toHaveValue('percent');
  await user.type(within(dialog).getByLabelText('Percent off (%)'), '15');
  await user.type(within(dialog).getByLabelText('Max discount (₹)'), '300');
  await user.type(within(dialog).getByLabelText('Minimum order (₹)'), '799.50');
  await user.clear(within(dialog).getByLabelText('Starts on'));
  await user.type(within(dialog).getByLabelText('Starts on'), '2027-01-10');
  await user.clear(within(dialog).getByLabelText('Ends on'));
  await user.type(within(dialog).getByLabelText('Ends on'), '2027-01-16');
  await user.type(within(dialog).getByLabelText('Usage limit (in all)'), '500');
  await user.type(within(dialog).getByLabelText('Per customer limit'), '1');
  await user.click(within(dialog).getByRole('checkbox', { name: 'First order only' }));
  expect(within(dialog).getByRole('checkbox', { name: /^Active/ })).toBeChecked();
  await user.click(within(dialog).getByRole('button', { name: 'Save coupon' }));

  expect(await screen.findByText('Coupon Sankranti15 saved')).toBeInTheDocument();
  expect(sent.created).toEqual([
    {
      code: 'Sankranti15',
      kind: 'percent',
      value: 15,
      max_discount: 300,
      min_order: 799.5,
      starts_at: '2027-01-10',
      ends_at: '2027-01-16',
      usage_limit: 500,
      per_customer_limit: 1,
      first_order_only: true,
      active: true,
    },
  ]);
  expect(screen.queryByRole('dialog', { name: 'Add coupon' })).not.toBeInTheDocument();
  const table = screen.getByRole('table', { name: 'Coupons' });
  expect(await within(table).findByText('Sankranti15')).toBeInTheDocument();
  expect(within(rowOf(table, 'Sankranti15')).getByText('Scheduled')).toBeInTheDocument();
});

it('checks the form before sending: an odd code, a percent over 100, the last day before the first', async () => {
  const { user, sent, dialog } = await openAddCoupon();
  await user.type(within(dialog).getByLabelText('Code'), 'DIWALI 10!');
  await user.type(within(dialog).getByLabelText('Percent off (%)'), '120');
  await user.clear(within(dialog).getByLabelText('Ends on'));
  await user.type(within(dialog).getByLabelText('Ends on'), '2020-01-01');
  await user.click(within(dialog).getByRole('button', { name: 'Save coupon' }));
  expect(within(dialog).getByLabelText('Code')).toHaveAccessibleDescription(/Use 3 to 30 letters, digits, - or _/);
  expect(within(dialog).getByLabelText('Percent off (%)')).toHaveAccessibleDescription('A percent coupon takes at most 100%.');
  expect(within(dialog).getByLabelText('Ends on')).toHaveAccessibleDescription('Valid until 23:59:59 IST that day. The last day must not be before the first.');
  expect(sent.created).toEqual([]);

  // Free delivery has no value to type; Rupees off asks for rupees.
  await user.selectOptions(within(dialog).getByLabelText('Kind'), 'free_shipping');
  expect(within(dialog).queryByLabelText('Percent off (%)')).not.toBeInTheDocument();
  expect(within(dialog).queryByLabelText('Max discount (₹)')).not.toBeInTheDocument();
  await user.selectOptions(within(dialog).getByLabelText('Kind'), 'fixed');
  expect(within(dialog).getByLabelText('Rupees off (₹)')).toHaveValue('120');
});

it('shows a 409 beside the code and a 400 beside the field it names, keeping everything typed', async () => {
  const { user, sent, dialog } = await openAddCoupon();
  await user.type(within(dialog).getByLabelText('Code'), 'diwali10');
  await user.type(within(dialog).getByLabelText('Percent off (%)'), '5');
  await user.type(within(dialog).getByLabelText('Usage limit (in all)'), '50');
  await user.click(within(dialog).getByRole('button', { name: 'Save coupon' }));
  await waitFor(() =>
    expect(within(dialog).getByLabelText('Code')).toHaveAccessibleDescription(
      /A coupon with the code DIWALI10 exists already \(codes are the same in any letter case\)/,
    ),
  );
  expect(within(dialog).getByLabelText('Code')).toHaveValue('diwali10');
  expect(within(dialog).getByLabelText('Percent off (%)')).toHaveValue('5');
  expect(within(dialog).getByLabelText('Usage limit (in all)')).toHaveValue('50');
  expect(sent.created).toHaveLength(1);

  // The server's own check, in the service's form ("field: why") or the schema's ("Usage limit must …").
  server.use(http.post(api('coupons'), () => fail(400, 'usage_limit: a whole number from 1 to 1000000, or leave it out for no limit')));
  await user.clear(within(dialog).getByLabelText('Code'));
  await user.type(within(dialog).getByLabelText('Code'), 'NEW5');
  await user.click(within(dialog).getByRole('button', { name: 'Save coupon' }));
  await waitFor(() =>
    expect(within(dialog).getByLabelText('Usage limit (in all)')).toHaveAccessibleDescription(
      'Checkouts that may use it; empty: no limit. A whole number from 1 to 1000000, or leave it out for no limit',
    ),
  );
  expect(within(dialog).getByLabelText('Code')).not.toHaveAttribute('aria-invalid');
  server.use(http.post(api('coupons'), () => fail(400, 'Max discount must be a number')));
  await user.click(within(dialog).getByRole('button', { name: 'Save coupon' }));
  await waitFor(() => expect(within(dialog).getByLabelText('Max discount (₹)')).toHaveAccessibleDescription(/Max discount must be a number/));
  // A refusal that names no field is said under the form.
  server.use(http.post(api('coupons'), () => fail(400, 'Free-delivery coupons need the delivery fees, which this shop has not set')));
  await user.click(within(dialog).getByRole('button', { name: 'Save coupon' }));
  expect(await within(dialog).findByText('Free-delivery coupons need the delivery fees, which this shop has not set')).toBeInTheDocument();
  expect(within(dialog).getByLabelText('Code')).toHaveValue('NEW5');
});

it('edits a coupon, sending only what changed (an emptied limit as null)', async () => {
  const { user, sent, table } = await openCoupons();
  await user.click(within(table).getByRole('button', { name: 'Edit coupon DIWALI10' }));
  const dialog = screen.getByRole('dialog', { name: 'Edit coupon DIWALI10' });
  expect(within(dialog).getByLabelText('Code')).toHaveValue('DIWALI10');
  expect(within(dialog).getByLabelText('Percent off (%)')).toHaveValue('10');
  expect(within(dialog).getByLabelText('Max discount (₹)')).toHaveValue('500');
  expect(within(dialog).getByLabelText('Starts on')).toHaveValue('2026-10-20');
  expect(within(dialog).getByLabelText('Ends on')).toHaveValue('2099-11-05');
  expect(within(dialog).getByLabelText('Usage limit (in all)')).toHaveValue('100');
  await user.clear(within(dialog).getByLabelText('Usage limit (in all)'));
  await user.clear(within(dialog).getByLabelText('Percent off (%)'));
  await user.type(within(dialog).getByLabelText('Percent off (%)'), '12.5');
  await user.click(within(dialog).getByRole('checkbox', { name: /^Active/ }));
  await user.click(within(dialog).getByRole('button', { name: 'Save coupon' }));
  expect(await screen.findByText('Coupon DIWALI10 saved')).toBeInTheDocument();
  expect(sent.updated).toEqual([{ id: makeCoupon()._id, body: { value: 12.5, usage_limit: null, active: false } }]);
  await waitFor(() => expect(within(rowOf(screen.getByRole('table', { name: 'Coupons' }), 'DIWALI10')).getByText('Off')).toBeInTheDocument());

  // A percent coupon made fixed loses its cap.
  await user.click(within(screen.getByRole('table', { name: 'Coupons' })).getByRole('button', { name: 'Edit coupon DIWALI10' }));
  const again = screen.getByRole('dialog', { name: 'Edit coupon DIWALI10' });
  await user.selectOptions(within(again).getByLabelText('Kind'), 'fixed');
  await user.click(within(again).getByRole('button', { name: 'Save coupon' }));
  await waitFor(() => expect(sent.updated).toHaveLength(2));
  expect(sent.updated[1]!.body).toEqual({ kind: 'fixed', max_discount: null });
});

it('deletes an unused coupon after asking, and says why a used one is kept', async () => {
  const { user, sent, table } = await openCoupons();
  await user.click(within(table).getByRole('button', { name: 'Delete coupon FIRST50' }));
  const confirm = screen.getByRole('dialog', { name: 'Delete coupon' });
  expect(confirm).toHaveTextContent('Delete the coupon FIRST50?');
  await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('Coupon FIRST50 deleted')).toBeInTheDocument();
  expect(sent.deleted).toEqual([FIRST._id]);
  await waitFor(() => expect(within(screen.getByRole('table', { name: 'Coupons' })).queryByText('FIRST50')).not.toBeInTheDocument());

  await user.click(within(screen.getByRole('table', { name: 'Coupons' })).getByRole('button', { name: 'Delete coupon DIWALI10' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Delete coupon' })).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('This coupon was used by checkouts, so it is kept; turn it off (active: false) instead')).toBeInTheDocument();
  expect(within(screen.getByRole('table', { name: 'Coupons' })).getByText('DIWALI10')).toBeInTheDocument();
});
