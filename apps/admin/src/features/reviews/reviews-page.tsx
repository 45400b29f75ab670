import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatDate } from '@shop/domain/date';
import type { AdminReview, ModerateReviewBody, ReviewStatus } from '@shop/domain/schemas/reviews';
import { notifySuccess } from '@shop/app-kit/notify';
import { Badge } from '@shop/ui/badge';
import { Button } from '@shop/ui/button';
import { FormActions } from '@shop/ui/form-actions';
import { TextAreaField } from '@shop/ui/form-field';
import { LoadFailed } from '@shop/ui/load-failed';
import { Overlay } from '@shop/ui/overlay';
import { Loading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { useAdminReviewsQuery, useModerateReviewMutation } from './reviews-api';
import './reviews.css';

const VIEWS: Array<{ status: ReviewStatus; label: string; empty: string }> = [
  { status: 'pending', label: 'Waiting', empty: 'No reviews are waiting for your check.' },
  { status: 'published', label: 'Published', empty: 'No review is published yet.' },
  { status: 'rejected', label: 'Rejected', empty: 'No review has been rejected.' },
];

const STATUS_WORDS: Record<ReviewStatus, { text: string; tone: 'wait' | 'ok' | 'bad' }> = {
  pending: { text: 'Waiting', tone: 'wait' },
  published: { text: 'Published', tone: 'ok' },
  rejected: { text: 'Rejected', tone: 'bad' },
};

/** Why a review is rejected, told to its writer; asked in a dialog before the review goes. */
function RejectDialog({ review, onClose }: { review: AdminReview; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string>();
  const [moderate, { isLoading }] = useModerateReviewMutation();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (reason.trim() === '') {
      setProblem('Say why, in a few words: the customer is told.');
      return;
    }
    try {
      const answer = await moderate({ id: review._id, body: { status: 'rejected', reason: reason.trim() } }).unwrap();
      notifySuccess(answer.message);
      onClose();
    } catch {
      // The server's message is toasted; the dialog stays as typed.
    }
  };
  return (
    <Overlay open onClose={onClose} title={`Reject the review of ${review.product.name}`}>
      <form onSubmit={submit} noValidate className="review-reject">
        <TextAreaField
          id="review-reject-reason"
          label="Reason"
          rows={3}
          maxLength={500}
          hint="Shown to the customer, e.g. “It names another shop’s product.”"
          value={reason}
          error={problem}
          onChange={(e) => {
            setReason(e.target.value);
            setProblem(undefined);
          }}
        />
        <FormActions className="form-actions" onCancel={onClose} submitLabel="Reject review" busyLabel="Rejecting…" busy={isLoading} variant="danger" />
      </form>
    </Overlay>
  );
}

/**
 * The farm's public answer, shown under the review once it is published: saved on its own for a published review,
 * sent with Publish for a waiting one.
 */
function ReplyField({ review, value, onChange }: { review: AdminReview; value: string; onChange: (reply: string) => void }) {
  return (
    <TextAreaField
      id={`review-reply-${review._id}`}
      label="Your reply (public)"
      rows={2}
      maxLength={2000}
      hint={review.status === 'published' ? 'Shown under the review on the product page.' : 'Shown under the review once it is published.'}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

function ReviewCard({ review, onReject }: { review: AdminReview; onReject: (r: AdminReview) => void }) {
  const [moderate, { isLoading }] = useModerateReviewMutation();
  const [reply, setReply] = useState(review.reply ?? '');
  const status = STATUS_WORDS[review.status];
  const replyChanged = reply.trim() !== (review.reply ?? '');
  const send = async (body: ModerateReviewBody) => {
    try {
      const answer = await moderate({ id: review._id, body }).unwrap();
      notifySuccess(answer.message);
    } catch {
      // The server's message is toasted.
    }
  };
  const publish = (e: FormEvent) => {
    e.preventDefault();
    void send({ status: 'published', ...(replyChanged ? { reply: reply.trim() } : {}) });
  };
  return (
    <li className="review-card panel">
      <article aria-labelledby={`review-${review._id}-title`}>
        <header className="review-card__head">
          <h2 id={`review-${review._id}-title`} className="review-card__product">
            <Link to={`/admin/products/${review.product.slug}`}>{review.product.name}</Link>
          </h2>
          <Badge tone={status.tone}>{status.text}</Badge>
          {review.verified && <Badge tone="info">Verified purchase</Badge>}
        </header>
        <p className="review-card__rating">
          <span className="review-card__stars" aria-hidden="true">
            {'★'.repeat(review.rating)}
            <span className="review-card__stars-off">{'★'.repeat(5 - review.rating)}</span>
          </span>{' '}
          <span>{review.rating} out of 5</span>
        </p>
        {review.title && <h3 className="review-card__title">{review.title}</h3>}
        <p className="review-card__body">{review.body}</p>
        <p className="review-card__by muted small">
          {review.author.name} ({review.author.email}) · {formatDate(review.created_at)}
          {review.updated_at !== review.created_at ? ` · edited ${formatDate(review.updated_at)}` : ''}
        </p>
        {review.status === 'rejected' && review.reason && <p className="review-card__reason">Rejected: {review.reason}</p>}
        <form className="review-card__reply" onSubmit={publish} noValidate>
          {review.status !== 'rejected' && <ReplyField review={review} value={reply} onChange={setReply} />}
          <div className="review-card__actions">
            {review.status === 'published' ? (
              <Button type="submit" small variant="outline" disabled={!replyChanged || isLoading}>
                {review.reply ? 'Save reply' : 'Reply'}
              </Button>
            ) : (
              <Button type="submit" small disabled={isLoading}>
                {review.status === 'pending' && reply.trim() ? 'Publish with reply' : 'Publish'}
              </Button>
            )}
            {review.status !== 'rejected' && (
              <Button small variant="danger" onClick={() => onReject(review)}>
                Reject…
              </Button>
            )}
          </div>
        </form>
      </article>
    </li>
  );
}

/**
 * The Reviews screen (issue 33): what customers wrote, waiting reviews first. The farm publishes a review, rejects it
 * with a reason the customer is told, or replies in public; the server's answer is shown as a toast.
 */
export function ReviewsPage() {
  const [params, setParams] = useSearchParams();
  const wanted = params.get('status');
  const view = VIEWS.find((v) => v.status === wanted) ?? VIEWS[0]!;
  const { data, isLoading, isError, error, refetch, isFetching } = useAdminReviewsQuery(view.status);
  const pending = useAdminReviewsQuery('pending', { skip: view.status === 'pending' });
  const waiting = (view.status === 'pending' ? data : pending.data)?.reviews.length;
  const [rejecting, setRejecting] = useState<AdminReview | null>(null);
  const reviews = data?.reviews ?? [];

  return (
    <>
      <PageHeader title="Reviews" subtitle="What customers wrote. Nothing shows on the shop until you publish it." />
      <nav className="view-tabs review-views" aria-label="Review states">
        {VIEWS.map((v) => (
          <Link
            key={v.status}
            to={v.status === 'pending' ? '/admin/reviews' : `/admin/reviews?status=${v.status}`}
            aria-current={v.status === view.status ? 'page' : undefined}
            onClick={(e) => {
              e.preventDefault();
              setParams(v.status === 'pending' ? {} : { status: v.status });
            }}
          >
            {v.label}
            {v.status === 'pending' && waiting !== undefined ? ` (${waiting})` : ''}
          </Link>
        ))}
      </nav>
      {isLoading ? (
        <Loading />
      ) : isError ? (
        <LoadFailed what="the reviews" message={(error as { message?: string } | undefined)?.message} onRetry={refetch} retrying={isFetching} />
      ) : reviews.length === 0 ? (
        <p className="panel muted">{view.empty}</p>
      ) : (
        <ol className="review-list" aria-label={`${view.label} reviews`}>
          {reviews.map((r) => (
            <ReviewCard key={r._id} review={r} onReject={setRejecting} />
          ))}
        </ol>
      )}
      {rejecting && <RejectDialog review={rejecting} onClose={() => setRejecting(null)} />}
    </>
  );
}
