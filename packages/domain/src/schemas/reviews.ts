/**
 * Stock and trust (issue 33): reviews, "notify me when it is back" and the low-stock list.
 *
 * Reviews: a signed-in customer writes one review per product (a second POST edits it and sends it back to the
 * admin); `verified` is set by the server alone (a Delivered line of that product, not refunded). New and edited
 * reviews wait as `pending`; the admin publishes them or rejects them with a reason, and may reply. The public read
 * lists published reviews only, newest first, as plain text.
 */
import { Type, type Static } from '@sinclair/typebox';
import { DateTimeSchema, EmailSchema, IdSchema } from './common.js';

export const REVIEW_STATUSES = ['pending', 'published', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const ReviewStatusSchema = Type.Union(REVIEW_STATUSES.map((s) => Type.Literal(s)));

export const REVIEW_TITLE_MAX = 120;
export const REVIEW_BODY_MAX = 4000;
export const REVIEW_REPLY_MAX = 2000;
export const REVIEW_REASON_MAX = 500;

/** A star rating, a whole number from 1 to 5. */
export const RatingSchema = Type.Integer({ minimum: 1, maximum: 5, description: 'stars, 1 to 5' });

/**
 * POST /api/products/{id}/reviews (signed in). Plain text only: a body or title holding an HTML tag (`<b>`, `<a`,
 * `<script`...) is refused with 400. A second POST for the same product edits the first review (pending again).
 */
export const ReviewBodySchema = Type.Object({
  rating: RatingSchema,
  title: Type.Optional(Type.String({ maxLength: REVIEW_TITLE_MAX })),
  body: Type.String({ minLength: 1, maxLength: REVIEW_BODY_MAX }),
});
export type ReviewBody = Static<typeof ReviewBodySchema>;

/** A review as its author (and the admin) sees it. */
export const ReviewSchema = Type.Object(
  {
    _id: IdSchema,
    product: IdSchema,
    rating: Type.Integer(),
    /** '' when none was given. */
    title: Type.String(),
    body: Type.String(),
    status: ReviewStatusSchema,
    /** The author has a Delivered, not refunded line of this product (set by the server). */
    verified: Type.Boolean(),
    /** The shop's public answer, shown under the review once published. */
    reply: Type.Optional(Type.String()),
    /** Why the admin rejected it (seen by the author and the admin only). */
    reason: Type.Optional(Type.String()),
    created_at: DateTimeSchema,
    updated_at: DateTimeSchema,
  },
);
export type Review = Static<typeof ReviewSchema>;

export const ReviewResponseSchema = Type.Object({ review: ReviewSchema });
export type ReviewResponse = Static<typeof ReviewResponseSchema>;

/** GET /api/products/{id}/reviews/mine (signed in): the customer's own review of the product, or null (the form is empty). */
export const MyReviewResponseSchema = Type.Object({ review: Type.Union([ReviewSchema, Type.Null()]) });
export type MyReviewResponse = Static<typeof MyReviewResponseSchema>;

/** A published review as any visitor reads it: no status, no reason, the author's first name only. */
export const PublicReviewSchema = Type.Object({
  _id: IdSchema,
  rating: Type.Integer(),
  title: Type.String(),
  body: Type.String(),
  verified: Type.Boolean(),
  /** The author's first name ("Asha"), or "A customer". */
  author: Type.String(),
  reply: Type.Optional(Type.String()),
  created_at: DateTimeSchema,
});
export type PublicReview = Static<typeof PublicReviewSchema>;

/** How many published reviews gave each number of stars, listed 5 to 1 (always five entries). */
export const StarCountSchema = Type.Object({ rating: Type.Integer(), count: Type.Integer() });

/** GET /api/products/{id}/reviews (public): the summary and the published reviews, newest first (at most 100). */
export const ProductReviewsResponseSchema = Type.Object({
  /** The mean rating to one decimal (4.3); 0 when there is no published review. */
  average: Type.Number(),
  count: Type.Integer(),
  /** Five entries, rating 5 first. */
  counts: Type.Array(StarCountSchema),
  reviews: Type.Array(PublicReviewSchema),
});
export type ProductReviewsResponse = Static<typeof ProductReviewsResponseSchema>;

/** A review on the admin's Reviews screen: with its product and author. */
export const AdminReviewSchema = Type.Composite([
  Type.Omit(ReviewSchema, ['product']),
  Type.Object({
    product: Type.Object({ _id: IdSchema, name: Type.String(), slug: Type.String() }),
    author: Type.Object({ name: Type.String(), email: Type.String() }),
  }),
]);
export type AdminReview = Static<typeof AdminReviewSchema>;

/** GET /api/reviews?status=pending (admin): newest first; without `status`, every review. */
export const ReviewsQuerySchema = Type.Object({ status: Type.Optional(ReviewStatusSchema) });
export type ReviewsQuery = Static<typeof ReviewsQuerySchema>;
export const AdminReviewsResponseSchema = Type.Object({ reviews: Type.Array(AdminReviewSchema) });
export type AdminReviewsResponse = Static<typeof AdminReviewsResponseSchema>;

/**
 * PUT /api/reviews/{id} (admin): publish or reject (with a reason the author sees), and reply (shown publicly under
 * a published review; '' removes the reply).
 */
export const ModerateReviewBodySchema = Type.Object({
  status: Type.Union([Type.Literal('published'), Type.Literal('rejected')]),
  reason: Type.Optional(Type.String({ maxLength: REVIEW_REASON_MAX })),
  reply: Type.Optional(Type.String({ maxLength: REVIEW_REPLY_MAX })),
});
export type ModerateReviewBody = Static<typeof ModerateReviewBodySchema>;
export const AdminReviewResponseSchema = Type.Object({ review: AdminReviewSchema, message: Type.String() });
export type AdminReviewResponse = Static<typeof AdminReviewResponseSchema>;

/** A product's rating on cards: the published reviews' mean (one decimal) and count. Absent when it has none. */
export const ProductRatingSchema = Type.Object({ average: Type.Number(), count: Type.Integer() });
export type ProductRating = Static<typeof ProductRatingSchema>;

// "Notify me when it is back"

/**
 * POST /api/products/{id}/notify: mail `email` once when the size (`variant`; absent means the default size) comes
 * back in stock. Always answered 202 with the same message, whether or not the address was already on the list.
 * 404 for an unknown product or size, 400 for a malformed email; rate-limited per address and per email.
 */
export const NotifyBodySchema = Type.Object({
  email: EmailSchema,
  variant: Type.Optional(IdSchema),
});
export type NotifyBody = Static<typeof NotifyBodySchema>;
export const NOTIFY_ACCEPTED = "We'll email you when it is back in stock";

/** GET /api/stock-alerts/unsubscribe/{token}: the link in every back-in-stock mail (an HTML page for browsers). */
export const UnsubscribeParamsSchema = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' }),
});
export type UnsubscribeParams = Static<typeof UnsubscribeParamsSchema>;

// The admin dashboard (OrdersDashboardResponse's optional `low_stock` and `reviews_pending`)

/** A size at or below its low-stock threshold. */
export const LowStockSizeSchema = Type.Object({
  product: Type.Object({ _id: IdSchema, name: Type.String(), slug: Type.String() }),
  variant: IdSchema,
  label: Type.String(),
  sku: Type.String(),
  quantity: Type.Integer(),
  low_stock_at: Type.Integer(),
});
export type LowStockSize = Static<typeof LowStockSizeSchema>;
