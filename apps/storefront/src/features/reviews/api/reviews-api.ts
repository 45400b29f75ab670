/** A product's reviews: the public read, and a signed-in customer's own review (read and written). */
import type { MyReviewResponse, ProductReviewsResponse, ReviewBody, ReviewResponse } from '@shop/domain/schemas/reviews';
import { api } from '../../../lib/api';

const reviewsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The published reviews, newest first, with the average, the count and how many gave each star. */
    productReviews: build.query<ProductReviewsResponse, string>({
      query: (productId) => (c) => c.store.productReviews(productId),
      // A failed read is said in the block itself (LoadFailed), not as a toast over the page.
      extraOptions: { silent: true },
    }),
    /** The signed-in customer's review of the product, whatever its state (null when they have written none). */
    myReview: build.query<MyReviewResponse, string>({
      query: (productId) => (c) => c.account.myReview(productId),
      providesTags: ['MyReview'],
      extraOptions: { silent: true },
    }),
    /** Writes the customer's review, or edits it: it waits for the farm's check again. Refusals shown in the form. */
    saveReview: build.mutation<ReviewResponse, { productId: string; body: ReviewBody }>({
      query: ({ productId, body }) => (c) => c.account.saveReview(productId, body),
      extraOptions: { silent: true },
      invalidatesTags: ['MyReview'],
    }),
  }),
});

export const { useProductReviewsQuery, useMyReviewQuery, useSaveReviewMutation } = reviewsApi;
