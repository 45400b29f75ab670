import { Type, type Static } from '@sinclair/typebox';

/**
 * GET /api/shop-info: the seller's public details, for the site footer (the FSSAI licence number must be shown)
 * and anything else that prints who sells.
 */
export const ShopInfoResponseSchema = Type.Object({
  brand_name: Type.String(),
  legal_name: Type.String(),
  address: Type.String(),
  gstin: Type.String(),
  state: Type.String(),
  fssai: Type.String(),
});
export type ShopInfoResponse = Static<typeof ShopInfoResponseSchema>;
