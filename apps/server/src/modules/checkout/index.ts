/**
 * Checkout's front door: what other modules may use. The checkout state (who holds units, what is paid) is shared
 * by orders/, order-desk/, invoices/, packing/ and cart/; the confirmation mail is rendered by invoices/, which attaches the PDF.
 */
export { default as checkoutRoutes } from './routes.js';
export { default as paymentsPlugin } from './payments-plugin.js';
export { createCheckoutService } from './service.js';
export {
  PAID,
  REFUND_DUE,
  addUnits,
  lineSizeOf,
  checkoutDeliveryColumns,
  checkoutMailRenderer,
  deliveryOf,
  detachLine,
  lockCheckout,
  lockLine,
  ownOpenHolds,
} from './state.js';
export { returnLines, settleCodAfterMove } from './cod.js';
export { CHECKOUT_MAIL, deliveryHtml, deliveryText, nameWithSize, orderConfirmationMail, sizeAndSku } from './mails.js';
