import { fireEvent, render, screen } from '@testing-library/react';
import { Pager } from './pager.js';

it('shows Next only for a full page and Prev only above page 1', () => {
  const onPageChange = vi.fn();
  const { rerender } = render(<Pager page={1} itemCount={8} pageSize={8} onPageChange={onPageChange} />);
  expect(screen.queryByRole('button', { name: 'Prev' })).not.toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  expect(onPageChange).toHaveBeenCalledWith(2);

  rerender(<Pager page={2} itemCount={7} pageSize={8} onPageChange={onPageChange} />);
  expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
  expect(screen.getByText('2')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Prev' }));
  expect(onPageChange).toHaveBeenCalledWith(1);
});

it('shows neither button on a short first page', () => {
  render(<Pager page={1} itemCount={3} pageSize={8} onPageChange={() => {}} />);
  expect(screen.queryByRole('button')).not.toBeInTheDocument();
});
