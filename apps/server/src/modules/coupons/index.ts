/** The coupons module's front door: what the app and other modules may use. */
export { default as couponsRoutes } from './routes.js';
export {
  COUPON_MESSAGES,
  cartCouponOf,
  couponRefusal,
  couponWindowRefusal,
  createCouponGuard,
  createCouponsService,
  type CartCoupon,
} from './service.js';
