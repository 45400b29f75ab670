/** Where a checkout goes, as the cart's "Deliver to" block edits it: the profile's delivery fields. */
import { OUTSIDE_INDIA, PIN_CODE_PATTERN, type DeliveryDetails } from '@shop/domain/delivery';
import type { User } from '@shop/domain/schemas/users';

/** The block's values; the rules (what is missing, the message) are the server's, from @shop/domain/delivery. */
export type DeliveryValues = DeliveryDetails;

export const deliveryOf = (user: User): DeliveryValues => ({
  name: user.name,
  phone: user.phone,
  address: user.address,
  pin: user.pin ?? '',
  state: user.state ?? '',
});

export const isIndianDelivery = (values: DeliveryValues) => values.state !== OUTSIDE_INDIA;

const pinPattern = new RegExp(PIN_CODE_PATTERN);

/** An Indian PIN code is six digits, the first not 0. */
export const isPinValid = (pin: string) => pinPattern.test(pin.trim());
