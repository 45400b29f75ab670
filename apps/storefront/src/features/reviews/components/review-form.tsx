import { useState, type FormEvent } from 'react';
import { Button } from '@shop/ui/button';
import { FormField, TextAreaField } from '@shop/ui/form-field';
import { failureMessage } from '@shop/app-kit/api-failure';
import type { Review } from '@shop/domain/schemas/reviews';
import { useSaveReviewMutation } from '../api/reviews-api';
import { StarChoice } from './star-choice';

// The server's limits (REVIEW_TITLE_MAX, REVIEW_BODY_MAX of @shop/domain/schemas/reviews), written out: a value
// import from a schema module would bring TypeBox into the shop's bundle.
const TITLE_MAX = 120;
const BODY_MAX = 4000;

interface Problems {
  rating?: string;
  body?: string;
  form?: string;
}

/** What the customer's own review is waiting for, or why it is not shown. */
function ReviewState({ review }: { review: Review }) {
  if (review.status === 'published') return <p className="review-form__state">Your review is published below. An edit waits for the farm’s check again.</p>;
  if (review.status === 'rejected')
    return (
      <p className="review-form__state review-form__state--rejected">
        The farm did not publish your review{review.reason ? `: ${review.reason}` : '.'} You can edit it and send it again.
      </p>
    );
  return <p className="review-form__state">Your review waits for the farm’s check before it is shown.</p>;
}

/**
 * A signed-in customer's review of the product: a rating of 1 to 5 stars, an optional title and the text. One review a
 * product; sending again edits it. Every review waits for the farm's check (moderation) before it is shown.
 */
export function ReviewForm({ productId, mine }: { productId: string; mine: Review | null }) {
  const [rating, setRating] = useState(mine?.rating ?? 0);
  const [title, setTitle] = useState(mine?.title ?? '');
  const [body, setBody] = useState(mine?.body ?? '');
  const [problems, setProblems] = useState<Problems>({});
  const [sent, setSent] = useState(false);
  const [save, { isLoading }] = useSaveReviewMutation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Problems = {};
    if (rating < 1 || rating > 5) next.rating = 'Choose a rating from 1 to 5 stars.';
    if (body.trim() === '') next.body = 'Write a few words about the product.';
    setProblems(next);
    if (next.rating || next.body) return;
    try {
      await save({ productId, body: { rating, ...(title.trim() ? { title: title.trim() } : {}), body: body.trim() } }).unwrap();
      setSent(true);
    } catch (error) {
      setProblems({ form: failureMessage(error) });
    }
  };

  if (sent)
    return (
      <div className="review-form review-form--sent" role="status">
        <h3 className="review-form__title">Thank you for your review</h3>
        <p className="review-form__state">It waits for the farm’s check and then shows here.</p>
        <Button variant="outline" small onClick={() => setSent(false)}>
          Edit your review
        </Button>
      </div>
    );

  return (
    <form className="review-form" onSubmit={submit} noValidate aria-labelledby="review-form-title">
      <h3 id="review-form-title" className="review-form__title">
        {mine ? 'Edit your review' : 'Write a review'}
      </h3>
      {mine ? <ReviewState review={mine} /> : <p className="review-form__state">Every review waits for the farm’s check before it is shown.</p>}
      <StarChoice name="review-rating" value={rating} onChange={(n) => {
          setRating(n);
          setProblems((p) => ({ ...p, rating: undefined }));
        }} error={problems.rating} />
      <FormField id="review-title" label="Title (optional)" maxLength={TITLE_MAX} value={title} onChange={(e) => setTitle(e.target.value)} />
      <TextAreaField
        id="review-body"
        label="Your review"
        rows={5}
        maxLength={BODY_MAX}
        value={body}
        error={problems.body}
        hint="Plain text: what you liked, what you did not."
        onChange={(e) => {
          setBody(e.target.value);
          setProblems((p) => ({ ...p, body: undefined }));
        }}
      />
      {problems.form && (
        <p className="field-error" role="alert">
          {problems.form}
        </p>
      )}
      <Button type="submit" disabled={isLoading}>
        {isLoading ? 'Sending…' : mine ? 'Save your review' : 'Send your review'}
      </Button>
    </form>
  );
}
