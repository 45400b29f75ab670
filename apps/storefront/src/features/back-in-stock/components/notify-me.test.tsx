import { http, HttpResponse } from 'msw';
import { screen, within } from '@testing-library/react';
import { customer, makeProduct, makeVariant } from '../../../testing/fixtures';
import { renderApp, signedIn } from '../../../testing/render-app';
import { apiPath, fail, server } from '../../../testing/server';

const v250 = makeVariant({ label: '250 g', sku: 'HONEY-250G', price: 279, quantity: 0, is_default: false });
const v500 = makeVariant({ label: '500 g', sku: 'HONEY-500G', price: 499, quantity: 28, is_default: true });
const honey = makeProduct({ name: 'Raw Wild Forest Honey', variants: [v250, v500] });

/** The product, and POST notify answered by `answer`; the bodies sent are kept. */
function serve(answer: () => Response = () => HttpResponse.json({ message: "We'll email you when it is back in stock" }, { status: 202 })) {
  const sent: unknown[] = [];
  server.use(
    http.get(apiPath(`products/${honey.slug}`), () => HttpResponse.json({ product: honey })),
    http.get(apiPath(`products/related-products/${honey._id}/${honey.category._id}`), () => HttpResponse.json({ products: [] })),
    http.get(apiPath(`products/${honey._id}/reviews`), () =>
      HttpResponse.json({ average: 0, count: 0, counts: [5, 4, 3, 2, 1].map((rating) => ({ rating, count: 0 })), reviews: [] }),
    ),
    http.post(apiPath(`products/${honey._id}/notify`), async ({ request }) => {
      sent.push(await request.json());
      return answer();
    }),
  );
  return sent;
}

const sizeButton = (name: RegExp) => screen.getByRole('button', { name });

describe('Notify me on a sold-out size', () => {
  it('is offered once the sold-out size is chosen, and confirms in the same words whatever the shop knew', async () => {
    const sent = serve();
    const { user } = renderApp(`/products/${honey.slug}`);
    await screen.findByRole('group', { name: 'Size' });
    // The size in stock is chosen first: no form.
    expect(screen.queryByRole('region', { name: '250 g is sold out' })).not.toBeInTheDocument();
    await user.click(sizeButton(/^250 g/));
    expect(sizeButton(/^250 g/)).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Out of Stocks', { selector: '.product__stock' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
    const region = await screen.findByRole('region', { name: '250 g is sold out' });
    await user.type(within(region).getByLabelText('Email'), 'meera@example.com');
    await user.click(within(region).getByRole('button', { name: 'Notify me' }));
    expect(await within(region).findByText('We will email you when it is back.')).toBeInTheDocument();
    expect(sent).toEqual([{ email: 'meera@example.com', variant: v250._id }]);
  });

  it('fills in a signed-in customer’s email', async () => {
    const sent = serve();
    const { user } = renderApp(`/products/${honey.slug}?variant=${v250._id}`, { preloadedState: signedIn(customer) });
    const region = await screen.findByRole('region', { name: '250 g is sold out' });
    expect(await within(region).findByDisplayValue(customer.email)).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Notify me' }));
    expect(await within(region).findByText('We will email you when it is back.')).toBeInTheDocument();
    expect(sent).toEqual([{ email: customer.email, variant: v250._id }]);
  });

  it('says in plain words what is wrong, beside the field: a malformed address, then the server’s refusal', async () => {
    const sent = serve(() => fail(429, 'Too many requests, please try again in a minute'));
    const { user } = renderApp(`/products/${honey.slug}?variant=${v250._id}`);
    const region = await screen.findByRole('region', { name: '250 g is sold out' });
    await user.type(within(region).getByLabelText('Email'), 'meera@');
    await user.click(within(region).getByRole('button', { name: 'Notify me' }));
    expect(within(region).getByText('Enter your email address, like name@example.com.')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.type(within(region).getByLabelText('Email'), 'example.com');
    await user.click(within(region).getByRole('button', { name: 'Notify me' }));
    expect(await within(region).findByText('Too many requests, please try again in a minute')).toBeInTheDocument();
    expect(within(region).queryByText('We will email you when it is back.')).not.toBeInTheDocument();
  });
});
