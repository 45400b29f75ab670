/**
 * The steps a line's shipping status may take: Processing → Shipped → Delivered, Shipped → Returned (return to
 * origin, for cash-on-delivery and prepaid orders alike), and Canceled from any status before Delivered. Canceled,
 * Delivered and Returned are final. Setting the status a line already has is no move (Shipped
 * again carries new tracking details). The server refuses any other move with the reason this gives; the admin
 * screen offers only the moves it allows.
 */
import { ORDER_STATUS_AWAITING_PAYMENT, SHIPPING_STATUS_LABELS, type ShippingStatus } from './constants.js';

/** The next steps of each status; a status not listed (Canceled, Delivered, Returned, anything unknown) has none. */
const NEXT_STEPS: Record<string, readonly ShippingStatus[]> = {
  // An unpaid line can only be called off; payment makes it Processing.
  [ORDER_STATUS_AWAITING_PAYMENT]: ['Canceled'],
  Processing: ['Shipped', 'Canceled'],
  Shipped: ['Delivered', 'Returned', 'Canceled'],
};

/** Why a line in status `from` cannot be set to `to`, in plain words; null when the move is allowed. */
export function shippingMoveRefusal(from: string, to: ShippingStatus): string | null {
  if (from === to || NEXT_STEPS[from]?.includes(to)) return null;
  const label = SHIPPING_STATUS_LABELS[to];
  switch (from) {
    case 'Canceled':
      return `This order was cancelled; a cancelled order cannot be set to ${label}`;
    case 'Delivered':
      return `This order was delivered; a delivered order cannot be set to ${label}`;
    case 'Returned':
      return `This order came back to the farm (returned to origin); it cannot be set to ${label}`;
    case ORDER_STATUS_AWAITING_PAYMENT:
      return `This order is not paid yet; it cannot be set to ${label}`;
    case 'Shipped':
      return `This order has shipped; it cannot go back to ${label}`;
    case 'Processing':
      return to === 'Returned' ? 'This order has not shipped yet; only a shipped order can come back' : `This order has not shipped yet; mark it Shipped before ${label}`;
    default:
      return `An order in status ${from} cannot be set to ${label}`;
  }
}

/** Whether a line in status `from` may be set to `to` (the admin screen disables the other options). */
export function canMoveShipping(from: string, to: ShippingStatus): boolean {
  return shippingMoveRefusal(from, to) === null;
}
