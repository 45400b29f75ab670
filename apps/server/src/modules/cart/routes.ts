/**
 * POST /api/products/getcart: the cart's lines with current product data, per size (public; guests keep carts too).
 * A signed-in shopper's own unpaid checkouts count as theirs, not as sold. Answered from memory (the read model's
 * snapshot of the sizes on sale); only a signed-in shopper's own holds are read from the database.
 */
import { GetCartBodySchema, GetCartResponseSchema } from '@shop/domain/schemas/products';
import { ERROR_RESPONSES } from '../../lib/route-schemas.js';
import { defineRoutes } from '../../lib/routes.js';

/** The read model's key of the cart's snapshot of sizes (a value, not an answer). */
export const CART_CATALOGUE = 'cart-catalogue';

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
    async (request) => {
      // The sizes on sale are kept in the read model, dropped on every catalogue change (stock included).
      const catalogue = await app.readModel.memo(CART_CATALOGUE, cart.catalogue);
      return { cartDetails: await cart.resolve(catalogue, request.body.cart, request.user?.id) };
    },
  );
});
