/**
 * POST /api/products/getcart: the cart's lines with current product data (public; guests keep carts too). A signed-in
 * shopper's own unpaid checkouts count as theirs, not as sold.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { GetCartBodySchema, GetCartResponseSchema } from '@shop/domain/schemas/products';
import { ERROR_RESPONSES } from '../../lib/route-schemas.js';

export default async function cartRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { cart } = app.services;

  app.post(
    '/products/getcart',
    {
      // Signed in or not: a missing, expired or refused token reads the cart as a guest's.
      onRequest: async (request, reply) => {
        if (!request.headers.authorization) return;
        try {
          await app.authenticate(request, reply);
        } catch {
          request.user = null;
        }
      },
      schema: { body: GetCartBodySchema, response: { 200: GetCartResponseSchema, ...ERROR_RESPONSES } },
    },
    async (request) => ({ cartDetails: await cart.resolve(request.body.cart, request.user?.id) }),
  );
}
