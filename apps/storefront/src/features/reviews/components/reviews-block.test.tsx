import { http, HttpResponse } from 'msw';
import { screen, within } from '@testing-library/react';
import type { ProductReviewsResponse, Review } from '@shop/domain/schemas/reviews';
import { customer, makeProduct } from '../../../testing/fixtures';
import { renderApp, signedIn } from '../../../testing/render-app';
import { apiPath, fail, server } from '../../../testing/server';

const ghee = makeProduct({ name: 'A2 Cow Ghee', price: 595, quantity: 7 });

const NONE: ProductReviewsResponse = {
  average: 0,
  count: 0,
  counts: [5, 4, 3, 2, 1].map((rating) => ({ rating, count: 0 })),
  reviews: [],
};

const THREE: ProductReviewsResponse = {
  average: 4.333,
  count: 3,
  counts: [
    { rating: 5, count: 2 },
    { rating: 4, count: 0 },
    { rating: 3, count: 1 },
    { rating: 2, count: 0 },
    { rating: 1, count: 0 },
  ],
  reviews: [
    {
      _id: '00000000-0000-4000-8000-0000000000r3',
      rating: 5,
      title: 'Smells like my grandmother’s kitchen',
      body: 'Grainy, golden, and the aroma fills the house.\nWill buy the 1 L next.',
      verified: true,
      author: 'Asha',
      reply: 'Thank you, Asha! The winter batch is the grainiest.',
      created_at: '2026-11-20T10:00:00.000Z',
    },
    { _id: '00000000-0000-4000-8000-0000000000r2', rating: 3, title: '', body: '<b>Good</b> but pricey', verified: false, author: 'Ravi', created_at: '2026-11-10T10:00:00.000Z' },
    { _id: '00000000-0000-4000-8000-0000000000r1', rating: 5, title: 'Pure', body: 'Pure ghee.', verified: true, author: 'Meena', created_at: '2026-11-01T10:00:00.000Z' },
  ],
};

function productWith(reviews: ProductReviewsResponse, product = ghee) {
  const rated = reviews.count > 0 ? { ...product, rating: { average: Math.round(reviews.average * 10) / 10, count: reviews.count } } : product;
  server.use(
    http.get(apiPath(`products/${product.slug}`), () => HttpResponse.json({ product: rated })),
    http.get(apiPath(`products/related-products/${product._id}/${product.category._id}`), () => HttpResponse.json({ products: [] })),
    http.get(apiPath(`products/${product._id}/reviews`), () => HttpResponse.json(reviews)),
  );
}

const block = async () => screen.findByRole('region', { name: 'Customer reviews' });

describe('the reviews block of the product page', () => {
  it('shows the average to one decimal, the count, the bars and the reviews newest first as plain text with the reply', async () => {
    productWith(THREE);
    renderApp(`/products/${ghee.slug}`);
    const reviews = await block();
    expect(await within(reviews).findByText('4.3')).toBeInTheDocument();
    expect(within(reviews).getByText('3 reviews')).toBeInTheDocument();
    const bars = within(reviews).getByRole('list', { name: 'Ratings, 5 stars to 1' });
    expect(within(bars).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('5 stars: 2 of 3 reviews'),
      expect.stringContaining('4 stars: 0 of 3 reviews'),
      expect.stringContaining('3 stars: 1 of 3 reviews'),
      expect.stringContaining('2 stars: 0 of 3 reviews'),
      expect.stringContaining('1 star: 0 of 3 reviews'),
    ]);
    const list = within(reviews).getByRole('list', { name: 'Published reviews, newest first' });
    const items = within(list).getAllByRole('article');
    expect(items.map((a) => a.getAttribute('aria-label'))).toEqual(['Review by Asha', 'Review by Ravi', 'Review by Meena']);
    expect(within(items[0]!).getByRole('heading', { name: 'Smells like my grandmother’s kitchen' })).toBeInTheDocument();
    expect(within(items[0]!).getByRole('img', { name: '5 out of 5 stars' })).toBeInTheDocument();
    expect(within(items[0]!).getByText('Verified purchase')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Reply from Shuddh Farm')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Thank you, Asha! The winter batch is the grainiest.')).toBeInTheDocument();
    // Text stays text: no element is made of what a reviewer typed.
    expect(within(items[1]!).getByText('<b>Good</b> but pricey')).toBeInTheDocument();
    expect(items[1]!.querySelector('b')).toBeNull();
    expect(within(items[1]!).queryByText('Verified purchase')).not.toBeInTheDocument();
    // The stars under the name are the real average, and link to the reviews.
    expect(screen.getByRole('img', { name: 'Rated 4.3 out of 5, 3 reviews' }).closest('a')).toHaveAttribute('href', '#reviews');
    // The block writes the average and the count out in words: its own row of stars repeats nothing to a screen reader.
    expect(within(reviews).queryByRole('img', { name: /^Rated/ })).not.toBeInTheDocument();
    expect(JSON.parse(screen.getByTestId('product-json-ld').innerHTML).aggregateRating).toMatchObject({ ratingValue: '4.3', reviewCount: 3 });
  });

  it('says honestly that there are no reviews yet, and keeps the fixed stars and no aggregateRating', async () => {
    productWith(NONE);
    renderApp(`/products/${ghee.slug}`);
    const reviews = await block();
    expect(await within(reviews).findByText('No reviews yet. Customers who bought it can write the first one.')).toBeInTheDocument();
    expect(within(reviews).queryByRole('list', { name: 'Ratings, 5 stars to 1' })).not.toBeInTheDocument();
    expect(within(reviews).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('img', { name: /^Rated/ })).not.toBeInTheDocument();
    expect(JSON.parse(screen.getByTestId('product-json-ld').innerHTML)).not.toHaveProperty('aggregateRating');
  });

  it('lets a signed-in customer write a review, which waits for the farm’s check', async () => {
    productWith(NONE);
    const sent: unknown[] = [];
    server.use(
      http.get(apiPath(`products/${ghee._id}/reviews/mine`), () => HttpResponse.json({ review: null })),
      http.post(apiPath(`products/${ghee._id}/reviews`), async ({ request }) => {
        const body = (await request.json()) as { rating: number; title?: string; body: string };
        sent.push(body);
        const review: Review = { _id: '00000000-0000-4000-8000-0000000000r9', product: ghee._id, title: body.title ?? '', ...body, status: 'pending', verified: false, created_at: '2026-11-27T10:00:00.000Z', updated_at: '2026-11-27T10:00:00.000Z' };
        return HttpResponse.json({ review }, { status: 201 });
      }),
    );
    const { user } = renderApp(`/products/${ghee.slug}`, { preloadedState: signedIn(customer) });
    const reviews = await block();
    const form = await within(reviews).findByRole('form', { name: 'Write a review' });
    expect(within(form).getByText('Every review waits for the farm’s check before it is shown.')).toBeInTheDocument();

    // Nothing is sent without a rating and a text; each problem is said beside its field.
    await user.click(within(form).getByRole('button', { name: 'Send your review' }));
    expect(within(form).getByText('Choose a rating from 1 to 5 stars.')).toBeInTheDocument();
    expect(within(form).getByText('Write a few words about the product.')).toBeInTheDocument();
    expect(sent).toEqual([]);

    const stars = within(form).getByRole('group', { name: 'Your rating' });
    expect(within(stars).getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
    await user.click(within(stars).getByRole('radio', { name: '4 stars' }));
    expect(within(stars).getByRole('radio', { name: '4 stars' })).toBeChecked();
    await user.type(within(form).getByLabelText('Title (optional)'), 'Rich and grainy');
    await user.type(within(form).getByLabelText('Your review'), 'Tastes like home.');
    await user.click(within(form).getByRole('button', { name: 'Send your review' }));
    expect(await within(reviews).findByText('It waits for the farm’s check and then shows here.')).toBeInTheDocument();
    expect(sent).toEqual([{ rating: 4, title: 'Rich and grainy', body: 'Tastes like home.' }]);
  });

  it('opens the customer’s own review to edit, says why it was rejected, and shows the server’s refusal', async () => {
    productWith(NONE);
    const mine: Review = {
      _id: '00000000-0000-4000-8000-0000000000r8',
      product: ghee._id,
      rating: 2,
      title: 'Meh',
      body: 'Visit my shop at example.com',
      status: 'rejected',
      reason: 'It points to another shop.',
      verified: false,
      created_at: '2026-11-20T10:00:00.000Z',
      updated_at: '2026-11-21T10:00:00.000Z',
    };
    server.use(
      http.get(apiPath(`products/${ghee._id}/reviews/mine`), () => HttpResponse.json({ review: mine })),
      http.post(apiPath(`products/${ghee._id}/reviews`), () => fail(400, 'Write the review as plain text: it cannot hold HTML tags')),
    );
    const { user } = renderApp(`/products/${ghee.slug}`, { preloadedState: signedIn(customer) });
    const form = await within(await block()).findByRole('form', { name: 'Edit your review' });
    expect(within(form).getByText('The farm did not publish your review: It points to another shop. You can edit it and send it again.')).toBeInTheDocument();
    expect(within(form).getByRole('radio', { name: '2 stars' })).toBeChecked();
    expect(within(form).getByLabelText('Your review')).toHaveValue('Visit my shop at example.com');
    await user.click(within(form).getByRole('button', { name: 'Save your review' }));
    expect(await within(form).findByText('Write the review as plain text: it cannot hold HTML tags')).toBeInTheDocument();
  });
});
