/** auth/...: login (shop and admin), registration, email verification, password reset. */
import { MessageResponseSchema } from '@shop/domain/schemas/common';
import {
  ChangePasswordBodySchema,
  ForgetPasswordBodySchema,
  LoginBodySchema,
  LoginResponseSchema,
  RegisterBodySchema,
  TokenParamsSchema,
} from '@shop/domain/schemas/auth';
import { dummyPasswordHash } from '../../lib/passwords.js';
import { addressKey } from '../../plugins/rate-limit.js';
import { MESSAGES } from './service.js';
import { ERROR_RESPONSES, okOrError } from '../../lib/route-schemas.js';
import { defineRoutes } from '../../lib/routes.js';

export default defineRoutes(async function authRoutes(app) {
  const service = app.services.auth;
  // Compute the stand-in hash now, so the first login with an unknown email is not slower than the rest.
  void dummyPasswordHash().catch((err: unknown) => app.log.error({ err }, 'could not prepare the dummy password hash'));

  app.post(
    '/auth/login',
    {
      preHandler: [app.limit('login')],
      schema: { body: LoginBodySchema, response: okOrError(LoginResponseSchema) },
    },
    async (request) => service.login(request.body, addressKey(request)),
  );

  app.post(
    '/auth/register',
    {
      preHandler: [app.limit('register')],
      schema: { body: RegisterBodySchema, response: { 201: MessageResponseSchema, ...ERROR_RESPONSES } },
    },
    async (request, reply) => {
      await service.register(request.body);
      return reply.status(201).send({ message: MESSAGES.registered });
    },
  );

  app.get(
    '/auth/verify-email/:token',
    // A malformed token is just another bad link: redirect instead of answering JSON.
    { attachValidation: true, preHandler: [app.limit('verifyEmail')], schema: { params: TokenParamsSchema } },
    async (request, reply) => {
      const login = `${app.deps.config.publicUrl}/login`;
      // Mail scanners and link previews ask with HEAD: it must not use the link up for whoever registered.
      if (request.method === 'HEAD') return reply.redirect(login, 302);
      const outcome = request.validationError ? 'invalid' : await service.verifyEmail(request.params.token);
      // The login page says what happened: verified now, already verified, or the link expired / is not ours.
      return reply.redirect(outcome === 'verified' ? `${login}?verified=1` : `${login}?verified=0&reason=${outcome}`, 302);
    },
  );

  app.post(
    '/auth/forget-password',
    {
      preHandler: [app.limit('forgetPassword')],
      schema: { body: ForgetPasswordBodySchema, response: okOrError(MessageResponseSchema) },
    },
    async (request) => {
      await service.forgetPassword(request.body.email);
      return { message: MESSAGES.resetSent };
    },
  );

  app.post(
    '/auth/change-password',
    {
      preHandler: [app.limit('changePassword')],
      schema: { body: ChangePasswordBodySchema, response: okOrError(MessageResponseSchema) },
    },
    async (request) => {
      await service.changePassword(request.body.token, request.body.password, addressKey(request));
      return { message: MESSAGES.passwordChanged };
    },
  );
});
