/** GET/POST /coupons, PUT/DELETE /coupons/{id}: the admin's coupon codes (issue 31). Shoppers apply codes on the quote and POST /orders. */
import { IdParamsSchema, MessageResponseSchema } from '@shop/domain/schemas/common';
import { CouponResponseSchema, CouponsResponseSchema, CreateCouponBodySchema, UpdateCouponBodySchema } from '@shop/domain/schemas/coupons';
import { okOrError } from '../../lib/route-schemas.js';
import { defineRoutes } from '../../lib/routes.js';

export default defineRoutes(async function couponsRoutes(app) {
  const { coupons } = app.services;

  app.get(
    '/coupons',
    { onRequest: [app.requireAdmin], schema: { response: okOrError(CouponsResponseSchema) } },
    async () => ({ coupons: await coupons.list() }),
  );

  app.post(
    '/coupons',
    { onRequest: [app.requireAdmin], schema: { body: CreateCouponBodySchema, response: okOrError(CouponResponseSchema) } },
    async (request) => ({ coupon: await coupons.create(request.body) }),
  );

  app.put(
    '/coupons/:id',
    {
      onRequest: [app.requireAdmin],
      schema: { params: IdParamsSchema, body: UpdateCouponBodySchema, response: okOrError(CouponResponseSchema) },
    },
    async (request) => ({ coupon: await coupons.update(request.params.id, request.body) }),
  );

  app.delete(
    '/coupons/:id',
    { onRequest: [app.requireAdmin], schema: { params: IdParamsSchema, response: okOrError(MessageResponseSchema) } },
    async (request) => coupons.remove(request.params.id),
  );
});
