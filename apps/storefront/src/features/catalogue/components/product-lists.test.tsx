import { delay, http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { makeProduct, makeProducts, makeVariant } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { apiPath, fail, server } from '../../../testing/server';

const location = () => screen.getByTestId('location').textContent;

describe('all products', () => {
  it('shows a loading state, then the cards of page 1', async () => {
    server.use(
      http.get(apiPath('products/list/1'), async () => {
        await delay(50);
        return HttpResponse.json({ products: makeProducts(3) });
      }),
    );
    renderApp('/allproducts');
    expect(await screen.findByText('Loading products')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'All products' });
    expect(within(list).getAllByRole('article')).toHaveLength(3);
    expect(within(list).getByRole('link', { name: /Ghee 1/ })).toHaveAttribute('href', '/products/ghee-1');
    expect(document.title).toBe('All Products | Shuddh Farm');
  });

  it('shows Next only after a full page of 8 and Prev only above page 1', async () => {
    const pages: Record<string, number> = { '1': 8, '2': 8, '3': 2 };
    server.use(http.get(apiPath('products/list/:page'), ({ params }) => HttpResponse.json({ products: makeProducts(pages[String(params.page)] ?? 0, `P${String(params.page)}-`) })));
    const { user } = renderApp('/allproducts');
    const pager = await screen.findByRole('navigation', { name: 'All products pages' });
    expect(within(pager).queryByRole('button', { name: 'Prev' })).not.toBeInTheDocument();
    expect(within(pager).getByLabelText('Page 1')).toBeInTheDocument();

    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(location()).toBe('/allproducts?page=2'));
    const pager2 = await screen.findByRole('navigation', { name: 'All products pages' });
    expect(within(pager2).getByLabelText('Page 2')).toBeInTheDocument();
    expect(within(pager2).getByRole('button', { name: 'Prev' })).toBeInTheDocument();

    await user.click(within(pager2).getByRole('button', { name: 'Next' }));
    await screen.findByText('P3- 1');
    const pager3 = screen.getByRole('navigation', { name: 'All products pages' });
    expect(within(pager3).queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    await user.click(within(pager3).getByRole('button', { name: 'Prev' }));
    await waitFor(() => expect(location()).toBe('/allproducts?page=2'));
  });

  it("says 'No products' for an empty page and has no Next", async () => {
    server.use(http.get(apiPath('products/list/1'), () => HttpResponse.json({ products: [] })));
    renderApp('/allproducts');
    expect(await screen.findByText('No products')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
  });

  it("shows the server's message when the list fails", async () => {
    server.use(http.get(apiPath('products/list/1'), () => fail(500, 'The shop is resting, try again soon')));
    renderApp('/allproducts');
    expect(await screen.findByText('The shop is resting, try again soon')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'We could not load the products' })).toBeInTheDocument();
    expect(screen.queryByText('No products')).not.toBeInTheDocument();
  });

  it('loads the list again on Try again', async () => {
    server.use(http.get(apiPath('products/list/1'), () => fail(503, 'Busy'), { once: true }));
    const { user } = renderApp('/allproducts');
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No products')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'We could not load the products' })).not.toBeInTheDocument();
  });
});

describe('cards of products with sizes', () => {
  it("say 'from' the cheapest size when the sizes differ in price, in the chosen currency; the price as today otherwise", async () => {
    const sizes = makeProduct({
      name: 'A2 Gir Cow Bilona Ghee',
      variants: [
        makeVariant({ label: '250 ml', price: 595, is_default: false }),
        makeVariant({ label: '500 ml', price: 995, is_default: true }),
      ],
    });
    const same = makeProduct({
      name: 'Cold Pressed Oil',
      variants: [makeVariant({ label: '1 L', price: 400 }), makeVariant({ label: '1 L glass', price: 400, is_default: false })],
    });
    const soldOutSize = makeProduct({
      name: 'Forest Honey',
      variants: [makeVariant({ label: '250 g', price: 300, quantity: 0 }), makeVariant({ label: '500 g', price: 550, quantity: 2, is_default: false })],
    });
    server.use(http.get(apiPath('products/list/1'), () => HttpResponse.json({ products: [sizes, same, soldOutSize] })));
    const { user } = renderApp('/allproducts');
    const list = await screen.findByRole('list', { name: 'All products' });
    const [a2, oil, honey] = within(list).getAllByRole('article');
    expect(a2).toHaveTextContent('from ₹ 595.00');
    expect(a2).not.toHaveTextContent('995');
    expect(oil).toHaveTextContent('₹ 400.00');
    expect(oil).not.toHaveTextContent('from');
    // Sold out only when every size is: the default's 250 g is, the 500 g is not.
    expect(honey).not.toHaveTextContent('Out of Stocks');
    const select = screen.getByRole('combobox', { name: 'Currency' });
    await waitFor(() => expect(within(select).getByRole('option', { name: 'USD' })).toBeEnabled());
    await user.selectOptions(select, 'USD');
    await waitFor(() => expect(a2).toHaveTextContent(/^.*from \$\s?7\.14/));
  });
});

describe('category and solution lists', () => {
  /** Opens `url` with `call` answering `count` products, and waits for the list headed `heading` to show them all. */
  async function openList(url: string, call: string, count: number, heading: string) {
    server.use(http.get(apiPath(call), () => HttpResponse.json({ products: makeProducts(count) })));
    renderApp(url);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(await screen.findAllByRole('article')).toHaveLength(count);
  }

  it('lists a category under its name, paged', async () => {
    await openList('/category/ghee', 'products/category/ghee/1', 8, 'Ghee');
    expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();
  });

  it('lists a solution under its name from page 2', async () => {
    await openList('/solutions/immunity-power?page=2', 'products/solutions/immunity-power/2', 1, 'Immunity Power');
    expect(screen.getByRole('button', { name: 'Prev' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
  });

  it.each([
    ['category', '/category/nope', 'products/category/nope/1', 'Category not found'],
    ['solution', '/solutions/nope', 'products/solutions/nope/1', 'Solution not found'],
  ])('says an unknown %s was not found, as its toast does, and never to check the connection', async (_, url, call, text) => {
    server.use(http.get(apiPath(call), () => fail(404, text)));
    renderApp(url);
    expect(await screen.findByRole('heading', { level: 1, name: text })).toBeInTheDocument();
    // The heading and the toast: the toast may come a moment after the heading, so wait for both.
    await waitFor(() => expect(screen.getAllByText(text)).toHaveLength(2));
    expect(screen.getByRole('link', { name: 'See all products' })).toHaveAttribute('href', '/allproducts');
    expect(screen.queryByText(/check your connection/)).not.toBeInTheDocument();
    expect(document.title).toBe(`${text} | Shuddh Farm`);
  });
});
