import { screen, waitFor, within } from '@testing-library/react';
import type { AdminReview, ModerateReviewBody, ReviewStatus } from '@shop/domain/schemas/reviews';
import { renderApp } from '../../testing/render-app';
import { api, fail, http, ok, server } from '../../testing/server';

function review(over: Partial<AdminReview>): AdminReview {
  return {
    _id: '00000000-0000-4000-8000-0000000000a1',
    rating: 4,
    title: 'Rich and grainy',
    body: 'Tastes like home.\nThe jar came well packed.',
    status: 'pending',
    verified: true,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    product: { _id: '00000000-0000-4000-8000-0000000000p1', name: 'A2 Gir Cow Bilona Ghee', slug: 'a2-gir-cow-bilona-ghee' },
    author: { name: 'Meera Rao', email: 'meera@example.com' },
    ...over,
  };
}

/** The reviews by state as a tiny server keeps them; PUT moves one (or answers `refuse`). Bodies sent are kept. */
function reviewsServer(start: AdminReview[], refuse?: string) {
  let all = [...start];
  const sent: Array<{ id: string; body: ModerateReviewBody }> = [];
  server.use(
    http.get(api('reviews'), ({ request }) => {
      const status = new URL(request.url).searchParams.get('status') as ReviewStatus | null;
      return ok({ reviews: all.filter((r) => !status || r.status === status) });
    }),
    http.put(api('reviews/:id'), async ({ request, params }) => {
      const body = (await request.json()) as ModerateReviewBody;
      sent.push({ id: String(params.id), body });
      if (refuse) return fail(409, refuse);
      all = all.map((r) => (r._id === params.id ? { ...r, ...body } : r));
      const saved = all.find((r) => r._id === params.id)!;
      return ok({ review: saved, message: body.status === 'published' ? 'Review published' : 'Review rejected' });
    }),
  );
  return sent;
}

const waiting = review({});
const other = review({ _id: '00000000-0000-4000-8000-0000000000a2', title: '', body: '<script>x</script> too sweet', rating: 2, verified: false, author: { name: 'Ravi', email: 'ravi@example.com' } });
const published = review({ _id: '00000000-0000-4000-8000-0000000000a3', title: 'Pure', status: 'published', reply: 'Thank you!' });

it('lists the reviews waiting first, each with its product, rating, text, author and whether the purchase is verified', async () => {
  reviewsServer([waiting, other, published]);
  renderApp('/admin/reviews');
  expect(await screen.findByRole('heading', { level: 1, name: 'Reviews' })).toBeInTheDocument();
  const list = await screen.findByRole('list', { name: 'Waiting reviews' });
  const cards = within(list).getAllByRole('article');
  expect(cards).toHaveLength(2);
  expect(within(cards[0]!).getByRole('link', { name: 'A2 Gir Cow Bilona Ghee' })).toHaveAttribute('href', '/admin/products/a2-gir-cow-bilona-ghee');
  expect(within(cards[0]!).getByText('4 out of 5')).toBeInTheDocument();
  expect(within(cards[0]!).getByText('Verified purchase')).toBeInTheDocument();
  expect(within(cards[0]!).getByText(/Meera Rao \(meera@example\.com\)/)).toBeInTheDocument();
  // What a customer typed is shown as text, never run.
  expect(within(cards[1]!).getByText('<script>x</script> too sweet')).toBeInTheDocument();
  expect(within(cards[1]!).queryByText('Verified purchase')).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Waiting (2)' })).toHaveAttribute('aria-current', 'page');
});

it('publishes a waiting review with a reply, and the server’s message is shown', async () => {
  const sent = reviewsServer([waiting]);
  const { user } = renderApp('/admin/reviews');
  const card = await screen.findByRole('article', { name: 'A2 Gir Cow Bilona Ghee' });
  await user.type(within(card).getByLabelText('Your reply (public)'), 'Thank you, Meera!');
  await user.click(within(card).getByRole('button', { name: 'Publish with reply' }));
  expect(await screen.findByText('Review published')).toBeInTheDocument();
  expect(sent).toEqual([{ id: waiting._id, body: { status: 'published', reply: 'Thank you, Meera!' } }]);
  expect(await screen.findByText('No reviews are waiting for your check.')).toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: 'Published' }));
  const now = await screen.findByRole('article', { name: 'A2 Gir Cow Bilona Ghee' });
  expect(within(now).getByText('Published')).toBeInTheDocument();
  expect(within(now).getByLabelText('Your reply (public)')).toHaveValue('Thank you, Meera!');
});

it('rejects only with a reason, which is sent for the customer', async () => {
  const sent = reviewsServer([other]);
  const { user } = renderApp('/admin/reviews');
  const card = await screen.findByRole('article', { name: 'A2 Gir Cow Bilona Ghee' });
  await user.click(within(card).getByRole('button', { name: 'Reject…' }));
  const dialog = await screen.findByRole('dialog', { name: 'Reject the review of A2 Gir Cow Bilona Ghee' });
  await user.click(within(dialog).getByRole('button', { name: 'Reject review' }));
  expect(within(dialog).getByText('Say why, in a few words: the customer is told.')).toBeInTheDocument();
  expect(sent).toEqual([]);
  await user.type(within(dialog).getByLabelText('Reason'), 'It holds a script, not a review.');
  await user.click(within(dialog).getByRole('button', { name: 'Reject review' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(sent).toEqual([{ id: other._id, body: { status: 'rejected', reason: 'It holds a script, not a review.' } }]);
  expect(await screen.findByText('Review rejected')).toBeInTheDocument();
});

it('shows the server’s refusal and keeps the review as it was', async () => {
  reviewsServer([waiting], 'This review was deleted by its author');
  const { user } = renderApp('/admin/reviews');
  const card = await screen.findByRole('article', { name: 'A2 Gir Cow Bilona Ghee' });
  await user.click(within(card).getByRole('button', { name: 'Publish' }));
  expect(await screen.findByText('This review was deleted by its author')).toBeInTheDocument();
  expect(within(card).getByText('Waiting')).toBeInTheDocument();
});

it('is in the panel’s sections', async () => {
  reviewsServer([]);
  renderApp('/admin/reviews');
  expect(await screen.findByText('No reviews are waiting for your check.')).toBeInTheDocument();
  expect(screen.getAllByRole('link', { name: 'Reviews' })[0]).toHaveAttribute('href', '/admin/reviews');
});
