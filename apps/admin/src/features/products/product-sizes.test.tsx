import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { Product } from '@shop/domain/schemas/products';
import { renderApp } from '../../testing/render-app';
import { openProductPage, serveCatalogue } from '../../testing/product-page';
import { makeCategory, makeProduct, makeVariant, SHOP_LABEL_DETAILS } from '../../testing/fixtures';
import { api, fail, http, ok, server } from '../../testing/server';

// The sizes grid and the label details of the product form (issue 28).

const ghee = makeCategory('Ghee');

const catalogue = () => serveCatalogue([ghee]);

function twoSizes(): Product {
  return makeProduct({
    name: 'A2 Ghee',
    category: ghee,
    variants: [
      makeVariant({ _id: '00000000-0000-4000-8000-00000000a250', label: '250 ml', sku: 'GHEE-250', price: 350, quantity: 5, weight_grams: 300 }),
      makeVariant({
        _id: '00000000-0000-4000-8000-00000000a500',
        label: '500 ml',
        sku: 'GHEE-500',
        price: 595,
        mrp: 650,
        quantity: 8,
        weight_grams: 560,
        is_default: true,
      }),
    ],
  });
}

/** Opens the product's page; PUT answers `answer(body)` (the product as saved) and the bodies sent are kept. */
async function openProduct(product: Product, answer?: (body: Record<string, unknown>) => Product | Response) {
  catalogue();
  const page = await openProductPage(product, answer);
  return { ...page, sizes: screen.getByRole('group', { name: 'Sizes' }) };
}

const cell = (sizes: HTMLElement, n: number, name: string) => within(sizes).getByLabelText(`Size ${n} ${name}`);

/** Types into size `n`'s cells, in the order given: `{ label: '1 L', SKU: 'GHEE-1000' }`. */
async function typeCells(user: UserEvent, sizes: HTMLElement, n: number, texts: Record<string, string>) {
  for (const [name, text] of Object.entries(texts)) await user.type(cell(sizes, n, name), text);
}

it('shows every size in a row and the default size in the SPEC’s Price and Quantity', async () => {
  const { sizes, update } = await openProduct(twoSizes());
  expect(cell(sizes, 1, 'label')).toHaveValue('250 ml');
  expect(cell(sizes, 1, 'SKU')).toHaveValue('GHEE-250');
  expect(cell(sizes, 1, 'price')).toHaveValue(350);
  expect(cell(sizes, 1, 'MRP')).toHaveValue(null);
  expect(cell(sizes, 1, 'stock')).toHaveValue(5);
  expect(cell(sizes, 1, 'weight (g)')).toHaveValue(300);
  expect(cell(sizes, 2, 'MRP')).toHaveValue(650);
  expect(within(sizes).getByRole('radio', { name: 'Size 2 is the default' })).toBeChecked();
  expect(screen.getByLabelText('Price (₹)')).toHaveValue(595);
  expect(screen.getByLabelText('Quantity')).toHaveValue(8);
  expect(update).toBeDisabled();
}, 60_000);

it('enables Update on any size change and disables it again when undone', async () => {
  const { user, sizes, update } = await openProduct(twoSizes());
  await user.type(cell(sizes, 1, 'stock'), '0');
  expect(update).toBeEnabled();
  await user.type(cell(sizes, 1, 'stock'), '{Backspace}');
  expect(update).toBeDisabled();

  await user.click(within(sizes).getByRole('button', { name: 'Add a size' }));
  expect(cell(sizes, 3, 'label')).toHaveValue('');
  expect(update).toBeEnabled();
  await user.click(within(sizes).getByRole('button', { name: 'Remove size 3' }));
  expect(within(sizes).queryByLabelText('Size 3 label')).not.toBeInTheDocument();
  expect(update).toBeDisabled();

  await user.click(within(sizes).getByRole('button', { name: 'Move size 2 up' }));
  expect(cell(sizes, 1, 'label')).toHaveValue('500 ml');
  expect(update).toBeEnabled();
  await user.click(within(sizes).getByRole('button', { name: 'Move size 1 down' }));
  expect(cell(sizes, 1, 'label')).toHaveValue('250 ml');
  expect(update).toBeDisabled();

  await user.click(within(sizes).getByRole('radio', { name: 'Size 1 is the default' }));
  expect(update).toBeEnabled();
  // The SPEC's fields now edit the new default size.
  expect(screen.getByLabelText('Price (₹)')).toHaveValue(350);
}, 60_000);

it('sends every size in order with the stock the editor showed, then starts again from the saved product', async () => {
  const product = twoSizes();
  const [small, large] = product.variants;
  const saved = makeProduct({
    ...product,
    variants: [
      { ...large!, quantity: 10 },
      { ...small!, label: '250 ml jar' },
      makeVariant({ label: '1 L', sku: 'GHEE-1000', price: 1150, quantity: 3, weight_grams: 1100 }),
    ],
  });
  const { user, sizes, update, sent } = await openProduct(product, () => saved);
  await user.click(within(sizes).getByRole('button', { name: 'Move size 2 up' }));
  await user.type(cell(sizes, 2, 'label'), ' jar');
  // The SPEC's Quantity edits the default size (500 ml, now first).
  await user.clear(screen.getByLabelText('Quantity'));
  await user.type(screen.getByLabelText('Quantity'), '10');
  expect(cell(sizes, 1, 'stock')).toHaveValue(10);
  await user.click(within(sizes).getByRole('button', { name: 'Add a size' }));
  await typeCells(user, sizes, 3, { label: '1 L', SKU: 'GHEE-1000', price: '1150', MRP: '1200', stock: '3', 'weight (g)': '1100' });
  await user.click(update);
  expect(await screen.findByText('Product updated successfully')).toBeInTheDocument();
  expect(sent).toHaveLength(1);
  expect(sent[0]!.variants).toEqual([
    { _id: large!._id, label: '500 ml', sku: 'GHEE-500', price: 595, mrp: 650, quantity: 10, expected_quantity: 8, weight_grams: 560, low_stock_at: 5, is_default: true },
    { _id: small!._id, label: '250 ml jar', sku: 'GHEE-250', price: 350, mrp: null, quantity: 5, expected_quantity: 5, weight_grams: 300, low_stock_at: 5, is_default: false },
    { label: '1 L', sku: 'GHEE-1000', price: 1150, mrp: 1200, quantity: 3, weight_grams: 1100, low_stock_at: 5, is_default: false },
  ]);
  // Sizes go as `variants` only: no second, conflicting price or quantity.
  expect(sent[0]).not.toHaveProperty('price');
  expect(sent[0]).not.toHaveProperty('quantity');
  await waitFor(() => expect(update).toBeDisabled());
  // The new size now has its id: a second save updates it rather than adding it again.
  await user.type(cell(sizes, 3, 'stock'), '0');
  await user.click(update);
  await waitFor(() => expect(sent).toHaveLength(2));
  expect((sent[1]!.variants as Array<Record<string, unknown>>)[2]).toMatchObject({ _id: saved.variants[2]!._id, quantity: 30, expected_quantity: 3 });
}, 60_000);

it('leaves the sizes out when only another field changed', async () => {
  const { user, update, sent } = await openProduct(twoSizes());
  await user.type(screen.getByLabelText('Name'), ' Jar');
  await user.click(update);
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]).toMatchObject({ name: 'A2 Ghee Jar' });
  expect(sent[0]).not.toHaveProperty('variants');
  expect(sent[0]).not.toHaveProperty('label_details');
});

it('says in plain words what a size needs, beside the field, and sends nothing until fixed', async () => {
  const { user, sizes, update, sent } = await openProduct(twoSizes());
  await user.click(within(sizes).getByRole('button', { name: 'Add a size' }));
  await user.clear(cell(sizes, 2, 'MRP'));
  await user.type(cell(sizes, 2, 'MRP'), '500');
  await user.type(cell(sizes, 1, 'SKU'), ' X');
  await user.click(update);
  expect(within(sizes).getByText('Enter the size, e.g. 500 ml')).toBeInTheDocument();
  expect(within(sizes).getByText('Enter a SKU')).toBeInTheDocument();
  expect(within(sizes).getByText('MRP cannot be below the price')).toBeInTheDocument();
  expect(within(sizes).getByText(/Use letters, digits, dots, dashes or underscores/)).toBeInTheDocument();
  expect(cell(sizes, 2, 'MRP')).toHaveAccessibleDescription('MRP cannot be below the price');
  expect(screen.getByText('Some sizes need a fix (see Sizes).')).toBeInTheDocument();
  expect(sent).toHaveLength(0);

  // Each message goes as its field is put right.
  await user.clear(cell(sizes, 2, 'MRP'));
  expect(within(sizes).queryByText('MRP cannot be below the price')).not.toBeInTheDocument();
  await user.type(cell(sizes, 1, 'SKU'), '{Backspace}{Backspace}');
  await user.type(cell(sizes, 3, 'SKU'), 'ghee-250');
  expect(within(sizes).getByText('Another size has this SKU')).toBeInTheDocument();
}, 60_000);

it('allows at most 20 sizes and always keeps one', async () => {
  const twenty = makeProduct({ variants: Array.from({ length: 20 }, (_v, i) => makeVariant({ label: `${i + 1} kg`, is_default: i === 0 })) });
  const { sizes } = await openProduct(twenty);
  expect(within(sizes).getByRole('button', { name: 'Add a size' })).toBeDisabled();
  expect(within(sizes).getByText('At most 20 sizes.')).toBeInTheDocument();
});

it('keeps one size: its Remove is disabled', async () => {
  const { sizes } = await openProduct(makeProduct());
  expect(within(sizes).getByRole('button', { name: 'Remove size 1' })).toBeDisabled();
});

it('shows the server’s 409 (a taken SKU) as it shows server errors, and keeps the edit', async () => {
  const { user, sizes, update } = await openProduct(twoSizes(), () => fail(409, 'SKU GHEE-500 is taken by another product'));
  await user.clear(cell(sizes, 1, 'SKU'));
  await user.type(cell(sizes, 1, 'SKU'), 'GHEE-500B');
  await user.click(update);
  expect(await screen.findByText('SKU GHEE-500 is taken by another product')).toBeInTheDocument();
  expect(cell(sizes, 1, 'SKU')).toHaveValue('GHEE-500B');
  // Enabled again once the store tells the form of the failure, on the frame after the toast (RTK's autoBatchEnhancer).
  await waitFor(() => expect(update).toBeEnabled());
});

it('edits the label details: the effective text shows, only a changed field is sent, an emptied one goes back to the default', async () => {
  const product = makeProduct({ label_details: { ...SHOP_LABEL_DETAILS, best_before: 'Best before 12 months' } });
  const { user, update, sent } = await openProduct(product);
  const details = screen.getByRole('group', { name: 'Label details' });
  expect(within(details).getByLabelText('Manufacturer or packer, with address')).toHaveValue(SHOP_LABEL_DETAILS.packer);
  expect(within(details).getByLabelText('Best before')).toHaveValue('Best before 12 months');
  await user.clear(within(details).getByLabelText('Best before'));
  expect(within(details).getByLabelText('Best before')).toHaveAttribute('placeholder', 'Empty: the shop’s default');
  await user.type(within(details).getByLabelText('Country of origin'), ' (Gujarat)');
  await user.click(update);
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]!.label_details).toEqual({ best_before: '', country_of_origin: 'India (Gujarat)' });
});

it('creates a product with two sizes and its label details', async () => {
  catalogue();
  let body: Record<string, unknown> | undefined;
  const created = makeProduct({ name: 'Honey', slug: 'honey' });
  server.use(
    http.post(api('products'), async ({ request }) => {
      body = (await request.json()) as Record<string, unknown>;
      return ok({ product: created, message: 'Product created successfully' });
    }),
    http.get(api('products/honey'), () => ok({ product: created })),
  );
  const { user } = renderApp('/admin/create-product');
  await user.type(await screen.findByLabelText('Name'), 'Honey');
  await user.type(screen.getByLabelText('Price (₹)'), '250');
  await user.type(screen.getByLabelText('Quantity'), '9');
  const sizes = screen.getByRole('group', { name: 'Sizes' });
  await typeCells(user, sizes, 1, { label: '250 g', SKU: 'HONEY-250' });
  await user.click(within(sizes).getByRole('button', { name: 'Add a size' }));
  await typeCells(user, sizes, 2, { label: '500 g', SKU: 'HONEY-500', price: '450', stock: '4', 'weight (g)': '560' });
  await user.type(screen.getByLabelText('Consumer care'), 'care@farm.in');
  await user.click(screen.getByRole('button', { name: 'Create product' }));
  expect(await screen.findByText('Product created successfully')).toBeInTheDocument();
  expect(body!.variants).toEqual([
    { label: '250 g', sku: 'HONEY-250', price: 250, mrp: null, quantity: 9, weight_grams: 0, low_stock_at: 5, is_default: true },
    { label: '500 g', sku: 'HONEY-500', price: 450, mrp: null, quantity: 4, weight_grams: 560, low_stock_at: 5, is_default: false },
  ]);
  expect(body).not.toHaveProperty('price');
  expect(body!.label_details).toEqual({ consumer_care: 'care@farm.in' });
}, 60_000);

it('edits each size’s low-stock level (5 unless set) and sends it; a level that is not a whole number is refused', async () => {
  const product = twoSizes();
  product.variants[1] = { ...product.variants[1]!, low_stock_at: 12 };
  const { user, sizes, update, sent } = await openProduct(product);
  expect(within(sizes).getByRole('columnheader', { name: 'Low stock at' })).toBeInTheDocument();
  expect(cell(sizes, 1, 'low stock at')).toHaveValue(5);
  expect(cell(sizes, 2, 'low stock at')).toHaveValue(12);
  await user.clear(cell(sizes, 1, 'low stock at'));
  await user.click(update);
  expect(within(sizes).getByText('Enter the low-stock level as a whole number (0 for no warning)')).toBeInTheDocument();
  expect(sent).toHaveLength(0);
  await user.type(cell(sizes, 1, 'low stock at'), '3');
  await user.click(update);
  expect(await screen.findByText('Product updated successfully')).toBeInTheDocument();
  expect((sent[0]!.variants as Array<Record<string, unknown>>).map((v) => v.low_stock_at)).toEqual([3, 12]);
}, 60_000);
