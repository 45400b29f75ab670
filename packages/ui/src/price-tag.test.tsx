import { render, screen } from '@testing-library/react';
import { PriceTag } from './price-tag.js';

it('shows the price in the chosen currency with 2 decimals', () => {
  const { rerender } = render(<PriceTag value={595} currency="INR" rate={1} />);
  expect(screen.getByText('₹ 595.00')).toBeInTheDocument();
  rerender(<PriceTag value={595} currency="AED" rate={0.044} />);
  expect(screen.getByText('AED 26.18')).toBeInTheDocument();
});
