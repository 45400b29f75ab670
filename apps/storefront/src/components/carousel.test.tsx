import { fireEvent, render, screen, within } from '@testing-library/react';
import { Carousel } from './carousel';

const items = ['one', 'two', 'three', 'four', 'five'];
const STEP = 220; // a slide's width and the 20 px gap

/** A row of `perView` slides in view, laid out by hand (jsdom lays nothing out). */
function renderCarousel(perView: number) {
  render(<Carousel items={items} label="Bestsellers" getKey={(s) => s} renderItem={(s) => <p>{s}</p>} />);
  const group = screen.getByRole('group', { name: 'Bestsellers' });
  const row = within(group).getByRole('list');
  Object.defineProperty(row, 'clientWidth', { configurable: true, value: perView * STEP - 20 });
  Object.defineProperty(row, 'scrollLeft', { configurable: true, writable: true, value: 0 });
  within(row)
    .getAllByRole('listitem')
    .forEach((li, i) => Object.defineProperty(li, 'offsetLeft', { configurable: true, value: i * STEP }));
  const first = () => Math.round(row.scrollLeft / STEP);
  return { group, first };
}

describe('carousel', () => {
  it('moves one slide with next and previous, stopping at either end', () => {
    const { group, first } = renderCarousel(1);
    const next = within(group).getByRole('button', { name: 'Next: Bestsellers' });
    const prev = within(group).getByRole('button', { name: 'Previous: Bestsellers' });
    fireEvent.click(prev);
    expect(first()).toBe(0);
    fireEvent.click(next);
    fireEvent.click(next);
    expect(first()).toBe(2);
    fireEvent.click(prev);
    expect(first()).toBe(1);
    for (let i = 0; i < 6; i++) fireEvent.click(next);
    expect(first()).toBe(4);
  });

  it('stops when the last slide is in view with 3 slides at a time', () => {
    const { group, first } = renderCarousel(3);
    const next = within(group).getByRole('button', { name: 'Next: Bestsellers' });
    for (let i = 0; i < 4; i++) fireEvent.click(next);
    expect(first()).toBe(2);
  });

  it('moves with the arrow keys while focus is in it', () => {
    const { group, first } = renderCarousel(1);
    const next = within(group).getByRole('button', { name: 'Next: Bestsellers' });
    fireEvent.keyDown(next, { key: 'ArrowRight' });
    fireEvent.keyDown(next, { key: 'ArrowRight' });
    expect(first()).toBe(2);
    fireEvent.keyDown(next, { key: 'ArrowLeft' });
    expect(first()).toBe(1);
  });

  it('shows no buttons for a single slide', () => {
    render(<Carousel items={['only']} label="Related products" getKey={(s) => s} renderItem={(s) => <p>{s}</p>} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('only')).toBeInTheDocument();
  });
});
