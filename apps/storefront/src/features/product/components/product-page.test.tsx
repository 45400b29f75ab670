import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import { MAX_LINE_QUANTITY } from '@shop/domain/constants';
import { cartDetailOf, makeProduct, makeProducts } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { apiPath, fail, server } from '../../../testing/server';

const ghee = makeProduct({ name: 'A2 Cow Ghee', price: 595, quantity: 7 });
const related = makeProducts(2, 'Related');

function productHandlers(product = ghee, rel = related) {
  return [
    http.get(apiPath(`products/${product.slug}`), () => HttpResponse.json({ product })),
    http.get(apiPath(`products/related-products/${product._id}/${product.category._id}`), () => HttpResponse.json({ products: rel })),
  ];
}

const location = () => screen.getByTestId('location').textContent;

describe('product page', () => {
  it('shows the product with its stock line, description, contents and related products', async () => {
    server.use(...productHandlers());
    renderApp(`/products/${ghee.slug}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'A2 Cow Ghee' })).toBeInTheDocument();
    expect(screen.getByText('In stocks : 7')).toBeInTheDocument();
    expect(screen.getAllByText('₹ 595.00')[0]).toHaveClass('product__price');
    expect(screen.getByText(ghee.description)).toBeInTheDocument();
    expect(screen.getByText('bilona')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'A2 Cow Ghee' })).toHaveAttribute('srcset', expect.stringContaining('ghee-320.webp 320w'));
    expect(await screen.findByRole('heading', { name: 'Related Products' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Related 1/ })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('A2 Cow Ghee | Shuddh Farm'));
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', ghee.shortdesc);
  });

  it('carries schema.org Product data', async () => {
    server.use(...productHandlers());
    renderApp(`/products/${ghee.slug}`);
    await screen.findByRole('heading', { level: 1, name: 'A2 Cow Ghee' });
    const data = JSON.parse(screen.getByTestId('product-json-ld').innerHTML);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'A2 Cow Ghee',
      offers: { '@type': 'Offer', priceCurrency: 'INR', price: '595.00', availability: 'https://schema.org/InStock' },
    });
  });

  it("adds to the cart with 'Added to cart', twice makes quantity 2", async () => {
    server.use(...productHandlers(ghee, []));
    const { user, store } = renderApp(`/products/${ghee.slug}`);
    await user.click(await screen.findByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Added to cart')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(store.getState().cart.items).toEqual([{ _id: ghee._id, cart_quantity: 2 }]);
    expect(screen.queryByRole('heading', { name: 'Related Products' })).not.toBeInTheDocument();
  });

  it('Buy Now adds the product and goes to the cart', async () => {
    server.use(...productHandlers(ghee, []), http.post(apiPath('products/getcart'), () => HttpResponse.json({ cartDetails: [cartDetailOf(ghee)] })));
    const { user, store } = renderApp(`/products/${ghee.slug}`);
    await user.click(await screen.findByRole('button', { name: 'Buy Now' }));
    await waitFor(() => expect(location()).toBe('/cart'));
    expect(store.getState().cart.items).toEqual([{ _id: ghee._id, cart_quantity: 1 }]);
    // The cart page shows the line it resolved (and no request outlives the test).
    expect(await screen.findByRole('heading', { name: ghee.name })).toBeInTheDocument();
  });

  it("says 'Out of Stocks' and disables both buttons at 0 stock", async () => {
    const soldOut = makeProduct({ name: 'Sold Out Ghee', quantity: 0 });
    server.use(...productHandlers(soldOut, []));
    renderApp(`/products/${soldOut.slug}`);
    expect(await screen.findByText('Out of Stocks')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy Now' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
    const data = JSON.parse(screen.getByTestId('product-json-ld').innerHTML);
    expect(data.offers.availability).toBe('https://schema.org/OutOfStock');
  });

  it('never adds above the stock: a toast names the limit instead', async () => {
    const scarce = makeProduct({ name: 'Bilona Ghee', quantity: 2 });
    server.use(...productHandlers(scarce, []));
    const { user, store } = renderApp(`/products/${scarce.slug}`, { preloadedState: { cart: { items: [{ _id: scarce._id, cart_quantity: 1 }] } } });
    await user.click(await screen.findByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Added to cart')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Only 2 left')).toBeInTheDocument();
    expect(store.getState().cart.items).toEqual([{ _id: scarce._id, cart_quantity: 2 }]);
  });

  it('stops adding at the largest quantity of one line', async () => {
    server.use(...productHandlers(ghee, []));
    renderApp(`/products/${ghee.slug}`, { preloadedState: { cart: { items: [{ _id: ghee._id, cart_quantity: MAX_LINE_QUANTITY }] } } });
    expect(await screen.findByRole('button', { name: 'Add to cart' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Buy Now' })).toBeDisabled();
  });

  it("says 'No product found' for a missing product", async () => {
    server.use(http.get(apiPath('products/nope'), () => fail(404, 'Product not found')));
    renderApp('/products/nope');
    expect(await screen.findByRole('heading', { name: 'No product found' })).toBeInTheDocument();
    expect(await screen.findByText('Product not found')).toBeInTheDocument();
  });

  it('says a failed load failed, not that the product is gone, and loads it on Try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.get(apiPath(`products/${ghee.slug}`), () => fail(503, 'The shop is busy right now'), { once: true }), ...productHandlers());
    const { user } = renderApp(`/products/${ghee.slug}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'We could not load this product' })).toBeInTheDocument();
    expect(screen.queryByText('No product found')).not.toBeInTheDocument();
    expect(screen.getByText('The shop is busy right now. Please check your connection and try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'A2 Cow Ghee' })).toBeInTheDocument();
  });

  it('scrolls to the top when the slug changes', async () => {
    const other = related[0]!;
    server.use(...productHandlers(), ...productHandlers(other, []));
    const scrollTo = vi.spyOn(window, 'scrollTo');
    const { user } = renderApp(`/products/${ghee.slug}`);
    await screen.findByRole('heading', { level: 1, name: 'A2 Cow Ghee' });
    scrollTo.mockClear();
    await user.click(await screen.findByRole('link', { name: /Related 1/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Related 1' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});
