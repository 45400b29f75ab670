import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../testing/render-app';
import { makeOrder, makeProduct, makeSlider, makeVariant, pngFile } from '../../testing/fixtures';
import type { HomeTile } from '@shop/domain/schemas/home-tiles';
import { api, fail, http, ok, server } from '../../testing/server';
import { serveEmptyDashboard } from '../../testing/dashboard';
import type { Slider } from '@shop/domain/schemas/sliders';

const ghee = makeProduct({ name: 'A2 Gir Cow Bilona Ghee 250 ml', price: 595 });
const hairOil = makeProduct({ name: 'Bhringraj Ayurvedic Hair Oil 200 ml', price: 595 });
const bigGhee = makeProduct({ name: 'A2 Gir Cow Bilona Ghee 500 ml', price: 995 });
const tileOf = (p: typeof ghee) => ({ _id: p._id, name: p.name, slug: p.slug, price: p.price });
const seededTiles: HomeTile[] = [
  { position: 1, title: 'A2 Cow Ghee', video: 'a2-cow-ghee', product: tileOf(ghee) },
  { position: 2, title: 'Ayurvedic Hair Oil', video: 'herbal-hair-oil', product: tileOf(hairOil) },
  { position: 3, title: 'Bilona Ghee 500 ml', video: 'bilona-ghee', product: tileOf(bigGhee) },
];

// Two checkouts of paid lines on 5 March (one of two products), and a refunded one that is not a sale.
const paidLines = [
  makeOrder({ order_id: 'order_A', createdAt: '2026-03-05T06:00:00.000Z' }),
  makeOrder({ order_id: 'order_A', createdAt: '2026-03-05T06:00:00.000Z' }),
  makeOrder({ order_id: 'order_B', createdAt: '2026-03-05T17:00:00.000Z' }),
  makeOrder({ order_id: 'order_C', payment: 'Refund due', createdAt: '2026-03-05T08:00:00.000Z' }),
];

function dashboard({ sliders = [] as Slider[], recent = [makeOrder()], tiles = seededTiles } = {}) {
  server.use(
    http.get(api('orders/all'), () => ok({ orders: paidLines })),
    http.get(api('home-tiles'), () => ok({ tiles })),
    http.get(api('products'), () => ok({ products: [ghee, hairOil, bigGhee] })),
    http.get(api('products/dashboard'), () =>
      ok({ products_count: 7, products: [{ category: 'Ghee', number_of_products: 4 }, { category: 'Oils', number_of_products: 3 }] }),
    ),
    http.get(api('users/dashboard'), () => ok({ users_count: 12, users: [{ day: '2026-03-05', number_of_users: 3 }] })),
    http.get(api('orders/dashboard'), () =>
      ok({
        orders_count: 5,
        orders: [
          { day: '2026-03-05', number_of_orders: 3 },
          { day: '2026-03-06', number_of_orders: 0 },
        ],
        recent_orders: recent,
        revenue: { today: 1785, last_30_days: 123456.5 },
      }),
    ),
    http.get(api('slider'), () => ok({ sliders })),
  );
}

it('shows the totals, the three charts and the recent orders', async () => {
  dashboard({ recent: [makeOrder({ order_id: 'order_XYZ' }), makeOrder({ order_id: 'order_GONE', product: null })] });
  renderApp('/admin');
  expect(await screen.findByText('Total Products')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByText('Total Products').nextSibling).toHaveTextContent('7'));
  expect(screen.getByText('Total Users').nextSibling).toHaveTextContent('12');
  const revenue = screen.getByRole('group', { name: 'Paid revenue' });
  expect(within(revenue).getByText('Paid revenue today').nextSibling).toHaveTextContent('₹ 1,785.00');
  expect(within(revenue).getByText('Paid revenue, last 30 days').nextSibling).toHaveTextContent('₹ 1,23,456.50');
  // Checkouts, not lines: the server's 5 paid lines are 2 orders.
  await waitFor(() => expect(screen.getByText('Total Orders').nextSibling).toHaveTextContent('2'));
  expect(screen.getByRole('img', { name: 'Orders per day: 5/3/2026 2, 6/3/2026 0' })).toBeInTheDocument();
  expect(screen.getByText('Users per day')).toBeInTheDocument();
  expect(screen.getByText('Products per category')).toBeInTheDocument();
  expect(screen.getByText('Orders per day')).toBeInTheDocument();
  expect(screen.getByRole('img', { name: 'Products per category: Ghee 4, Oils 3' })).toBeInTheDocument();
  expect(screen.getByRole('img', { name: 'Users per day: 5/3/2026 3' })).toBeInTheDocument();
  const recent = screen.getByRole('table', { name: 'Recent Orders' });
  expect(within(recent).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
    'Order ID',
    'User',
    'Product',
    'Date',
    'Payment Status',
  ]);
  expect(within(recent).getByText('order_XYZ')).toBeInTheDocument();
  expect(within(recent).getByText('product no longer available')).toBeInTheDocument();
  expect(within(recent).getAllByText('5/3/2026')).toHaveLength(2);
});

it('shows each recent order’s size and SKU, and the name as sold beside product no longer available', async () => {
  dashboard({
    recent: [
      makeOrder({ order_id: 'order_SIZE', variant_label: '1 L', sku: 'GHEE-1000' }),
      makeOrder({
        order_id: 'order_RETIRED',
        product: { _id: '00000000-0000-4000-8000-0000000000ac', name: 'A2 Ghee 250 ml', slug: 'a2-ghee-250-ml', price: 350, available: false },
        variant_label: '250 ml',
        sku: 'GHEE-250',
      }),
    ],
  });
  renderApp('/admin');
  const recent = await screen.findByRole('table', { name: 'Recent Orders' });
  const sized = within(recent).getByText('order_SIZE').closest('tr')!;
  expect(within(sized).getByText('1 L · GHEE-1000')).toBeInTheDocument();
  expect(within(sized).queryByText('product no longer available')).not.toBeInTheDocument();
  const retired = within(recent).getByText('order_RETIRED').closest('tr')!;
  expect(within(retired).getByText('A2 Ghee 250 ml')).toBeInTheDocument();
  expect(within(retired).getByText('250 ml · GHEE-250')).toBeInTheDocument();
  expect(within(retired).getByText('product no longer available')).toBeInTheDocument();
});

it('says No sliders when there are none, and reveals the form with Add Slider +', async () => {
  dashboard();
  const { user } = renderApp('/admin');
  expect(await screen.findByText('No sliders')).toBeInTheDocument();
  expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Add Slider +' }));
  expect(screen.getByLabelText('Name')).toBeInTheDocument();
  expect(screen.getByLabelText('Url')).toBeInTheDocument();
  expect(screen.getByLabelText(/Slide image/)).toBeInTheDocument();
});

it('adds a slider with its image as a data URL', async () => {
  let sent: { name: string; url: string; image: string } | undefined;
  const sliders: Slider[] = [];
  dashboard();
  server.use(
    http.get(api('slider'), () => ok({ sliders })),
    http.post(api('slider'), async ({ request }) => {
      sent = (await request.json()) as typeof sent;
      const slider = makeSlider(sent!.name);
      sliders.push(slider);
      return ok({ slider });
    }),
  );
  const { user } = renderApp('/admin');
  await user.click(await screen.findByRole('button', { name: 'Add Slider +' }));
  await user.type(screen.getByLabelText('Name'), 'Winter ghee');
  await user.type(screen.getByLabelText('Url'), '/allproducts');
  await user.upload(screen.getByLabelText(/Slide image/), pngFile());
  expect(await screen.findByRole('img', { name: 'Slide image preview' })).toHaveAttribute('src', expect.stringMatching(/^data:image\/png;base64,/));
  await user.click(screen.getByRole('button', { name: 'Save slider' }));
  await waitFor(() => expect(sent).toMatchObject({ name: 'Winter ghee', url: '/allproducts' }));
  expect(sent!.image).toMatch(/^data:image\/png;base64,/);
  expect(await screen.findByText('Slider added successfully')).toBeInTheDocument();
  expect(await screen.findByText('Winter ghee')).toBeInTheDocument();
  expect(screen.queryByText('No sliders')).not.toBeInTheDocument();
});

it('explains a file that is not an image or is too large, and sends nothing', async () => {
  dashboard();
  const { user } = renderApp('/admin', { userEventOptions: { applyAccept: false } });
  await user.click(await screen.findByRole('button', { name: 'Add Slider +' }));
  await user.upload(screen.getByLabelText(/Slide image/), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
  expect(await screen.findByText(/That file is not an image/)).toBeInTheDocument();
  await user.upload(screen.getByLabelText(/Slide image/), pngFile('huge.png', 5 * 1024 * 1024 + 1));
  expect(await screen.findByText(/larger than 5 MB/)).toBeInTheDocument();
  // No request is made: the slider POST has no handler, so one would fail the test.
  await user.click(screen.getByRole('button', { name: 'Save slider' }));
  expect(screen.getByText('Give the slide a name')).toBeInTheDocument();
  expect(screen.getByText(/larger than 5 MB/)).toBeInTheDocument();
  expect(screen.queryByRole('img', { name: 'Slide image preview' })).not.toBeInTheDocument();
});

it('turns the add button off at three sliders: Max number of sliders reached', async () => {
  dashboard({ sliders: [makeSlider('one'), makeSlider('two'), makeSlider('three')] });
  renderApp('/admin');
  const button = await screen.findByRole('button', { name: 'Max number of sliders reached' });
  expect(button).toBeDisabled();
  expect(screen.queryByRole('button', { name: 'Add Slider +' })).not.toBeInTheDocument();
});

it('deletes a slider after asking', async () => {
  let sliders = [makeSlider('one')];
  dashboard();
  server.use(
    http.get(api('slider'), () => ok({ sliders })),
    http.delete(api(`slider/${sliders[0]!._id}`), () => {
      sliders = [];
      return ok({ message: 'Slider deleted' });
    }),
  );
  const { user } = renderApp('/admin');
  await user.click(await screen.findByRole('button', { name: 'Delete slider one' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Delete slider' })).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('Slider deleted successfully')).toBeInTheDocument();
  expect(await screen.findByText('No sliders')).toBeInTheDocument();
});

it('toasts the server message when a slider is refused', async () => {
  dashboard();
  server.use(http.post(api('slider'), () => fail(409, 'There can be at most 3 sliders')));
  const { user } = renderApp('/admin');
  await user.click(await screen.findByRole('button', { name: 'Add Slider +' }));
  await user.type(screen.getByLabelText('Name'), 'Extra');
  await user.type(screen.getByLabelText('Url'), '/');
  await user.upload(screen.getByLabelText(/Slide image/), pngFile());
  await screen.findByRole('img', { name: 'Slide image preview' });
  await user.click(screen.getByRole('button', { name: 'Save slider' }));
  expect(await screen.findByText('There can be at most 3 sliders')).toBeInTheDocument();
});

it('shows No Data Found in a chart without data and No Orders Found without recent orders', async () => {
  serveEmptyDashboard({ tiles: seededTiles });
  renderApp('/admin');
  expect(await screen.findAllByText('No Data Found')).toHaveLength(3);
  expect(screen.getByText('No Orders Found')).toBeInTheDocument();
});

it('edits a home video tile: title, clip and product go to the server, and the saved tile is shown', async () => {
  let tiles = seededTiles;
  dashboard();
  let sent: unknown;
  let reads = 0;
  server.use(
    http.get(api('home-tiles'), () => {
      reads += 1;
      return ok({ tiles });
    }),
    http.put(api('home-tiles/2'), async ({ request }) => {
      sent = await request.json();
      const tile: HomeTile = { position: 2, title: 'Bilona Ghee', video: 'bilona-ghee', product: tileOf(bigGhee) };
      tiles = [tiles[0]!, tile, tiles[2]!];
      return ok({ tile });
    }),
  );
  const { user } = renderApp('/admin');
  const panel = await screen.findByRole('region', { name: 'Home video tiles' });
  const second = await within(panel).findByRole('form', { name: 'Video tile 2' });
  expect(within(second).getByLabelText('Title')).toHaveValue('Ayurvedic Hair Oil');
  expect(within(second).getByLabelText('Product')).toHaveDisplayValue('Bhringraj Ayurvedic Hair Oil 200 ml: ₹ 595.00');

  await user.clear(within(second).getByLabelText('Title'));
  await user.click(within(second).getByRole('button', { name: 'Save tile' }));
  expect(within(second).getByText('Give the tile a title')).toBeInTheDocument();
  expect(sent).toBeUndefined();

  await user.type(within(second).getByLabelText('Title'), 'Bilona Ghee');
  await user.selectOptions(within(second).getByLabelText('Video'), 'bilona-ghee');
  await user.selectOptions(within(second).getByLabelText('Product'), `${bigGhee._id}:`);
  await user.click(within(second).getByRole('button', { name: 'Save tile' }));
  await waitFor(() => expect(sent).toEqual({ title: 'Bilona Ghee', video: 'bilona-ghee', product: bigGhee._id, variant: null }));
  expect(await screen.findByText('Video tile 2 saved')).toBeInTheDocument();
  // The tiles are read again after the save.
  await waitFor(() => expect(reads).toBeGreaterThanOrEqual(2));
  // The form is drawn again from the server's answer (looked up afresh: the old one may just have been replaced).
  await waitFor(() => expect(within(within(panel).getByRole('form', { name: 'Video tile 2' })).getByLabelText('Title')).toHaveValue('Bilona Ghee'));
  expect(within(within(panel).getByRole('form', { name: 'Video tile 2' })).getByLabelText('Video')).toHaveValue('bilona-ghee');
});

it('takes a tile off its product with No product, and shows the server\'s refusal', async () => {
  dashboard();
  let sent: unknown;
  server.use(
    http.put(api('home-tiles/1'), async ({ request }) => {
      sent = await request.json();
      return fail(400, 'No product with that id: choose one from the catalogue');
    }),
  );
  const { user } = renderApp('/admin');
  const first = await screen.findByRole('form', { name: 'Video tile 1' });
  await user.selectOptions(within(first).getByLabelText('Product'), '');
  await user.click(within(first).getByRole('button', { name: 'Save tile' }));
  await waitFor(() => expect(sent).toEqual({ title: 'A2 Cow Ghee', video: 'a2-cow-ghee', product: null, variant: null }));
  expect(await screen.findByText('No product with that id: choose one from the catalogue')).toBeInTheDocument();
});

it('sells one size of a product with sizes: each size is a choice with its price, and the size goes to the server', async () => {
  const small = makeVariant({ label: '250 ml', price: 595 });
  const sized = makeProduct({
    name: 'A2 Gir Cow Bilona Ghee',
    variants: [makeVariant({ label: '500 ml', price: 995, is_default: true }), small],
  });
  dashboard();
  let sent: unknown;
  server.use(
    http.get(api('products'), () => ok({ products: [sized, hairOil] })),
    http.put(api('home-tiles/1'), async ({ request }) => {
      sent = await request.json();
      return ok({ tile: { position: 1, title: 'A2 Cow Ghee', video: 'a2-cow-ghee', product: { _id: sized._id, name: sized.name, slug: sized.slug, price: 595, variant: small._id } } });
    }),
  );
  const { user } = renderApp('/admin');
  const first = await screen.findByRole('form', { name: 'Video tile 1' });
  const menu = within(first).getByLabelText('Product');
  await waitFor(() => expect(within(menu).getByRole('option', { name: 'A2 Gir Cow Bilona Ghee, 250 ml: ₹ 595.00' })).toBeInTheDocument());
  expect(within(menu).getByRole('option', { name: 'A2 Gir Cow Bilona Ghee, 500 ml: ₹ 995.00' })).toBeInTheDocument();
  await user.selectOptions(menu, `${sized._id}:${small._id}`);
  await user.click(within(first).getByRole('button', { name: 'Save tile' }));
  await waitFor(() => expect(sent).toEqual({ title: 'A2 Cow Ghee', video: 'a2-cow-ghee', product: sized._id, variant: small._id }));
});

it('lists the sizes at or below their low-stock level, each linking to its product, and the reviews waiting', async () => {
  serveEmptyDashboard({
    ordersDashboard: {
      reviews_pending: 3,
      low_stock: [
        { product: { _id: ghee._id, name: 'A2 Gir Cow Bilona Ghee', slug: 'a2-gir-cow-bilona-ghee' }, variant: ghee.variants[0]!._id, label: '1 L', sku: 'A2-GHEE-1L', quantity: 0, low_stock_at: 5 },
        { product: { _id: hairOil._id, name: 'Bhringraj Hair Oil', slug: 'bhringraj-hair-oil' }, variant: hairOil.variants[0]!._id, label: '100 ml', sku: 'BHRINGRAJ-100ML', quantity: 4, low_stock_at: 5 },
      ],
    },
  });
  renderApp('/admin');
  const card = await screen.findByRole('region', { name: 'Low stock and reviews' });
  expect(await within(card).findByRole('link', { name: '3 reviews waiting' })).toHaveAttribute('href', '/admin/reviews');
  const table = within(card).getByRole('table', { name: 'Sizes at or below their low-stock level' });
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows.map((r) => Array.from(r.querySelectorAll('td')).map((td) => td.textContent))).toEqual([
    ['A2 Gir Cow Bilona Ghee', '1 L (A2-GHEE-1L)', 'Sold out (warns at 5)'],
    ['Bhringraj Hair Oil', '100 ml (BHRINGRAJ-100ML)', '4 (warns at 5)'],
  ]);
  expect(within(table).getByRole('link', { name: 'Bhringraj Hair Oil' })).toHaveAttribute('href', '/admin/products/bhringraj-hair-oil');
});

it('says when no size is low and no review waits', async () => {
  serveEmptyDashboard({ ordersDashboard: { reviews_pending: 0, low_stock: [] } });
  renderApp('/admin');
  const card = await screen.findByRole('region', { name: 'Low stock and reviews' });
  expect(await within(card).findByText('Every size is above its low-stock level.')).toBeInTheDocument();
  expect(within(card).getByRole('link', { name: 'No reviews waiting' })).toBeInTheDocument();
});
