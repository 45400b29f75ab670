/** auth/...: login (shop and admin), registration, email verification, password reset. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { MessageResponseSchema } from '@shop/domain/schemas/common';
import {
  ChangePasswordBodySchema,
  ForgetPasswordBodySchema,
  LoginBodySchema,
  LoginResponseSchema,
  RegisterBodySchema,
  TokenParamsSchema,
} from '@shop/domain/schemas/auth';
import { tooManyRequests } from '../../lib/http-errors.js';
import { dummyPasswordHash } from '../../lib/passwords.js';
import { MESSAGES, createAuthService } from './service.js';
import { ERROR_RESPONSES } from '../../lib/route-schemas.js';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/** The email of a (validated) body, lower-cased, for per-email limits. */
function bodyEmail(request: FastifyRequest): string | undefined {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : undefined;
}

export default async function authRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const service = createAuthService(app.deps, app.log);
  const limiter = app.deps.rateLimiter;
  // Compute the stand-in hash now, so the first login with an unknown email is not slower than the rest.
  void dummyPasswordHash().catch((err: unknown) => app.log.error({ err }, 'could not prepare the dummy password hash'));

  /**
   * A per-email limit on its own (the shared `app.rateLimit` always counts the IP with the same max, and an
   * email needs a much lower one). Known and unknown emails are counted alike.
   */
  const perEmail = (name: string, max: number, windowMs: number) => async (request: FastifyRequest) => {
    const email = bodyEmail(request);
    if (!email) return;
    if ((await limiter.hit(`${name}:email:${email}`, windowMs)) > max) {
      throw tooManyRequests('Too many requests for this email, please try again later');
    }
  };

  app.post(
    '/auth/login',
    {
      preHandler: [app.rateLimit({ name: 'login', max: 60, windowMs: MINUTE })],
      schema: { body: LoginBodySchema, response: { 200: LoginResponseSchema, ...ERROR_RESPONSES } },
    },
    async (request) => service.login(request.body, request.ip),
  );

  app.post(
    '/auth/register',
    {
      preHandler: [app.rateLimit({ name: 'register', max: 10, windowMs: HOUR }), perEmail('register', 3, HOUR)],
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
    { attachValidation: true, schema: { params: TokenParamsSchema } },
    async (request, reply) => {
      const ok = !request.validationError && (await service.verifyEmail(request.params.token));
      return reply.redirect(`${app.deps.config.publicUrl}/login?verified=${ok ? 1 : 0}`, 302);
    },
  );

  app.post(
    '/auth/forget-password',
    {
      preHandler: [app.rateLimit({ name: 'forget-password', max: 10, windowMs: HOUR }), perEmail('forget-password', 3, HOUR)],
      schema: { body: ForgetPasswordBodySchema, response: { 200: MessageResponseSchema, ...ERROR_RESPONSES } },
    },
    async (request) => {
      await service.forgetPassword(request.body.email);
      return { message: MESSAGES.resetSent };
    },
  );

  app.post(
    '/auth/change-password',
    {
      preHandler: [app.rateLimit({ name: 'change-password', max: 10, windowMs: 15 * MINUTE })],
      schema: { body: ChangePasswordBodySchema, response: { 200: MessageResponseSchema, ...ERROR_RESPONSES } },
    },
    async (request) => {
      await service.changePassword(request.body.token, request.body.password);
      return { message: MESSAGES.passwordChanged };
    },
  );
}
