import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import { MAX_LINE_QUANTITY } from '@shop/domain/constants';
import { cartDetailOf, makeProduct, makeProducts, makeVariant } from '../../../testing/fixtures';
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
      offers: { '@type': 'AggregateOffer', priceCurrency: 'INR', lowPrice: '595.00', highPrice: '595.00', offerCount: 1 },
    });
    expect(data.offers.offers).toEqual([expect.objectContaining({ sku: ghee.variants[0]!.sku, price: '595.00', availability: 'https://schema.org/InStock' })]);
  });

  it("adds to the cart with 'Added to cart', twice makes quantity 2", async () => {
    server.use(...productHandlers(ghee, []));
    const { user, store } = renderApp(`/products/${ghee.slug}`);
    await user.click(await screen.findByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Added to cart')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(store.getState().cart.items).toEqual([{ _id: ghee._id, variant: ghee.variants[0]!._id, cart_quantity: 2 }]);
    expect(screen.queryByRole('heading', { name: 'Related Products' })).not.toBeInTheDocument();
  });

  it('Buy Now adds the product and goes to the cart', async () => {
    server.use(...productHandlers(ghee, []), http.post(apiPath('products/getcart'), () => HttpResponse.json({ cartDetails: [cartDetailOf(ghee)] })));
    const { user, store } = renderApp(`/products/${ghee.slug}`);
    await user.click(await screen.findByRole('button', { name: 'Buy Now' }));
    await waitFor(() => expect(location()).toBe('/cart'));
    expect(store.getState().cart.items).toEqual([{ _id: ghee._id, variant: ghee.variants[0]!._id, cart_quantity: 1 }]);
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

  describe('sizes', () => {
    const v250 = makeVariant({ label: '250 ml', sku: 'A2-GHEE-250', price: 595, mrp: 650, quantity: 4, is_default: false });
    const v500 = makeVariant({ label: '500 ml', sku: 'A2-GHEE-500', price: 995, mrp: 995, quantity: 9, is_default: true });
    const v1l = makeVariant({ label: '1 L', sku: 'A2-GHEE-1L', price: 1890, quantity: 0, is_default: false });
    const a2 = makeProduct({ name: 'A2 Gir Cow Bilona Ghee', variants: [v250, v500, v1l] });
    const sizeButton = (label: string) => screen.getByRole('button', { name: new RegExp(`^${label}`) });

    it('chooses the default size on load; a sold-out size is shown struck through', async () => {
      server.use(...productHandlers(a2, []));
      renderApp(`/products/${a2.slug}`);
      expect(await screen.findByRole('group', { name: 'Size' })).toBeInTheDocument();
      expect(sizeButton('500 ml')).toHaveAttribute('aria-pressed', 'true');
      expect(sizeButton('250 ml')).toHaveAttribute('aria-pressed', 'false');
      expect(sizeButton('1 L')).toHaveAccessibleName('1 L (Out of Stocks)');
      expect(sizeButton('1 L')).toHaveClass('is-sold-out');
      expect(screen.getByText('₹ 995.00', { selector: '.product__price' })).toBeInTheDocument();
      expect(screen.getByText('In stocks : 9')).toBeInTheDocument();
      // MRP equal to the price is not struck through.
      expect(screen.queryByText('(incl. of all taxes)')).not.toBeInTheDocument();
    });

    it('makes price, MRP, stock and the address follow the chosen size, replacing the address', async () => {
      server.use(...productHandlers(a2, []));
      const { user } = renderApp(`/products/${a2.slug}`);
      await screen.findByRole('group', { name: 'Size' });
      await user.click(sizeButton('250 ml'));
      expect(sizeButton('250 ml')).toHaveAttribute('aria-pressed', 'true');
      expect(screen.getByText('₹ 595.00', { selector: '.product__price' })).toBeInTheDocument();
      expect(screen.getByText('In stocks : 4')).toBeInTheDocument();
      const mrp = screen.getByText('(incl. of all taxes)').closest('p')!;
      expect(mrp).toHaveTextContent('MRP ₹ 650.00 (incl. of all taxes)');
      expect(mrp.querySelector('s')).toHaveTextContent('₹ 650.00');
      expect(screen.getByRole('region', { name: 'Product details' })).toHaveTextContent('Net quantity250 ml');
      await waitFor(() => expect(location()).toBe(`/products/${a2.slug}?variant=${v250._id}`));
      // Replaced, not pushed: Back leaves the product instead of stepping through its sizes.
      expect(screen.getByTestId('location')).toHaveAttribute('data-navigation', 'REPLACE');
    });

    it('opens the size a shared link names, and adds that size to the cart', async () => {
      server.use(...productHandlers(a2, []));
      const { user, store } = renderApp(`/products/${a2.slug}?variant=${v250._id}`);
      expect(await screen.findByRole('group', { name: 'Size' })).toBeInTheDocument();
      expect(sizeButton('250 ml')).toHaveAttribute('aria-pressed', 'true');
      await user.click(screen.getByRole('button', { name: 'Add to cart' }));
      await user.click(sizeButton('500 ml'));
      await user.click(screen.getByRole('button', { name: 'Add to cart' }));
      await user.click(screen.getByRole('button', { name: 'Add to cart' }));
      expect(store.getState().cart.items).toEqual([
        { _id: a2._id, variant: v250._id, cart_quantity: 1 },
        { _id: a2._id, variant: v500._id, cart_quantity: 2 },
      ]);
    });

    it('chooses the first size in stock when the default is sold out', async () => {
      const out = makeProduct({
        name: 'Desi Ghee',
        variants: [makeVariant({ label: '250 ml', quantity: 3, is_default: false }), makeVariant({ label: '500 ml', quantity: 0, is_default: true })],
      });
      server.use(...productHandlers(out, []));
      renderApp(`/products/${out.slug}`);
      await screen.findByRole('group', { name: 'Size' });
      expect(sizeButton('250 ml')).toHaveAttribute('aria-pressed', 'true');
      expect(sizeButton('500 ml')).toHaveClass('is-sold-out');
      expect(screen.getByText('In stocks : 3')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
    });

    it('shows no size buttons for one size, its net quantity, and the label details', async () => {
      server.use(...productHandlers(ghee, []));
      renderApp(`/products/${ghee.slug}`);
      await screen.findByRole('heading', { level: 1, name: 'A2 Cow Ghee' });
      expect(screen.queryByRole('group', { name: 'Size' })).not.toBeInTheDocument();
      expect(screen.getByText('Net quantity: 500 ml')).toBeInTheDocument();
      const details = screen.getByRole('region', { name: 'Product details' });
      expect(details).toHaveTextContent('Net quantity500 ml');
      expect(details).toHaveTextContent(`Manufacturer / Packer${ghee.label_details.packer}`);
      expect(details).toHaveTextContent('Country of originIndia');
      expect(details).toHaveTextContent(`Shelf life${ghee.label_details.best_before}`);
      expect(details).toHaveTextContent(`Consumer care${ghee.label_details.consumer_care}`);
    });
  });
});
