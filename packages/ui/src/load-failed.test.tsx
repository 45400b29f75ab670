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

  it('holds the button while the retry the shopper asked for is under way', () => {
    const { rerender } = render(<LoadFailed what="the products" onRetry={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    rerender(<LoadFailed what="the products" onRetry={() => {}} retrying />);
    expect(screen.getByRole('button', { name: 'Trying again…' })).toBeDisabled();
    rerender(<LoadFailed what="the products" onRetry={() => {}} retrying={false} />);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });

  it('draws "Try again" while a load it did not ask for is under way (a server-drawn page asking again)', () => {
    render(<LoadFailed what="the products" onRetry={() => {}} retrying />);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });
});
