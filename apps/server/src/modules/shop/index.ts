/** The shop module's front door: what the app and other modules may use. */
export { default as shopRoutes } from './routes.js';
