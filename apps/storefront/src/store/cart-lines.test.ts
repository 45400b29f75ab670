import { describe, expect, it } from 'vitest';
import { pairLines } from './cart-lines';

describe('pairLines', () => {
  it("pairs lines with getcart's answer: a size with its size, a line without one with the default left over", () => {
    const items = [
      { _id: 'ghee', cart_quantity: 1 },
      { _id: 'ghee', variant: 'v250', cart_quantity: 2 },
      { _id: 'ghee', variant: 'gone', cart_quantity: 1 },
    ];
    const details = [
      { _id: 'ghee', variant: 'v500', label: 'default' },
      { _id: 'ghee', variant: 'v250', label: '250' },
    ];
    expect(pairLines(items, details).map((d) => d?.label)).toEqual(['default', '250', undefined]);
  });
});
