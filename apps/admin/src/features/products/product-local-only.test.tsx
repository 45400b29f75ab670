import { screen, waitFor } from '@testing-library/react';
import type { Product } from '@shop/domain/schemas/products';
import { renderApp } from '../../testing/render-app';
import { openProductPage, serveCatalogue } from '../../testing/product-page';
import { makeCategory, makeProduct } from '../../testing/fixtures';
import { api, http, ok, server } from '../../testing/server';

// "Local delivery only" on the product form (issue 29): sent like the other optional fields, only when it changed.

const dairy = makeCategory('Dairy');

const catalogue = () => serveCatalogue([dairy]);

/** Opens the product's page; PUT answers the product with the local_only sent, and the bodies sent are kept. */
async function openProduct(product: Product) {
  catalogue();
  const page = await openProductPage(product, (body) => ({ ...product, ...(body.local_only === undefined ? {} : { local_only: body.local_only as boolean }) }));
  return { ...page, box: screen.getByRole('checkbox', { name: 'Local delivery only' }) };
}

it('shows the flag with its hint and sends local_only when it is ticked', async () => {
  const { user, update, box, sent } = await openProduct(makeProduct({ name: 'Fresh Paneer', category: dairy }));
  expect(box).not.toBeChecked();
  expect(box).toHaveAccessibleDescription('Delivered only to the local PINs set on the Delivery screen, e.g. fresh dairy');
  expect(update).toBeDisabled();
  await user.click(box);
  expect(update).toBeEnabled();
  await user.click(update);
  expect(await screen.findByText('Product updated successfully')).toBeInTheDocument();
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatchObject({ local_only: true });
  await waitFor(() => expect(update).toBeDisabled());
  expect(box).toBeChecked();
});

it('sends local_only false when a local product is unticked, and leaves it out when only another field changed', async () => {
  const { user, update, box, sent } = await openProduct(makeProduct({ name: 'Fresh Curd', category: dairy, local_only: true }));
  expect(box).toBeChecked();
  await user.type(screen.getByLabelText('Short description'), '!');
  await user.click(update);
  expect(await screen.findByText('Product updated successfully')).toBeInTheDocument();
  expect(sent[0]).not.toHaveProperty('local_only');
  await waitFor(() => expect(update).toBeDisabled());
  await user.click(box);
  await user.click(update);
  await waitFor(() => expect(sent).toHaveLength(2));
  expect(sent[1]).toMatchObject({ local_only: false });
});

it('sends local_only with a new product only when ticked', async () => {
  catalogue();
  const bodies: Array<Record<string, unknown>> = [];
  const created = makeProduct({ name: 'Chaas', slug: 'chaas', local_only: true });
  server.use(
    http.post(api('products'), async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>);
      return ok({ product: created, message: 'Product created successfully' });
    }),
    http.get(api('products/chaas'), () => ok({ product: created })),
  );
  const { user } = renderApp('/admin/create-product');
  await user.type(await screen.findByLabelText('Name'), 'Chaas');
  await user.click(screen.getByRole('checkbox', { name: 'Local delivery only' }));
  await user.click(screen.getByRole('button', { name: 'Create product' }));
  expect(await screen.findByText('Product created successfully')).toBeInTheDocument();
  expect(bodies[0]).toMatchObject({ name: 'Chaas', local_only: true });
});
