import { Link } from 'react-router';
import { formatDate } from '@shop/domain/date';
import type { PublicReview } from '@shop/domain/schemas/reviews';
import { LoadFailed } from '@shop/ui/load-failed';
import { failureMessage } from '@shop/app-kit/api-failure';
import { oneDecimal, reviewCount, Stars } from '../../../components/stars';
import { config } from '../../../config';
import { useSignedIn } from '../../../store/session';
import { useMyReviewQuery, useProductReviewsQuery } from '../api/reviews-api';
import { RatingBars } from './rating-bars';
import { ReviewForm } from './review-form';

export interface ReviewsBlockProps {
  productId: string;
}

/** One published review as plain text (React escapes it; the server keeps no HTML), with the farm's reply under it. */
function ReviewItem({ review }: { review: PublicReview }) {
  return (
    <li className="review">
      <article aria-label={`Review by ${review.author}`}>
        <div className="review__head">
          <Stars rating={{ average: review.rating, count: 1 }} label={`${review.rating} out of 5 stars`} />
          {review.title && <h3 className="review__title">{review.title}</h3>}
        </div>
        <p className="review__by">
          <span>{review.author}</span>
          <span aria-hidden="true"> · </span>
          <time dateTime={review.created_at}>{formatDate(review.created_at)}</time>
          {review.verified && <span className="review__verified">Verified purchase</span>}
        </p>
        <p className="review__body">{review.body}</p>
        {review.reply && (
          <div className="review__reply">
            <p className="review__reply-by">Reply from {config.brand}</p>
            <p className="review__reply-text">{review.reply}</p>
          </div>
        )}
      </article>
    </li>
  );
}

/** Who may write: a signed-in customer gets the form (with their review to edit); a visitor a way to log in. */
function WriteReview({ productId }: { productId: string }) {
  const { user, isLoading } = useSignedIn();
  const mine = useMyReviewQuery(productId, { skip: !user });
  if (isLoading || (user && mine.isLoading)) return null;
  if (!user)
    return (
      <p className="reviews__login">
        <Link to="/login">Log in</Link> to write a review of a product you bought.
      </p>
    );
  // Keyed by the account, not the review: the first save gives the review an id, and a new key would remount the
  // form and lose its thank-you.
  return <ReviewForm key={user._id} productId={productId} mine={mine.data?.review ?? null} />;
}

/**
 * The product page's reviews (issue 33): the average to one decimal, the count and a 5-to-1 bar chart, the published
 * reviews newest first with the farm's replies, an honest empty state, and the signed-in customer's form. Loaded after
 * the first paint (app/deferred-parts.tsx); the server draws it with the reviews for readers that run no JS.
 */
export default function ReviewsBlock({ productId }: ReviewsBlockProps) {
  const { data, error, isFetching, refetch } = useProductReviewsQuery(productId);
  const reviews = data?.reviews ?? [];
  const count = data?.count ?? 0;

  return (
    <section className="reviews card" id="reviews" aria-labelledby="reviews-title">
      <h2 id="reviews-title">Customer reviews</h2>
      {error && !data ? (
        <LoadFailed what="the reviews" message={failureMessage(error)} onRetry={() => void refetch()} retrying={isFetching} />
      ) : !data ? (
        <p className="reviews__empty">Loading the reviews…</p>
      ) : count === 0 ? (
        <p className="reviews__empty">No reviews yet. Customers who bought it can write the first one.</p>
      ) : (
        <div className="reviews__summary">
          <div className="reviews__score">
            <p className="reviews__average">
              <span className="reviews__average-value">{oneDecimal(data.average)}</span>
              <span className="reviews__average-of"> out of 5</span>
            </p>
            <Stars rating={{ average: data.average, count }} decorative />
            <p className="reviews__count">{reviewCount(count)}</p>
          </div>
          <RatingBars counts={data.counts} total={count} />
        </div>
      )}
      {reviews.length > 0 && (
        <ol className="reviews__list" aria-label="Published reviews, newest first">
          {reviews.map((r) => (
            <ReviewItem key={r._id} review={r} />
          ))}
        </ol>
      )}
      <WriteReview productId={productId} />
    </section>
  );
}
