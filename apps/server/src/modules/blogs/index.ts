/** The blogs module's front door: what the app and other modules may use. */
export { default as blogsRoutes } from './routes.js';
export { createBlogsService } from './service.js';
