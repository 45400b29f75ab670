import { describe, expect, it } from 'vitest';
import { isCallablePhone, missingDeliveryDetails, missingDeliveryMessage } from './delivery.js';

const complete = { name: 'Asha Rao', phone: '+91 98000 00001', address: '12 Lake Road, Pune', pin: '411001', state: 'Maharashtra' };

describe('missingDeliveryDetails', () => {
  it('accepts complete Indian details and an address abroad without a PIN', () => {
    expect(missingDeliveryDetails(complete)).toEqual([]);
    expect(missingDeliveryDetails({ ...complete, pin: '', state: 'Outside India', phone: '+971501234567' })).toEqual([]);
  });

  it('names each missing piece in form order', () => {
    expect(missingDeliveryDetails({ name: ' ', phone: '98', address: '', pin: '', state: '' })).toEqual([
      'name',
      'phone number',
      'delivery address',
      'state',
      '6-digit PIN code',
    ]);
    expect(missingDeliveryDetails({ ...complete, pin: '011001' })).toEqual(['6-digit PIN code']);
    expect(missingDeliveryDetails({ ...complete, pin: '41100' })).toEqual(['6-digit PIN code']);
    expect(missingDeliveryDetails({ ...complete, state: 'Bombay' })).toEqual(['state']);
  });

  it('reads phone numbers by their digits', () => {
    expect(isCallablePhone('919800000001')).toBe(true);
    expect(isCallablePhone('+91')).toBe(false);
    expect(isCallablePhone('1234567890123456')).toBe(false);
  });

  it('says what is missing in one sentence', () => {
    expect(missingDeliveryMessage(['phone number'])).toBe('Please add your phone number in the Deliver to details before paying');
    expect(missingDeliveryMessage(['phone number', 'delivery address', '6-digit PIN code'])).toBe(
      'Please add your phone number, delivery address and 6-digit PIN code in the Deliver to details before paying',
    );
  });
});
