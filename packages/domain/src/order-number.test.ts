import { describe, expect, it } from 'vitest';
import { formatOrderNumber, parseOrderNumber } from './order-number.js';

describe('order numbers', () => {
  it('reads as prefix-dash-number', () => {
    expect(formatOrderNumber('SF', 10234)).toBe('SF-10234');
  });
  it('reads back what a person types', () => {
    for (const typed of ['SF-10234', 'sf 10234', ' #10234 ', '10234', 'SF10234']) expect(parseOrderNumber(typed)).toBe(10234);
    for (const other of ['Asha', '98220 12345', 'SF-', '']) expect(parseOrderNumber(other)).toBeNull();
  });
});
