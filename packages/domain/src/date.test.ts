import { describe, expect, it } from 'vitest';
import { formatDate, shopDay } from './date.js';

describe('formatDate', () => {
  it('writes day/month/year without zero padding', () => {
    expect(formatDate('2026-03-05T10:00:00Z')).toBe('5/3/2026');
    expect(formatDate('2026-11-22T06:00:00Z')).toBe('22/11/2026');
  });
  it('uses the shop time zone (IST) so a late UTC evening is the next day', () => {
    expect(formatDate('2026-01-01T20:00:00Z')).toBe('2/1/2026');
  });
  it('gives an empty text for an invalid date', () => {
    expect(formatDate('not a date')).toBe('');
  });
});

describe('shopDay', () => {
  it('gives the IST calendar day as YYYY-MM-DD', () => {
    expect(shopDay(new Date('2026-03-05T10:00:00Z'))).toBe('2026-03-05');
    expect(shopDay(new Date('2026-12-31T19:00:00Z'))).toBe('2027-01-01');
  });
});
