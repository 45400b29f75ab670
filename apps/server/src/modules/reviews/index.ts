/** The reviews module's front door (issue 33). */
export { default as reviewsRoutes } from './routes.js';
export { createReviewsService, pendingReviews } from './service.js';
