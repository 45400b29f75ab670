/** The users module's front door: what the app and other modules may use. */
export { default as usersRoutes } from './routes.js';
export { createUsersService, toUserJson, userColumns } from './service.js';
