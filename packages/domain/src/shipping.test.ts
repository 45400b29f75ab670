import { describe, expect, it } from 'vitest';
import { SHIPPING_STATUSES } from './constants.js';
import { canMoveShipping, shippingMoveRefusal } from './shipping.js';

describe('shipping status steps', () => {
  it('allows Processing → Shipped → Delivered, Canceled before Delivered, and staying put', () => {
    const allowed = (from: string) => SHIPPING_STATUSES.filter((to) => canMoveShipping(from, to));
    expect(allowed('Awaiting payment')).toEqual(['Canceled']);
    expect(allowed('Processing')).toEqual(['Processing', 'Shipped', 'Canceled']);
    expect(allowed('Shipped')).toEqual(['Shipped', 'Delivered', 'Canceled', 'Returned']);
    expect(allowed('Delivered')).toEqual(['Delivered']);
    expect(allowed('Canceled')).toEqual(['Canceled']);
    expect(allowed('Returned')).toEqual(['Returned']);
  });

  it('says why a move is refused, in the words the admin sees', () => {
    expect(shippingMoveRefusal('Canceled', 'Processing')).toBe('This order was cancelled; a cancelled order cannot be set to Processing');
    expect(shippingMoveRefusal('Delivered', 'Canceled')).toBe('This order was delivered; a delivered order cannot be set to Cancelled');
    expect(shippingMoveRefusal('Shipped', 'Processing')).toBe('This order has shipped; it cannot go back to Processing');
    expect(shippingMoveRefusal('Processing', 'Delivered')).toBe('This order has not shipped yet; mark it Shipped before Delivered');
    expect(shippingMoveRefusal('Awaiting payment', 'Shipped')).toBe('This order is not paid yet; it cannot be set to Shipped');
    expect(shippingMoveRefusal('Processing', 'Shipped')).toBeNull();
    expect(shippingMoveRefusal('Shipped', 'Returned')).toBeNull();
    expect(shippingMoveRefusal('Processing', 'Returned')).toBe('This order has not shipped yet; only a shipped order can come back');
    expect(shippingMoveRefusal('Returned', 'Shipped')).toBe('This order came back to the farm (returned to origin); it cannot be set to Shipped');
    expect(shippingMoveRefusal('Delivered', 'Returned')).toBe('This order was delivered; a delivered order cannot be set to Returned (to origin)');
  });
});
