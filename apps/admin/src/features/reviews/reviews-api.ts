import type { ModerateReviewBody, ReviewStatus } from '@shop/domain/schemas/reviews';
import { api, reads, writes } from '../../lib/api';

const reviewsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The customers' reviews in one state (pending first on the screen), newest first. */
    adminReviews: build.query(reads((status: ReviewStatus, c) => c.admin.reviews({ status }), ['Reviews'])),
    /** Publishes, rejects (with the reason the customer is told) or replies; the dashboard's count follows. */
    moderateReview: build.mutation(
      writes(({ id, body }: { id: string; body: ModerateReviewBody }, c) => c.admin.moderateReview(id, body), ['Reviews', 'Dashboard']),
    ),
  }),
});

export const { useAdminReviewsQuery, useModerateReviewMutation } = reviewsApi;
