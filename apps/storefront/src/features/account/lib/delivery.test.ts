import { missingDeliveryDetails } from '@shop/domain/delivery';
import { customer } from '../../../testing/fixtures';
import { deliveryOf, isIndianDelivery, isPinValid } from './delivery';

describe('delivery values', () => {
  it('takes the delivery from the profile, blanks for what it lacks', () => {
    expect(deliveryOf(customer)).toEqual({ name: 'Asha Rao', phone: '+919800000000', address: 'Farm Road 1, Pune', pin: '411001', state: 'Maharashtra' });
    const { pin: _pin, state: _state, ...older } = customer;
    expect(deliveryOf(older)).toMatchObject({ pin: '', state: '' });
    expect(missingDeliveryDetails(deliveryOf(older))).toEqual(['state', '6-digit PIN code']);
  });

  it('checks an Indian PIN code: six digits, the first not 0', () => {
    expect(isPinValid('411001')).toBe(true);
    for (const pin of ['41100', '4110011', '011001', '41 001', 'abcdef']) expect(isPinValid(pin)).toBe(false);
  });

  it('asks for a PIN code only in India', () => {
    expect(isIndianDelivery({ ...deliveryOf(customer), state: 'Outside India' })).toBe(false);
    expect(isIndianDelivery(deliveryOf(customer))).toBe(true);
  });
});
