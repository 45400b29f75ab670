import { formatArrival } from './arrival.js';
import { describe, expect, it } from 'vitest';
import {
  arrivalRange,
  codUnavailableReasons,
  DEFAULT_DELIVERY_RULES,
  deliveryFeePaise,
  deliveryRulesProblems,
  dispatchDay,
  isLocalPin,
  isPinCode,
  notAPinMessage,
  rulesToSettings,
  rupeesText,
  settingsToRules,
  weightFeePaise,
  zoneOf,
  type DeliveryRules,
} from './delivery-quote.js';

const rules = DEFAULT_DELIVERY_RULES;
/** A moment given in India's time (UTC+5:30). */
const ist = (local: string) => new Date(`${local}+05:30`);

describe('zones', () => {
  it('puts the shop state, the rest of India, the remote states and abroad in their zones', () => {
    expect(zoneOf('Maharashtra', 'Maharashtra')).toBe('shop_state');
    expect(zoneOf('Kerala', 'Maharashtra')).toBe('rest_of_india');
    for (const s of ['Manipur', 'Assam', 'Sikkim', 'Jammu and Kashmir', 'Ladakh', 'Lakshadweep', 'Andaman and Nicobar Islands']) {
      expect(zoneOf(s, 'Maharashtra')).toBe('remote');
    }
    expect(zoneOf('Outside India', 'Maharashtra')).toBe('outside_india');
    // A shop in a remote state delivers at home at its own state's rate.
    expect(zoneOf('Assam', 'Assam')).toBe('shop_state');
  });
});

describe('fees by packed weight', () => {
  const zone = rules.zones.rest_of_india;
  it('charges the first 500 g, then each further 500 g or part of it', () => {
    expect(weightFeePaise(1, zone)).toBe(7000);
    expect(weightFeePaise(500, zone)).toBe(7000);
    expect(weightFeePaise(501, zone)).toBe(11000);
    expect(weightFeePaise(1000, zone)).toBe(11000);
    expect(weightFeePaise(1200, zone)).toBe(15000);
    expect(() => weightFeePaise(-1, zone)).toThrow(RangeError);
  });

  it('is free from the threshold on the item total after discount, never when the threshold is 0', () => {
    const fee = (items: number, freeAbovePaise = 99900) => deliveryFeePaise({ weightGrams: 800, itemsAfterDiscountPaise: items, zone, freeAbovePaise });
    expect(fee(99899)).toBe(11000);
    expect(fee(99900)).toBe(0);
    expect(fee(10_000_000, 0)).toBe(11000);
  });

  it('rises from the shop state to the rest of India to remote areas to abroad', () => {
    const fees = (['shop_state', 'rest_of_india', 'remote', 'outside_india'] as const).map((z) => weightFeePaise(760, rules.zones[z]));
    expect([...fees].sort((a, b) => a - b)).toEqual(fees);
    expect(new Set(fees).size).toBe(4);
  });
});

describe('PINs', () => {
  it('knows a PIN code and says what is wrong with one that is not', () => {
    expect(isPinCode('560001')).toBe(true);
    expect(isPinCode('060001')).toBe(false);
    expect(isPinCode('560001x')).toBe(false);
    expect(notAPinMessage('56000')).toBe('"56000" is not a PIN code: six digits, the first not 0');
  });
  it('matches local PINs whole or by prefix', () => {
    expect(isLocalPin('411001', ['411', '412'])).toBe(true);
    expect(isLocalPin('413001', ['411', '412'])).toBe(false);
    expect(isLocalPin('560001', ['560001'])).toBe(true);
    expect(isLocalPin('560001', [])).toBe(false);
  });
});

describe('arrival dates', () => {
  const calendar = { dispatchCutoff: '14:00', noDispatchWeekdays: [0], holidays: [] as string[], handlingDays: 1 };

  it('counts handling from the order day before the cut-off, from the next day after it', () => {
    // Mon 1 Dec 2025.
    expect(dispatchDay(ist('2025-12-01T10:00:00'), calendar)).toBe('2025-12-02');
    expect(dispatchDay(ist('2025-12-01T14:00:00'), calendar)).toBe('2025-12-03');
    expect(dispatchDay(ist('2025-12-01T10:00:00'), { ...calendar, handlingDays: 0 })).toBe('2025-12-01');
  });

  it('skips the weekdays the shop does not dispatch and its holidays', () => {
    // Sat 6 Dec after the cut-off: Sunday is closed, so packing starts Monday and the parcel leaves Tuesday.
    expect(dispatchDay(ist('2025-12-06T15:00:00'), calendar)).toBe('2025-12-09');
    expect(dispatchDay(ist('2025-12-06T15:00:00'), { ...calendar, holidays: ['2025-12-08'] })).toBe('2025-12-10');
  });

  it('uses India’s clock, whatever the server’s', () => {
    // 20:00 UTC on Sun 30 Nov is 01:30 on Mon 1 Dec in India.
    expect(dispatchDay(new Date('2025-11-30T20:00:00Z'), calendar)).toBe('2025-12-02');
  });

  it('adds the zone’s transit days: a range after today, from before to', () => {
    const eta = arrivalRange(ist('2025-12-01T10:00:00'), calendar, rules.zones.rest_of_india);
    expect(eta).toEqual({ from: '2025-12-05', to: '2025-12-07' });
    const sameDay = arrivalRange(ist('2025-12-01T10:00:00'), { ...calendar, handlingDays: 0 }, { minDays: 0, maxDays: 0 });
    expect(sameDay).toEqual({ from: '2025-12-02', to: '2025-12-02' });
    const upsideDown = arrivalRange(ist('2025-12-01T10:00:00'), calendar, { minDays: 4, maxDays: 2 });
    expect(upsideDown.from <= upsideDown.to).toBe(true);
  });

  it('says the range in words', () => {
    expect(formatArrival({ from: '2025-12-02', to: '2025-12-05' })).toBe('Arrives Tue 2 Dec – Fri 5 Dec');
    expect(formatArrival({ from: '2025-12-02', to: '2025-12-02' })).toBe('Arrives Tue 2 Dec');
    expect(formatArrival({ from: '2025-12-30', to: '2026-01-02' })).toBe('Arrives Tue 30 Dec 2025 – Fri 2 Jan 2026');
  });
});

describe('cash on delivery', () => {
  const check = { cod: rules.cod, state: 'Karnataka', pinCod: true, itemsAfterDiscountPaise: 100000 };
  it('is offered within India, at a COD PIN, within the limits', () => {
    expect(codUnavailableReasons(check)).toEqual([]);
  });
  it('says why not, in plain words with the amounts', () => {
    expect(codUnavailableReasons({ ...check, cod: { ...rules.cod, enabled: false } })).toEqual(['Cash on delivery is not offered at the moment']);
    expect(codUnavailableReasons({ ...check, state: 'Outside India' })).toEqual(['Cash on delivery is only for addresses in India']);
    expect(codUnavailableReasons({ ...check, pinCod: false })).toEqual(['Cash on delivery is not available at this PIN code']);
    expect(codUnavailableReasons({ ...check, itemsAfterDiscountPaise: 15000 })).toEqual([
      'Cash on delivery is for orders of ₹200 or more; the items come to ₹150',
    ]);
    expect(codUnavailableReasons({ ...check, itemsAfterDiscountPaise: 650050 })).toEqual([
      'Cash on delivery is for orders up to ₹5,000; the items come to ₹6,500.50',
    ]);
    expect(codUnavailableReasons({ ...check, openCodOrders: 2 })[0]).toMatch(/already has 2 cash on delivery orders open/);
    expect(codUnavailableReasons({ ...check, openCodOrders: 1 })).toEqual([]);
    expect(codUnavailableReasons({ ...check, codReturns: 2 })[0]).toMatch(/off for this account after 2 cash on delivery parcels were returned/);
  });
});

describe('settings', () => {
  it('go to rupees and back to paise unchanged', () => {
    const settings = rulesToSettings(rules, 'Maharashtra');
    expect(settings.zones.shop_state).toEqual({ first_500g: 40, per_extra_500g: 20, min_days: 1, max_days: 2 });
    expect(settings.free_shipping_above).toBe(999);
    expect(settings.cod).toMatchObject({ fee: 49, min_total: 200, max_total: 5000 });
    expect(settingsToRules(settings)).toEqual(rules);
  });
  it('name what does not hold together', () => {
    expect(deliveryRulesProblems(rules)).toEqual([]);
    const bad: DeliveryRules = {
      ...rules,
      zones: { ...rules.zones, remote: { ...rules.zones.remote, minDays: 9, maxDays: 5 } },
      cod: { ...rules.cod, minTotalPaise: 600000 },
    };
    expect(deliveryRulesProblems({ ...rules, holidays: ['2026-02-30'] })).toEqual(['Holidays: 2026-02-30 is not a day of the calendar']);
    expect(deliveryRulesProblems(bad)).toEqual([
      'Remote areas: the fewest days in transit (9) must not be more than the most (5)',
      'Cash on delivery: the smallest item total (₹6,000) must not be more than the largest (₹5,000)',
    ]);
  });
  it('agree with the privacy page: shipped within 5-7 days, 10-20 days abroad', () => {
    expect(rules.handlingDays).toBeLessThanOrEqual(5);
    expect(rules.zones.outside_india).toMatchObject({ minDays: 10, maxDays: 20 });
  });
});

describe('rupeesText', () => {
  it('writes amounts the Indian way', () => {
    expect(rupeesText(12345600)).toBe('₹1,23,456');
  });
});
