import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import type { QuoteBody } from '@shop/domain/schemas/delivery';
import { makeProduct, makeQuote, makeVariant } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { apiPath, fail, server } from '../../../testing/server';

const small = makeVariant({ label: '250 ml', price: 345, is_default: true });
const large = makeVariant({ label: '1 l', price: 1250, is_default: false });
const ghee = makeProduct({ name: 'A2 Cow Ghee', variants: [small, large] });
const paneer = makeProduct({ name: 'Fresh Paneer', price: 180, local_only: true });

function productHandlers(...products: typeof ghee[]) {
  return products.flatMap((product) => [
    http.get(apiPath(`products/${product.slug}`), () => HttpResponse.json({ product })),
    http.get(apiPath(`products/related-products/${product._id}/${product.category._id}`), () => HttpResponse.json({ products: [] })),
  ]);
}

/** The quote bodies the server received, answered like the server (or by `answer`). */
function recordQuotes(answer?: (body: QuoteBody) => Response) {
  const bodies: QuoteBody[] = [];
  server.use(
    http.post(apiPath('delivery/quote'), async ({ request }) => {
      const body = (await request.json()) as QuoteBody;
      bodies.push(body);
      return answer?.(body) ?? HttpResponse.json(makeQuote(body));
    }),
  );
  return bodies;
}

const check = () => screen.getByRole('region', { name: 'Delivery' });

describe('product page PIN check', () => {
  it('quotes one of the chosen size to the PIN: the fee, the free-delivery threshold, the dates and COD', async () => {
    server.use(...productHandlers(ghee));
    const bodies = recordQuotes();
    const { user, store } = renderApp(`/products/${ghee.slug}`);
    await user.type(await screen.findByLabelText('PIN code'), '560001');
    await user.click(within(check()).getByRole('button', { name: 'Check' }));

    expect(await within(check()).findByText('Delivery to 560001 (Bengaluru, Karnataka)')).toBeInTheDocument();
    expect(check()).toHaveTextContent('Delivery ₹ 60.00');
    expect(within(check()).getByText(/Free delivery on orders above/)).toHaveTextContent('Free delivery on orders above ₹ 999.00');
    expect(within(check()).getByText('Arrives Tue 1 Dec – Fri 4 Dec')).toBeInTheDocument();
    expect(within(check()).getByText('Cash on delivery available')).toBeInTheDocument();
    expect(bodies[0]).toEqual({ pin: '560001', cart: [{ _id: ghee._id, variant: small._id, cart_quantity: 1 }] });
    // Remembered with the cart, for the next page and the cart itself.
    expect(store.getState().cart.pin).toBe('560001');

    // Another size is checked again, at once.
    await user.click(screen.getByRole('button', { name: '1 l' }));
    expect(await within(check()).findByText('Free delivery')).toBeInTheDocument();
    expect(bodies.at(-1)).toEqual({ pin: '560001', cart: [{ _id: ghee._id, variant: large._id, cart_quantity: 1 }] });
  });

  it('checks the remembered PIN on its own when the page opens', async () => {
    server.use(...productHandlers(ghee));
    const bodies = recordQuotes();
    renderApp(`/products/${ghee.slug}`, { preloadedState: { cart: { items: [], pin: '411001' } } });
    expect(await screen.findByText('Delivery to 411001 (Pune, Maharashtra)')).toBeInTheDocument();
    expect(screen.getByLabelText('PIN code')).toHaveValue('411001');
    expect(bodies).toHaveLength(1);
  });

  it("says why a local-only product cannot go to a far PIN, in the server's words", async () => {
    server.use(...productHandlers(paneer));
    recordQuotes((body) =>
      HttpResponse.json(makeQuote(body, { serviceable: false, reason: 'Fresh Paneer is delivered only near the farm, not to PIN 560001' })),
    );
    const { user } = renderApp(`/products/${paneer.slug}`);
    expect(await screen.findByText('Fresh product: delivered only to PIN codes near the farm.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('PIN code'), '560001');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await within(check()).findByText('Fresh Paneer is delivered only near the farm, not to PIN 560001')).toBeInTheDocument();
    expect(within(check()).queryByText(/Arrives/)).not.toBeInTheDocument();
  });

  it('ties an unknown PIN and a short one to the field, with the server’s message', async () => {
    server.use(...productHandlers(ghee));
    recordQuotes((body) => fail(404, `PIN code ${body.pin} was not found`));
    const { user } = renderApp(`/products/${ghee.slug}`);
    const input = await screen.findByLabelText('PIN code');
    await user.type(input, '5600');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Enter the 6-digit PIN code')).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription('Enter the 6-digit PIN code');

    await user.type(input, '99');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    await waitFor(() => expect(input).toHaveAccessibleDescription('PIN code 560099 was not found'));
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });
});
