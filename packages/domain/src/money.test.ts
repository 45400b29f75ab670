import { describe, expect, it } from 'vitest';
import { cartTotal, checkoutAmountPaise, convertPrice, formatPaise, formatPrice, paiseAsDecimal, paiseToRupees, rupeesToPaise, toProviderAmount, CURRENCY_SYMBOLS } from './money.js';

describe('money', () => {
  it('shows a price in the chosen currency with 2 decimals and its symbol', () => {
    expect(formatPrice(595, 'INR', 1)).toBe('₹ 595.00');
    expect(formatPrice(595, 'USD', 0.012)).toBe('$ 7.14');
    expect(formatPrice(995, 'EUR', 0.011)).toBe('€ 10.95');
    expect(formatPrice(595, 'AED', 0.044)).toBe('AED 26.18');
  });

  it('groups rupees the Indian way (thousand, lakh, crore) and other currencies in thousands', () => {
    expect(formatPrice(11610, 'INR', 1)).toBe('₹ 11,610.00');
    expect(formatPrice(999.5, 'INR', 1)).toBe('₹ 999.50');
    expect(formatPrice(123456.75, 'INR', 1)).toBe('₹ 1,23,456.75');
    expect(formatPrice(12345678, 'INR', 1)).toBe('₹ 1,23,45,678.00');
    expect(formatPrice(123456, 'USD', 1)).toBe('$ 123,456.00');
    expect(formatPrice(12345678, 'EUR', 0.011)).toBe('€ 135,802.46');
    expect(formatPrice(1234567, 'AED', 0.044)).toBe('AED 54,320.95');
    expect(formatPrice(0, 'INR', 1)).toBe('₹ 0.00');
  });

  it('has the four symbols of the spec', () => {
    expect(CURRENCY_SYMBOLS).toEqual({ INR: '₹', USD: '$', EUR: '€', AED: 'AED' });
  });

  it('converts with two decimals', () => {
    expect(convertPrice(595, 0.012)).toBe(7.14);
    expect(convertPrice(0.1 + 0.2, 1)).toBe(0.3);
  });

  it('keeps paise as integers both ways', () => {
    expect(rupeesToPaise(595.1)).toBe(59510);
    expect(rupeesToPaise(0.29)).toBe(29);
    expect(paiseToRupees(59510)).toBe(595.1);
  });

  it('totals a cart without float drift', () => {
    const lines = [
      { price: 0.1, cart_quantity: 1 },
      { price: 0.2, cart_quantity: 1 },
    ];
    expect(cartTotal(lines)).toBe(0.3);
    expect(cartTotal([{ price: 595, cart_quantity: 2 }, { price: 995, cart_quantity: 1 }])).toBe(2185);
    expect(toProviderAmount([{ price: 595, cart_quantity: 2 }])).toBe(119000);
    expect(cartTotal([])).toBe(0);
  });
});

describe('paise as text', () => {
  it('groups rupees the Indian way for the invoice, and writes a plain decimal for the CSV', () => {
    expect(formatPaise(123_456)).toBe('1,234.56');
    expect(formatPaise(1_234_567_89)).toBe('12,34,567.89');
    expect(formatPaise(5)).toBe('0.05');
    expect(paiseAsDecimal(123_456)).toBe('1234.56');
    expect(paiseAsDecimal(0)).toBe('0.00');
    expect(paiseAsDecimal(-150)).toBe('-1.50');
  });
});

describe('checkoutAmountPaise', () => {
  it('adds the delivery and COD fees to the items, in whole paise', () => {
    expect(checkoutAmountPaise({ itemsPaise: 59_500 })).toBe(59_500);
    expect(checkoutAmountPaise({ itemsPaise: 59_500, shippingFeePaise: 6_000, codFeePaise: 4_900 })).toBe(70_400);
    expect(() => checkoutAmountPaise({ itemsPaise: 1.5 })).toThrow(RangeError);
    expect(() => checkoutAmountPaise({ itemsPaise: 100, codFeePaise: -1 })).toThrow(RangeError);
  });
});
