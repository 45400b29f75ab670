/**
 * Reviews (issue 33): GET products/{id}/reviews (public), GET products/{id}/reviews/mine and POST products/{id}/reviews
 * (signed in), GET reviews and PUT reviews/{id} (admin). Also runs the review ask while the app is up.
 */
import { IdParamsSchema } from '@shop/domain/schemas/common';
import {
  AdminReviewResponseSchema,
  AdminReviewsResponseSchema,
  ModerateReviewBodySchema,
  MyReviewResponseSchema,
  ProductReviewsResponseSchema,
  ReviewBodySchema,
  ReviewResponseSchema,
  ReviewsQuerySchema,
} from '@shop/domain/schemas/reviews';
import { ERROR_RESPONSES, okOrError } from '../../lib/route-schemas.js';
import { defineRoutes } from '../../lib/routes.js';
import { runEvery } from '../../lib/sweep.js';
import { currentUser } from '../../plugins/auth.js';
import { READ_MODEL_ROUTE } from '../../plugins/read-model.js';

/** How often each instance looks for lines to ask about (the ask is days after delivery: minutes do not matter). */
const REVIEW_ASK_SWEEP_MS = 10 * 60_000;

export default defineRoutes(async function reviewsRoutes(app) {
  const service = app.services.reviews;

  app.get(
    '/products/:id/reviews',
    { ...READ_MODEL_ROUTE, schema: { summary: "A product's published reviews: the average, the count per rating and the newest first", params: IdParamsSchema, response: okOrError(ProductReviewsResponseSchema) } },
    (request, reply) => app.answerFromReadModel(request, reply, () => service.listPublic(request.params.id)),
  );

  app.get(
    '/products/:id/reviews/mine',
    { onRequest: [app.authenticate], schema: { summary: 'Your own review of a product, whatever its state', params: IdParamsSchema, response: okOrError(MyReviewResponseSchema) } },
    async (request) => ({ review: await service.mine(currentUser(request), request.params.id) }),
  );

  app.post(
    '/products/:id/reviews',
    {
      onRequest: [app.authenticate],
      preHandler: [app.limit('review')],
      schema: { summary: 'Write or edit your review of a product (pending until the shop publishes it)', params: IdParamsSchema, body: ReviewBodySchema, response: { 200: ReviewResponseSchema, 201: ReviewResponseSchema, ...ERROR_RESPONSES } },
    },
    async (request, reply) => {
      const { review, created } = await service.save(currentUser(request), request.params.id, request.body);
      return reply.status(created ? 201 : 200).send({ review });
    },
  );

  app.get(
    '/reviews',
    { onRequest: [app.requireAdmin], schema: { summary: 'Reviews to moderate, by state', querystring: ReviewsQuerySchema, response: okOrError(AdminReviewsResponseSchema) } },
    async (request) => ({ reviews: await service.listAdmin(request.query.status) }),
  );

  app.put(
    '/reviews/:id',
    {
      onRequest: [app.requireAdmin],
      schema: { summary: 'Publish or reject a review, with the shop\'s reply', params: IdParamsSchema, body: ModerateReviewBodySchema, response: okOrError(AdminReviewResponseSchema) },
    },
    async (request) => {
      const review = await service.moderate(request.params.id, request.body);
      return { review, message: review.status === 'published' ? 'Review published' : 'Review rejected' };
    },
  );

  // The ask: every instance runs it; SKIP LOCKED keeps them from asking about the same line.
  runEvery(app, REVIEW_ASK_SWEEP_MS, 'review asks could not be written', () => service.askForReviews());
});
