import { describe, expect, it } from 'vitest';
import { formatPhone, normalisePhone } from './phone.js';

describe('normalisePhone', () => {
  it.each([
    '9822012345',
    '+91 98220 12345',
    '+919822012345',
    '098220 12345',
    '09822012345',
    '91 98220 12345',
    '0091 98220 12345',
    ' 98220-12345 ',
    '(+91) 98220.12345',
  ])('reads %j as the Indian number +91 98220 12345', (text) => {
    expect(normalisePhone(text)).toBe('+91 98220 12345');
  });

  it('keeps another country code', () => {
    expect(normalisePhone('+44 20 7946 0958')).toBe('+442079460958');
    expect(normalisePhone('+1 (415) 555-0134')).toBe('+14155550134');
  });

  it.each(['98220', '+91 98220', '982201234567', 'call me', '98220 12345 ext 2', '', '+91 98220 123456'])(
    'is null for %j, which is not one whole number',
    (text) => {
      expect(normalisePhone(text)).toBeNull();
    },
  );
});

describe('formatPhone', () => {
  it('groups an Indian number and leaves the others as +digits', () => {
    expect(formatPhone('+919822012345')).toBe('+91 98220 12345');
    expect(formatPhone('919822012345')).toBe('+91 98220 12345');
    expect(formatPhone('+9198220')).toBe('+9198220');
    expect(formatPhone('+442079460958')).toBe('+442079460958');
    expect(formatPhone('')).toBe('');
    expect(formatPhone('+')).toBe('');
  });
});
