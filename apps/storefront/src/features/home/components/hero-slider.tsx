import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import type { Slider } from '@shop/domain/schemas/sliders';
import { ProductImage } from '../../../components/product-image';

/** The spec: the home slider advances every 3 seconds. */
export const AUTOPLAY_MS = 3000;

const arrow = (d: string) => (
  <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
    <path d={d} fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

/** Shoppers who asked for less motion: no autoplay, and the slides jump instead of gliding. */
const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * Home slider: image slides linking to their url, advancing every 3 seconds and wrapping around, with previous and
 * next (and the arrow keys). A CSS scroll-snapped row (home.css), swipeable before the JS arrives. Autoplay waits
 * while the pointer is over it, while focus is in it and while a finger is on it, restarts its 3 seconds after
 * each move, and is off for shoppers who asked for reduced motion. Only the first image is fetched at once, at high
 * priority (the page's largest paint); the others load lazily.
 */
export function HeroSlider({ slides }: { slides: Slider[] }) {
  const id = useId();
  const track = useRef<HTMLDivElement>(null);
  const held = useRef({ hover: false, focus: false, touch: false, movedAt: 0 });
  const count = slides.length;

  /** One slide back or on, wrapping around (each slide is as wide as the row). */
  const go = (by: number) => {
    const row = track.current;
    if (!row) return;
    held.current.movedAt = Date.now();
    const width = row.clientWidth;
    const at = width > 0 ? Math.round(row.scrollLeft / width) : 0;
    row.scrollTo({ left: ((at + by + count) % count) * width, behavior: reducedMotion() ? 'instant' : 'smooth' });
  };

  useEffect(() => {
    if (count < 2 || reducedMotion()) return;
    held.current.movedAt = Date.now();
    const timer = window.setInterval(() => {
      const { hover, focus, touch, movedAt } = held.current;
      if (!hover && !focus && !touch && Date.now() - movedAt >= AUTOPLAY_MS - 100) go(1);
    }, AUTOPLAY_MS / 6);
    return () => window.clearInterval(timer);
    // `go` reads the row and the count afresh at each tick.
  }, [count]);

  const hold = (what: 'hover' | 'focus' | 'touch', on: boolean) => {
    held.current[what] = on;
    held.current.movedAt = Date.now();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    go(e.key === 'ArrowLeft' ? -1 : 1);
  };

  return (
    <div
      className="hero-slider"
      role="region"
      aria-roledescription="carousel"
      aria-label="Featured"
      onMouseEnter={() => hold('hover', true)}
      onMouseLeave={() => hold('hover', false)}
      onFocus={() => hold('focus', true)}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && hold('focus', false)}
      // Touch events, not pointer ones: the browser cancels the pointer once a swipe scrolls, the finger still down.
      onTouchStart={() => hold('touch', true)}
      onTouchEnd={() => hold('touch', false)}
      onTouchCancel={() => hold('touch', false)}
      onKeyDown={onKeyDown}
    >
      <div id={id} ref={track} className="hero-slider__track">
        {slides.map((slide, i) => {
          const image = (
            <ProductImage src={slide.image} alt={slide.name} eager={i === 0} sizes="100vw" width={1200} height={450} className="hero-slider__img" />
          );
          return (
            <div key={slide._id} className="hero-slider__slide" role="group" aria-roledescription="slide" aria-label={`${i + 1} of ${count}`}>
              {/^https?:\/\//.test(slide.url) ? (
                <a href={slide.url} className="hero-slider__link">
                  {image}
                </a>
              ) : (
                <Link to={slide.url} className="hero-slider__link">
                  {image}
                </Link>
              )}
            </div>
          );
        })}
      </div>
      {count > 1 && (
        <>
          <button type="button" className="hero-slider__btn hero-slider__btn--prev" aria-controls={id} aria-label="Previous slide" onClick={() => go(-1)}>
            {arrow('M15 5l-7 7 7 7')}
          </button>
          <button type="button" className="hero-slider__btn hero-slider__btn--next" aria-controls={id} aria-label="Next slide" onClick={() => go(1)}>
            {arrow('M9 5l7 7-7 7')}
          </button>
        </>
      )}
    </div>
  );
}
