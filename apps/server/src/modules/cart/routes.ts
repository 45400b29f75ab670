/** POST /api/products/getcart: the cart's lines with current product data (public; guests keep carts too). */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { GetCartBodySchema, GetCartResponseSchema } from '@shop/domain/schemas/products';
import { resolveCart } from './service.js';
import { ERROR_RESPONSES } from '../../lib/route-schemas.js';

export default async function cartRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app.deps;

  app.post(
    '/products/getcart',
    { schema: { body: GetCartBodySchema, response: { 200: GetCartResponseSchema, ...ERROR_RESPONSES } } },
    async (request) => ({ cartDetails: await resolveCart(db, request.body.cart) }),
  );
}
