import { screen } from '@testing-library/react';
import type { Category } from '@shop/domain/schemas/catalogue';
import type { Product } from '@shop/domain/schemas/products';
import { renderApp } from './render-app';
import { api, http, ok, server } from './server';

/** The product form's pickers: these categories and no solutions. */
export function serveCatalogue(categories: Category[]) {
  server.use(
    http.get(api('category'), () => ok({ categories })),
    http.get(api('solutions'), () => ok({ solutions: [] })),
  );
}

/**
 * Opens the product's page (serve its catalogue first); PUT answers `answer(body)`, the product as saved (or a
 * Response), and the bodies sent are kept. Resolves once the Update button is there.
 */
export async function openProductPage(product: Product, answer: (body: Record<string, unknown>) => Product | Response = () => product) {
  const sent: Array<Record<string, unknown>> = [];
  server.use(
    http.get(api(`products/${product.slug}`), () => ok({ product })),
    http.put(api(`products/${product._id}`), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      const saved = answer(body);
      return saved instanceof Response ? saved : ok({ product: saved, message: 'Product updated successfully' });
    }),
  );
  const rendered = renderApp(`/admin/products/${product.slug}`);
  const update = await screen.findByRole('button', { name: 'Update' });
  return { ...rendered, update, sent };
}
