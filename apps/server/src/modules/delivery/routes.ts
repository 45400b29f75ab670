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
import { ERROR_RESPONSES } from '../../lib/route-schemas.js';
import { defineRoutes } from '../../lib/routes.js';

export default defineRoutes(async function deliveryRoutes(app) {
  const { delivery } = app.services;
  const { rules, overrides, sizes } = delivery.kept;

  app.get(
    '/delivery/pincode/:pin',
    { schema: { params: PinParamsSchema, response: { 200: PincodeResponseSchema, ...ERROR_RESPONSES } } },
    async (request) => delivery.pincode(request.params.pin, await overrides(), await rules()),
  );

  app.post(
    '/delivery/quote',
    {
      preHandler: [app.limit('deliveryQuote')],
      schema: { body: QuoteBodySchema, response: { 200: QuoteResponseSchema, ...ERROR_RESPONSES } },
    },
    async (request) => {
      const { pin, state, cart, payment_method, coupon } = request.body;
      const sources = { rules: await rules(), overrides: await overrides(), sizes: await sizes() };
      return delivery.quote(
        {
          ...(pin !== undefined ? { pin } : {}),
          ...(state !== undefined ? { state } : {}),
          lines: cart,
          ...(payment_method !== undefined ? { paymentMethod: payment_method } : {}),
          ...(coupon !== undefined ? { coupon } : {}),
        },
        sources,
      );
    },
  );

  app.get(
    '/delivery/settings',
    { onRequest: [app.requireAdmin], schema: { response: { 200: DeliverySettingsSchema, ...ERROR_RESPONSES } } },
    async () => delivery.settings(),
  );

  app.put(
    '/delivery/settings',
    {
      onRequest: [app.requireAdmin],
      schema: { body: DeliverySettingsBodySchema, response: { 200: DeliverySettingsSchema, ...ERROR_RESPONSES } },
    },
    async (request) => delivery.saveSettings(request.body),
  );

  app.get(
    '/delivery/pincodes',
    { onRequest: [app.requireAdmin], schema: { response: { 200: PincodeOverridesResponseSchema, ...ERROR_RESPONSES } } },
    async () => ({ overrides: [...(await delivery.overrides()).values()] }),
  );

  app.put(
    '/delivery/pincodes/:pin',
    {
      onRequest: [app.requireAdmin],
      schema: { params: PinParamsSchema, body: PincodeOverrideBodySchema, response: { 200: PincodeOverrideSchema, ...ERROR_RESPONSES } },
    },
    async (request) => delivery.saveOverride(request.params.pin, request.body),
  );

  app.delete(
    '/delivery/pincodes/:pin',
    { onRequest: [app.requireAdmin], schema: { params: PinParamsSchema, response: { 200: MessageResponseSchema, ...ERROR_RESPONSES } } },
    async (request) => delivery.deleteOverride(request.params.pin),
  );
});
