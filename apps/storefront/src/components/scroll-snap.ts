/**
 * The few lines the carousels need on top of CSS scroll snapping (carousel.css, home.css): the browser lays the
 * slides out in a row, swipes and snaps them; these move the row by a slide for the buttons, keys and autoplay.
 */

/** Whether the shopper asked for less motion: the row then jumps instead of gliding, and nothing autoplays. */
const reducedMotion = (): boolean => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/** The distance from one slide to the next: a slide's width and the gap. */
function slideStep(track: HTMLElement): number {
  const [first, second] = track.children as unknown as HTMLElement[];
  return first && second ? second.offsetLeft - first.offsetLeft : track.clientWidth;
}

/** The index of the first slide in view. */
export function currentSlide(track: HTMLElement): number {
  const step = slideStep(track);
  return step > 0 ? Math.round(track.scrollLeft / step) : 0;
}

/** How many slides the row shows at once (1 on a phone, 2 from 768 px, 3 from 1024 px for the product rows). */
export function slidesInView(track: HTMLElement): number {
  const step = slideStep(track);
  return step > 0 ? Math.max(1, Math.round(track.clientWidth / step)) : 1;
}

/** Scrolls the row so that slide `index` is the first in view. */
export function showSlide(track: HTMLElement, index: number): void {
  track.scrollTo({ left: index * slideStep(track), behavior: reducedMotion() ? 'instant' : 'smooth' });
}

/** Previous / next from the arrow keys, for a keydown handler on the carousel (focus inside it). */
export function arrowKeyStep(key: string): -1 | 1 | 0 {
  return key === 'ArrowLeft' ? -1 : key === 'ArrowRight' ? 1 : 0;
}
