/** Reviews (issue 33): pending until published, verified by the server alone, plain text, one per customer and product. */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openShopForFile } from '../../test/harness.js';
import { categories, reviews } from '../../db/schema.js';
import { insertProduct } from '../../test/products.js';

const file = openShopForFile();

async function product(slug: string) {
  const { shop } = file;
  const [category] = await shop.db.insert(categories).values({ name: `Cat ${slug}`, slug: `cat-${slug}` }).returning();
  return insertProduct(shop.db, { name: `Ghee ${slug}`, slug, categoryId: category!.id, pricePaise: 50_000, quantity: 10 });
}

describe('reviews', () => {
  it('a customer without a delivered line: pending, not verified; after publish it shows, with aggregateRating', async () => {
    const { shop, admin, customer } = file;
    const ghee = await product('review-ghee');
    const posted = await shop.request({ method: 'POST', url: `/api/products/${ghee.id}/reviews`, token: customer.token, payload: { rating: 4, title: 'Good', body: 'Tastes like home.' } });
    expect(posted.statusCode).toBe(201);
    const review = posted.json().review;
    expect(review).toMatchObject({ rating: 4, title: 'Good', body: 'Tastes like home.', status: 'pending', verified: false });

    const before = await shop.request({ method: 'GET', url: `/api/products/${ghee.id}/reviews` });
    expect(before.json()).toMatchObject({ average: 0, count: 0, reviews: [] });

    const published = await shop.request({ method: 'PUT', url: `/api/reviews/${review._id}`, token: admin.token, payload: { status: 'published', reply: 'Thank you!' } });
    expect(published.statusCode).toBe(200);
    const after = await shop.request({ method: 'GET', url: `/api/products/${ghee.id}/reviews` });
    expect(after.json()).toMatchObject({ average: 4, count: 1, reviews: [{ body: 'Tastes like home.', reply: 'Thank you!', verified: false }] });
    expect(after.json().counts).toEqual([5, 4, 3, 2, 1].map((rating) => ({ rating, count: rating === 4 ? 1 : 0 })));
    const card = await shop.request({ method: 'GET', url: '/api/products/review-ghee' });
    expect(card.json().product.rating).toEqual({ average: 4, count: 1 });
  });

  it('a product without published reviews has no rating', async () => {
    const { shop } = file;
    await product('quiet-ghee');
    const res = await shop.request({ method: 'GET', url: '/api/products/quiet-ghee' });
    expect('rating' in res.json().product).toBe(false);
  });

  it('refuses a rating of 0 or 6, HTML, and edits the first review on a second post', async () => {
    const { shop, customer } = file;
    const ghee = await product('strict-ghee');
    for (const payload of [{ rating: 0, body: 'x' }, { rating: 6, body: 'x' }, { rating: 5, body: 'Nice <script>alert(1)</script>' }, { rating: 4.5, body: 'x' }]) {
      const res = await shop.request({ method: 'POST', url: `/api/products/${ghee.id}/reviews`, token: customer.token, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect(await shop.db.select().from(reviews).where(eq(reviews.productId, ghee.id))).toHaveLength(0);
    const first = await shop.request({ method: 'POST', url: `/api/products/${ghee.id}/reviews`, token: customer.token, payload: { rating: 3, body: 'Fine' } });
    expect(first.statusCode).toBe(201);
    const second = await shop.request({ method: 'POST', url: `/api/products/${ghee.id}/reviews`, token: customer.token, payload: { rating: 5, body: 'Better now' } });
    expect(second.statusCode).toBe(200);
    expect(second.json().review).toMatchObject({ _id: first.json().review._id, rating: 5, body: 'Better now', status: 'pending' });
    expect(await shop.db.select().from(reviews).where(eq(reviews.productId, ghee.id))).toHaveLength(1);
  });

  it('guests may not write (401), customers may not moderate (403)', async () => {
    const { shop, customer } = file;
    const ghee = await product('guarded-ghee');
    expect((await shop.request({ method: 'POST', url: `/api/products/${ghee.id}/reviews`, payload: { rating: 5, body: 'x' } })).statusCode).toBe(401);
    expect((await shop.request({ method: 'GET', url: '/api/reviews?status=pending', token: customer.token })).statusCode).toBe(403);
  });
});
