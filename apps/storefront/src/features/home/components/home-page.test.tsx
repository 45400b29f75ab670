import { delay, http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { HOME_SOLUTIONS, WHY_CLAIMS } from '@shop/domain/constants';
import { homeTiles, makeProduct, makeProducts, sliders } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { apiPath, fail, server } from '../../../testing/server';

function homeHandlers({ slides = sliders, highlighted = [makeProduct({ name: 'Best Ghee', highlighted: true })], page1 = makeProducts(4, 'Explore') } = {}) {
  server.use(
    http.get(apiPath('slider'), () => HttpResponse.json({ sliders: slides })),
    http.get(apiPath('products/highlighted'), async () => {
      await delay(20);
      return HttpResponse.json({ products: highlighted });
    }),
    http.get(apiPath('products/list/1'), () => HttpResponse.json({ products: page1 })),
  );
}

describe('home page', () => {
  it('shows the slider, the videos, Bestsellers, Why, Shop By Solutions and Explore More Products', async () => {
    homeHandlers();
    renderApp('/');
    const hero = await screen.findByRole('region', { name: 'Featured' });
    expect(within(hero).getAllByRole('link')[0]).toHaveAttribute('href', '/allproducts');
    expect(within(hero).getByRole('button', { name: 'Previous slide' })).toBeInTheDocument();
    expect(within(hero).getByRole('button', { name: 'Next slide' })).toBeInTheDocument();

    const videos = screen.getByRole('region', { name: 'Made on our farm' });
    const clips = videos.querySelectorAll('video');
    expect(clips).toHaveLength(3);
    clips.forEach((v) => {
      expect(v.muted).toBe(true);
      expect(v).toHaveAttribute('loop');
      expect(v).toHaveAttribute('poster');
      expect(v.querySelector('track[kind="captions"]')).toHaveAttribute('src', expect.stringMatching(/\.vtt$/));
    });
    // They start playing once the page is idle, not while it loads.
    await waitFor(() => clips.forEach((v) => expect(v.autoplay).toBe(true)));
    expect((await within(videos).findAllByText(/₹ (595|995)\.00/)).map((p) => p.textContent)).toEqual(['₹ 595.00', '₹ 595.00', '₹ 995.00']);

    // The part under the clips comes in a chunk of its own (app/deferred-parts.tsx), which may still be on its way.
    const best = await screen.findByRole('region', { name: 'Bestsellers' });
    expect(await within(best).findByRole('link', { name: /Best Ghee/ })).toBeInTheDocument();

    const why = screen.getByRole('region', { name: 'Why Shuddh Farm?' });
    for (const claim of WHY_CLAIMS) expect(within(why).getByText(claim)).toBeInTheDocument();

    const tiles = screen.getByRole('region', { name: 'Shop By Solutions' });
    for (const name of HOME_SOLUTIONS) expect(within(tiles).getByRole('link', { name })).toHaveAttribute('href', '/allproducts');

    const explore = screen.getByRole('region', { name: 'Explore More Products' });
    expect(await within(explore).findByRole('link', { name: /Explore 4/ })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Shuddh Farm'));
  });

  it('links each video tile to its product, with that product\'s live price and the title the admin gave it', async () => {
    homeHandlers();
    server.use(
      http.get(apiPath('home-tiles'), () =>
        HttpResponse.json({
          tiles: [
            { ...homeTiles[0], product: { ...homeTiles[0]!.product!, slug: 'a2-gir-cow-bilona-ghee', variant: 'a1b2c3d4-0000-4000-8000-000000000250' } },
            { ...homeTiles[1], title: 'Bhringraj Oil', video: 'a2-cow-ghee', product: { ...homeTiles[1]!.product!, price: 645 } },
            { ...homeTiles[2], product: null },
          ],
        }),
      ),
    );
    renderApp('/');
    const videos = screen.getByRole('region', { name: 'Made on our farm' });
    const oil = await within(videos).findByRole('link', { name: 'Shop Bhringraj Oil' });
    expect(oil).toHaveAttribute('href', '/products/bhringraj-ayurvedic-hair-oil-200-ml');
    const card = oil.closest('li')!;
    expect(within(card).getByRole('heading', { name: 'Bhringraj Oil' })).toBeInTheDocument();
    expect(within(card).getByText('₹ 645.00')).toBeInTheDocument();
    expect(card.querySelector('video')).toHaveAttribute('src', '/videos/a2-cow-ghee.mp4');
    // A tile that sells one size opens the product with that size chosen.
    expect(within(videos).getByRole('link', { name: 'Shop A2 Cow Ghee' })).toHaveAttribute(
      'href',
      '/products/a2-gir-cow-bilona-ghee?variant=a1b2c3d4-0000-4000-8000-000000000250',
    );
    // A tile whose product was taken off shows no price and links to the whole shop.
    const bilona = within(videos).getByRole('link', { name: 'Shop Bilona Ghee 500 ml' });
    expect(bilona).toHaveAttribute('href', '/allproducts');
    expect(within(bilona.closest('li')!).queryByText(/₹/)).not.toBeInTheDocument();
  });

  it('shows video prices in the chosen currency', async () => {
    homeHandlers();
    const { user } = renderApp('/');
    const select = screen.getByRole('combobox', { name: 'Currency' });
    await waitFor(() => expect(within(select).getByRole('option', { name: 'USD' })).toBeEnabled());
    await user.selectOptions(select, 'USD');
    const videos = await screen.findByRole('region', { name: 'Made on our farm' });
    expect((await within(videos).findAllByText(/^\$ /)).map((p) => p.textContent)).toEqual(['$ 7.14', '$ 7.14', '$ 11.94']);
  });

  it('falls back to a hero banner without sliders, and a failed slider fetch shows no toast', async () => {
    homeHandlers();
    server.use(http.get(apiPath('slider'), () => fail(500, 'Sliders are broken')));
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Shop All Products' })).toHaveAttribute('href', '/allproducts');
    expect(screen.queryByText('Sliders are broken')).not.toBeInTheDocument();
  });

  it("shows 'No products' in an empty rail and the server's message when a rail fails", async () => {
    homeHandlers({ highlighted: [] });
    server.use(http.get(apiPath('products/list/1'), () => fail(503, 'Catalogue is restocking')));
    renderApp('/');
    const best = await screen.findByRole('region', { name: 'Bestsellers' });
    expect(await within(best).findByText('No products')).toBeInTheDocument();
    expect(await screen.findByText('Catalogue is restocking')).toBeInTheDocument();
  });
});
