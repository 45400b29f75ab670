/** GET /shop-info: who sells, for the footer (the FSSAI licence number must be shown) and anything printing it. */
import { ShopInfoResponseSchema, type ShopInfoResponse } from '@shop/domain/schemas/shop';
import { defineRoutes } from '../../lib/routes.js';

export default defineRoutes(async function shopRoutes(app) {
  const { brandName, shop } = app.deps.config;
  const info: ShopInfoResponse = {
    brand_name: brandName,
    legal_name: shop.legalName,
    address: shop.address,
    gstin: shop.gstin,
    state: shop.state,
    fssai: shop.fssai,
  };
  app.get('/shop-info', { schema: { response: { 200: ShopInfoResponseSchema } } }, async (_request, reply) => {
    // Configuration only changes with a restart.
    void reply.header('cache-control', 'public, max-age=300');
    return info;
  });
});
