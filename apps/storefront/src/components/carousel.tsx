/**
 * A row of slides: 1 below 768 px, 2 from 768, 3 from 1024, gap 20, with previous / next buttons and the arrow keys.
 * CSS scroll snapping lays it out and swipes it (carousel.css), so a drawn page scrolls before its JS arrives;
 * scroll-snap.ts moves it a slide at a time.
 */
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { arrowKeyStep, currentSlide, showSlide, slidesInView } from './scroll-snap';
import './carousel.css';

export interface CarouselProps<T> {
  items: readonly T[];
  label: string;
  getKey: (item: T) => string;
  renderItem: (item: T, index: number) => ReactNode;
}

export function Carousel<T>({ items, label, getKey, renderItem }: CarouselProps<T>) {
  const id = useId();
  const track = useRef<HTMLUListElement>(null);
  /** One slide back or on, stopping at either end. */
  const move = (by: -1 | 1) => {
    const row = track.current;
    if (!row) return;
    const last = Math.max(0, items.length - slidesInView(row));
    showSlide(row, Math.min(last, Math.max(0, currentSlide(row) + by)));
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const by = arrowKeyStep(e.key);
    if (!by) return;
    e.preventDefault();
    move(by);
  };
  return (
    <div className="carousel" role="group" aria-roledescription="carousel" aria-label={label} onKeyDown={onKeyDown}>
      <ul id={id} ref={track} className="carousel__track">
        {items.map((item, i) => (
          <li key={getKey(item)} className="carousel__slide">
            {renderItem(item, i)}
          </li>
        ))}
      </ul>
      {items.length > 1 && (
        <div className="carousel__nav">
          <button type="button" className="carousel__btn" aria-controls={id} aria-label={`Previous: ${label}`} onClick={() => move(-1)}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
          <button type="button" className="carousel__btn" aria-controls={id} aria-label={`Next: ${label}`} onClick={() => move(1)}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
        </div>
      )}
    </div>
  );
}
