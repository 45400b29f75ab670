import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { makeProducts } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { apiPath, fail, server } from '../../../testing/server';

const location = () => screen.getByTestId('location').textContent;

describe('search page', () => {
  it('shows a search box and makes no call without a query', async () => {
    renderApp('/search');
    expect(await screen.findByRole('searchbox', { name: 'Search products' })).toHaveValue('');
    expect(screen.queryByText('No products')).not.toBeInTheDocument();
  });

  it('searches for what was typed and lists the results', async () => {
    const queries: string[] = [];
    server.use(
      http.get(apiPath('products/search/:query'), ({ params }) => {
        queries.push(String(params.query));
        return HttpResponse.json({ products: makeProducts(2, 'Cow Ghee') });
      }),
    );
    const { user } = renderApp('/search');
    await user.type(await screen.findByRole('searchbox', { name: 'Search products' }), 'cow ghee');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(location()).toBe('/search/cow%20ghee'));
    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(within(results).getAllByRole('article')).toHaveLength(2);
    expect(screen.getByText('2 products for “cow ghee”')).toBeInTheDocument();
    expect(queries).toEqual(['cow ghee']);
  });

  it("says 'No products' for an empty result", async () => {
    server.use(http.get(apiPath('products/search/:query'), () => HttpResponse.json({ products: [] })));
    renderApp('/search/zzz');
    expect(await screen.findByText('No products')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('zzz');
  });

  it("shows the server's message when the search fails", async () => {
    server.use(http.get(apiPath('products/search/:query'), () => fail(429, 'Slow down a little')));
    renderApp('/search/ghee');
    expect(await screen.findByText('Slow down a little')).toBeInTheDocument();
  });
});
