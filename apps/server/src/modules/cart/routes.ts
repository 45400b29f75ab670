/**
 * POST /api/products/getcart: the cart's lines with current product data (public; guests keep carts too). A signed-in
 * shopper's own unpaid checkouts count as theirs, not as sold.
 */
import { GetCartBodySchema, GetCartResponseSchema } from '@shop/domain/schemas/products';
import { ERROR_RESPONSES } from '../../lib/route-schemas.js';
import { defineRoutes } from '../../lib/routes.js';

export default defineRoutes(async function cartRoutes(app) {
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
});
