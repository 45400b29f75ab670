/**
 * GET /delivery/pincode/{pin} and POST /delivery/quote (public, guests too); the settings and the PIN corrections
 * (admin). The settings, the corrections and the sizes on sale are kept in the read model, dropped with the catalogue
 * on every change (their tables notify the catalogue channel, drizzle/0016_delivery.sql), so a quote costs no
 * database round trip (deliverySources); POST /orders quotes with the same rules over the sizes it reads itself.
 */
import { MessageResponseSchema } from '@shop/domain/schemas/common';
import {
  DeliverySettingsBodySchema,
  DeliverySettingsSchema,
  PincodeOverrideBodySchema,
  PincodeOverrideSchema,
  PincodeOverridesResponseSchema,
  PincodeResponseSchema,
  PinParamsSchema,
  QuoteBodySchema,
  QuoteResponseSchema,
} from '@shop/domain/schemas/delivery';
import type { FastifyRequest } from 'fastify';
import { okOrError } from '../../lib/route-schemas.js';
import { defineRoutes } from '../../lib/routes.js';

export default defineRoutes(async function deliveryRoutes(app) {
  const { delivery, coupons } = app.services;
  const { rules, overrides, sizes } = delivery.kept;

  /** A quote with a coupon may come signed in: then the shopper's own limits are checked too. A bad token: a guest. */
  async function shopperOf(request: FastifyRequest): Promise<{ id: string; phone: string } | undefined> {
    if (!request.headers.authorization) return undefined;
    try {
      await app.authenticate(request);
    } catch {
      return undefined;
    }
    return request.user ? { id: request.user.id, phone: request.user.phone } : undefined;
  }

  app.get(
    '/delivery/pincode/:pin',
    { schema: { params: PinParamsSchema, response: okOrError(PincodeResponseSchema) } },
    async (request) => delivery.pincode(request.params.pin, await overrides(), await rules()),
  );

  app.post(
    '/delivery/quote',
    {
      preHandler: [app.limit('deliveryQuote')],
      schema: { body: QuoteBodySchema, response: okOrError(QuoteResponseSchema) },
    },
    async (request) => {
      const { pin, state, cart, payment_method } = request.body;
      const code = request.body.coupon?.trim();
      const sources = { rules: await rules(), overrides: await overrides(), sizes: await sizes() };
      // A code: found and checked (coupons/), guessing counted like logins; the quote prices it (and checks its minimum).
      const found = code ? await coupons.forQuote(code, request.ip, await shopperOf(request)) : undefined;
      try {
        const quote = await delivery.quote(
          {
            ...(pin !== undefined ? { pin } : {}),
            ...(state !== undefined ? { state } : {}),
            lines: cart,
            ...(payment_method !== undefined ? { paymentMethod: payment_method } : {}),
            ...(found?.coupon ? { coupon: found.coupon } : {}),
          },
          sources,
        );
        return found?.refused ? { ...quote, coupon_refused: found.refused } : quote;
      } finally {
        // A code that exists (below its minimum, or a quote refused for its PIN) was no guess: its slots go back.
        await found?.attempt.finish(!found.refused);
      }
    },
  );

  app.get(
    '/delivery/settings',
    { onRequest: [app.requireAdmin], schema: { response: okOrError(DeliverySettingsSchema) } },
    async () => delivery.settings(),
  );

  app.put(
    '/delivery/settings',
    {
      onRequest: [app.requireAdmin],
      schema: { body: DeliverySettingsBodySchema, response: okOrError(DeliverySettingsSchema) },
    },
    async (request) => delivery.saveSettings(request.body),
  );

  app.get(
    '/delivery/pincodes',
    { onRequest: [app.requireAdmin], schema: { response: okOrError(PincodeOverridesResponseSchema) } },
    async () => ({ overrides: [...(await delivery.overrides()).values()] }),
  );

  app.put(
    '/delivery/pincodes/:pin',
    {
      onRequest: [app.requireAdmin],
      schema: { params: PinParamsSchema, body: PincodeOverrideBodySchema, response: okOrError(PincodeOverrideSchema) },
    },
    async (request) => delivery.saveOverride(request.params.pin, request.body),
  );

  app.delete(
    '/delivery/pincodes/:pin',
    { onRequest: [app.requireAdmin], schema: { params: PinParamsSchema, response: okOrError(MessageResponseSchema) } },
    async (request) => delivery.deleteOverride(request.params.pin),
  );
});
