import { screen, waitFor, within } from '@testing-library/react';
import type { Product } from '@shop/domain/schemas/products';
import { renderApp } from '../../testing/render-app';
import { makeCategory, makeProduct, makeSolution, makeVariant, pngFile } from '../../testing/fixtures';
import { api, fail, http, ok, server } from '../../testing/server';
import { openListTable } from '../../testing/tables';

const ghee = makeCategory('Ghee');
const oils = makeCategory('Oils');
const immunity = makeSolution('Immunity Power');
const digestion = makeSolution('Digestive issues');

function catalogue() {
  server.use(
    http.get(api('category'), () => ok({ categories: [ghee, oils] })),
    http.get(api('solutions'), () => ok({ solutions: [immunity, digestion] })),
  );
}

/** Answers PUT products/{id} of `product` with the product `answer` makes of the sent body; returns the bodies sent. */
function answerUpdates(product: Product, answer: (body: Record<string, unknown>) => Product) {
  const sent: Array<Record<string, unknown>> = [];
  server.use(
    http.put(api(`products/${product._id}`), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      return ok({ product: answer(body), message: 'Product updated successfully' });
    }),
  );
  return sent;
}

it('lists products with the spec columns, View and Delete', async () => {
  const p = makeProduct({ name: 'A2 Cow Ghee', price: 595, quantity: 12, category: ghee });
  server.use(http.get(api('products/'), () => ok({ products: [p] })));
  const { table } = await openListTable('/admin/products', 'Products', ['Index', 'Product Id', 'Name', 'Quantity', 'Price', 'Category', 'View', 'Delete']);
  expect(within(table).getByText(p._id)).toBeInTheDocument();
  expect(within(table).getByText('₹ 595.00')).toBeInTheDocument();
  expect(within(table).getByRole('link', { name: 'View A2 Cow Ghee' })).toHaveAttribute('href', '/admin/products/a2-cow-ghee');
  expect(within(table).getByRole('button', { name: 'Delete A2 Cow Ghee' })).toBeInTheDocument();
});

it('shows the stock across sizes, flags a size at 0 and says "from" when the sizes cost differently', async () => {
  const sizes = makeProduct({
    name: 'A2 Ghee',
    variants: [
      makeVariant({ label: '250 ml', price: 350, quantity: 0 }),
      makeVariant({ label: '500 ml', price: 595, quantity: 8, is_default: true }),
      makeVariant({ label: '1 L', price: 1150, quantity: 4 }),
    ],
  });
  const oneSize = makeProduct({ name: 'Hair Oil', price: 350, quantity: 6 });
  server.use(http.get(api('products/'), () => ok({ products: [sizes, oneSize] })));
  const { table } = await openListTable('/admin/products', 'Products', ['Index', 'Product Id', 'Name', 'Quantity', 'Price', 'Category', 'View', 'Delete']);
  const [, first, second] = within(table).getAllByRole('row');
  expect(within(first!).getByText('12')).toBeInTheDocument();
  expect(within(first!).getByText('3 sizes')).toBeInTheDocument();
  expect(within(first!).getByText('A size is out of stock')).toHaveAttribute('title', 'Out of stock: 250 ml');
  expect(within(first!).getByText('from ₹ 350.00')).toBeInTheDocument();
  expect(within(second!).getByText('6')).toBeInTheDocument();
  expect(within(second!).getByText('₹ 350.00')).toBeInTheDocument();
  expect(within(second!).queryByText(/out of stock/i)).not.toBeInTheDocument();
});

it('says No products when the catalogue is empty', async () => {
  server.use(http.get(api('products/'), () => ok({ products: [] })));
  renderApp('/admin/products');
  expect(await screen.findByText('No products')).toBeInTheDocument();
});

it('adds a product from the overlay with category, solutions, highlight and an image', async () => {
  catalogue();
  let body: Record<string, unknown> | undefined;
  let products: Product[] = [];
  server.use(
    http.get(api('products/'), () => ok({ products })),
    http.post(api('products'), async ({ request }) => {
      body = (await request.json()) as Record<string, unknown>;
      const product = makeProduct({ name: String(body.name), category: ghee });
      products = [product];
      return ok({ product, message: 'Product created successfully' });
    }),
  );
  const { user } = renderApp('/admin/products');
  await user.click(await screen.findByRole('button', { name: 'Add product' }));
  const dialog = screen.getByRole('dialog', { name: 'Add product' });
  await user.type(within(dialog).getByLabelText('Name'), 'Bilona Ghee');
  await user.type(within(dialog).getByLabelText('Price (₹)'), '795');
  await user.type(within(dialog).getByLabelText('Quantity'), '20');
  await user.selectOptions(within(dialog).getByLabelText('Category'), 'Ghee');
  await user.click(within(dialog).getByRole('checkbox', { name: 'Immunity Power' }));
  await user.click(within(dialog).getByRole('checkbox', { name: /Highlight/ }));
  await user.type(within(dialog).getByLabelText('Short description'), 'Hand-churned');
  await user.type(within(dialog).getByLabelText('HSN code'), '0405');
  await user.selectOptions(within(dialog).getByLabelText('GST rate'), '5%');
  await user.upload(within(dialog).getByLabelText('Image'), pngFile());
  await within(dialog).findByRole('img', { name: 'Image preview' });
  expect(await within(dialog).findByRole('textbox', { name: 'Contents' })).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Create product' }));
  expect(await screen.findByText('Product created successfully')).toBeInTheDocument();
  // One unnamed size: sent as the SPEC sends a product, price and quantity.
  expect(body).not.toHaveProperty('variants');
  expect(body).toMatchObject({
    name: 'Bilona Ghee',
    price: 795,
    quantity: 20,
    category: ghee._id,
    solutions: [immunity._id],
    shortdesc: 'Hand-churned',
    highlighted: true,
    hsn_code: '0405',
    gst_rate: 5,
  });
  expect(String(body!.image)).toMatch(/^data:image\/png;base64,/);
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add product' })).not.toBeInTheDocument());
  expect(await screen.findByText('Bilona Ghee')).toBeInTheDocument();
}, 60_000); // a long journey of typing: slow on a loaded 2-core machine

it('leaves required checks to the server and shows its message', async () => {
  catalogue();
  server.use(
    http.get(api('products/'), () => ok({ products: [] })),
    http.post(api('products'), () => fail(400, 'body must have required property price')),
  );
  const { user } = renderApp('/admin/products');
  await user.click(await screen.findByRole('button', { name: 'Add product' }));
  await user.click(screen.getByRole('button', { name: 'Create product' }));
  expect(await screen.findByText('body must have required property price')).toBeInTheDocument();
  expect(screen.getByRole('dialog', { name: 'Add product' })).toBeInTheDocument();
});

it('keeps Update disabled until something changes, then moves to the new slug', async () => {
  catalogue();
  const product = makeProduct({ name: 'A2 Cow Ghee', category: ghee, solutions: [immunity], hsn_code: '0405', gst_rate: 12 });
  const updated = { ...product, name: 'Desi A2 Cow Ghee', slug: 'desi-a2-cow-ghee' };
  server.use(
    http.get(api('products/a2-cow-ghee'), () => ok({ product })),
    http.get(api('products/desi-a2-cow-ghee'), () => ok({ product: updated })),
  );
  const sent = answerUpdates(product, () => updated);
  const { user, router } = renderApp('/admin/products/a2-cow-ghee');
  const name = await screen.findByLabelText('Name');
  expect(name).toHaveValue('A2 Cow Ghee');
  const update = screen.getByRole('button', { name: 'Update' });
  expect(update).toBeDisabled();

  await user.type(name, 'x');
  expect(update).toBeEnabled();
  await user.type(name, '{Backspace}');
  expect(update).toBeDisabled();

  expect(screen.getByLabelText('HSN code')).toHaveValue('0405');
  expect(screen.getByLabelText('GST rate')).toHaveDisplayValue('12%');
  await user.selectOptions(screen.getByLabelText('GST rate'), '5%');
  await user.clear(name);
  await user.type(name, 'Desi A2 Cow Ghee');
  await user.click(update);
  expect(await screen.findByText('Product updated successfully')).toBeInTheDocument();
  expect(sent.at(-1)).toMatchObject({ name: 'Desi A2 Cow Ghee', category: ghee._id, solutions: [immunity._id], hsn_code: '0405', gst_rate: 5 });
  expect(sent.at(-1)).not.toHaveProperty('image');
  await waitFor(() => expect(router.state.location.pathname).toBe('/admin/products/desi-a2-cow-ghee'));
  expect(await screen.findByLabelText('Name')).toHaveValue('Desi A2 Cow Ghee');
  expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();
  await waitFor(() => expect(screen.getByRole('heading', { name: 'Desi A2 Cow Ghee', level: 1 })).toBeInTheDocument());
});

it('enables Update for a new image, a solution or the highlight flag, and sends the old image along', async () => {
  catalogue();
  const product = makeProduct({ category: ghee, image: '/uploads/old.webp' });
  server.use(http.get(api(`products/${product.slug}`), () => ok({ product })));
  const sent = answerUpdates(product, () => ({ ...product, image: '/uploads/new.webp' }));
  const { user } = renderApp(`/admin/products/${product.slug}`);
  const update = await screen.findByRole('button', { name: 'Update' });
  await user.click(await screen.findByRole('checkbox', { name: 'Digestive issues' }));
  expect(update).toBeEnabled();
  await user.click(screen.getByRole('checkbox', { name: 'Digestive issues' }));
  expect(update).toBeDisabled();
  await user.click(screen.getByRole('checkbox', { name: /Highlight/ }));
  expect(update).toBeEnabled();
  await user.click(screen.getByRole('checkbox', { name: /Highlight/ }));
  expect(update).toBeDisabled();

  await user.upload(screen.getByLabelText('Image'), pngFile());
  await waitFor(() => expect(update).toBeEnabled());
  await user.click(update);
  expect(await screen.findByText('Product updated successfully')).toBeInTheDocument();
  expect(String(sent.at(-1)!.image)).toMatch(/^data:image\/png;base64,/);
  expect(sent.at(-1)!.old_image).toBe('/uploads/old.webp');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled());
});

it('says No product found for an unknown slug', async () => {
  catalogue();
  server.use(http.get(api('products/nothing-here'), () => fail(404, 'Product not found')));
  renderApp('/admin/products/nothing-here');
  expect(await screen.findByText('No product found')).toBeInTheDocument();
});

it('deletes a product from its page with the server message and returns to the list', async () => {
  catalogue();
  const product = makeProduct();
  server.use(
    http.get(api(`products/${product.slug}`), () => ok({ product })),
    http.delete(api(`products/${product._id}`), () => ok({ message: 'Product deleted successfully' })),
    http.get(api('products/'), () => ok({ products: [] })),
  );
  const { user, router } = renderApp(`/admin/products/${product.slug}`);
  await user.click(await screen.findByRole('button', { name: 'Delete' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Delete product' })).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('Product deleted successfully')).toBeInTheDocument();
  await waitFor(() => expect(router.state.location.pathname).toBe('/admin/products'));
  expect(await screen.findByText('No products')).toBeInTheDocument();
});

it('offers the product form as a page at create-product', async () => {
  catalogue();
  const created = makeProduct({ name: 'Hair Oil', slug: 'hair-oil' });
  server.use(
    http.post(api('products'), () => ok({ product: created, message: 'Product created successfully' })),
    http.get(api('products/hair-oil'), () => ok({ product: created })),
  );
  const { user, router } = renderApp('/admin/create-product');
  await user.type(await screen.findByLabelText('Name'), 'Hair Oil');
  await user.click(screen.getByRole('button', { name: 'Create product' }));
  expect(await screen.findByText('Product created successfully')).toBeInTheDocument();
  await waitFor(() => expect(router.state.location.pathname).toBe('/admin/products/hair-oil'));
  expect(await screen.findByRole('heading', { name: 'Hair Oil' })).toBeInTheDocument();
});

it('enables Update when the rich contents change and sends the new HTML', async () => {
  catalogue();
  const product = makeProduct({ category: ghee, contents: '<p>Rich and golden.</p>' });
  server.use(http.get(api(`products/${product.slug}`), () => ok({ product })));
  const sent = answerUpdates(product, (body) => ({ ...product, contents: String(body.contents) }));
  const { user } = renderApp(`/admin/products/${product.slug}`);
  const update = await screen.findByRole('button', { name: 'Update' });
  const editor = await screen.findByRole('textbox', { name: 'Contents' });
  expect(editor).toHaveTextContent('Rich and golden.');
  expect(update).toBeDisabled();
  await user.click(editor);
  await user.keyboard(' Made in small batches.');
  await waitFor(() => expect(update).toBeEnabled());
  await user.click(screen.getByRole('button', { name: 'Bold' }));
  await user.click(update);
  expect(await screen.findByText('Product updated successfully')).toBeInTheDocument();
  expect(String(sent.at(-1)!.contents)).toContain('Made in small batches.');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled());
});
