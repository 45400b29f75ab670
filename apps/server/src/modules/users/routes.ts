/** users/...: the signed-in user's profile, and user management for admins. */
import { IdParamsSchema, MessageResponseSchema } from '@shop/domain/schemas/common';
import {
  EmailParamsSchema,
  UpdateProfileBodySchema,
  UpdateProfileResponseSchema,
  UpdateUserStatusBodySchema,
  UserResponseSchema,
  UsersDashboardResponseSchema,
  UsersResponseSchema,
} from '@shop/domain/schemas/users';
import { currentUser } from '../../plugins/auth.js';
import { okOrError } from '../../lib/route-schemas.js';
import { defineRoutes } from '../../lib/routes.js';

export default defineRoutes(async function usersRoutes(app) {
  const service = app.services.users;
  const signedIn = { onRequest: [app.authenticate] };
  const adminOnly = { onRequest: [app.requireAdmin] };

  app.get(
    '/users/get-user',
    { ...signedIn, schema: { response: okOrError(UserResponseSchema) } },
    async (request) => ({ user: await service.byId(currentUser(request).id) }),
  );

  app.get(
    '/users/profile',
    { ...signedIn, schema: { response: okOrError(UserResponseSchema) } },
    async (request) => ({ user: await service.byId(currentUser(request).id) }),
  );

  app.put(
    '/users/profile',
    { ...signedIn, schema: { body: UpdateProfileBodySchema, response: okOrError(UpdateProfileResponseSchema) } },
    async (request) => {
      const user = await service.updateProfile(currentUser(request).id, request.body);
      return { user, message: 'Profile updated successfully' };
    },
  );

  app.get(
    '/users/all-users',
    { ...adminOnly, schema: { response: okOrError(UsersResponseSchema) } },
    async () => ({ users: await service.list() }),
  );

  app.get(
    '/users/dashboard',
    { ...adminOnly, schema: { response: okOrError(UsersDashboardResponseSchema) } },
    async () => service.dashboard(),
  );

  app.get(
    '/users/admin-get-user/:email',
    { ...adminOnly, schema: { params: EmailParamsSchema, response: okOrError(UserResponseSchema) } },
    async (request) => ({ user: await service.byEmail(request.params.email) }),
  );

  app.put(
    '/users/status/:id',
    {
      ...adminOnly,
      schema: { params: IdParamsSchema, body: UpdateUserStatusBodySchema, response: okOrError(MessageResponseSchema) },
    },
    async (request) => {
      await service.setStatus(currentUser(request).id, request.params.id, request.body.status);
      return { message: 'User status updated successfully' };
    },
  );

  app.delete(
    '/users/:id',
    { ...adminOnly, schema: { params: IdParamsSchema, response: okOrError(MessageResponseSchema) } },
    async (request) => {
      await service.remove(currentUser(request).id, request.params.id);
      return { message: 'user deleted successfully' };
    },
  );
});
