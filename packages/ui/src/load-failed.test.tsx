import { fireEvent, render, screen } from '@testing-library/react';
import { LoadFailed } from './load-failed.js';

describe('LoadFailed', () => {
  it('says what failed with the server message and retries on demand', () => {
    const onRetry = vi.fn();
    render(<LoadFailed what="this product" message="The shop is busy" onRetry={onRetry} level={1} />);
    expect(screen.getByRole('heading', { level: 1, name: 'We could not load this product' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The shop is busy. Please check your connection and try again.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('holds the button while a retry is under way', () => {
    render(<LoadFailed what="the products" onRetry={() => {}} retrying />);
    expect(screen.getByRole('button', { name: 'Trying again…' })).toBeDisabled();
  });
});
