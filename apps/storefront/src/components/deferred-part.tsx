import { lazy, Suspense, useEffect, useMemo, useRef, type ComponentType, type ReactNode } from 'react';

/** How far below the screen a deferred part starts loading: most of a phone's screen ahead of the shopper. */
const NEAR_MARGIN = '0px 0px 600px 0px';
/** The shopper's first tap, key or wheel turn loads every deferred part at once: they may be about to scroll or leave. */
const FIRST_INTERACTION = ['pointerdown', 'touchstart', 'keydown', 'wheel'] as const;

/**
 * Calls `run` once: when `element` comes within NEAR_MARGIN of the viewport (an element hidden with `display: none`
 * never does until it is shown), or at the shopper's first tap, key or wheel turn unless `onInteraction` is false,
 * whichever comes first (at once without IntersectionObserver). Returns what stops the watch.
 */
export function whenNear(element: Element | null, run: () => void, onInteraction = true): () => void {
  if (!element || typeof IntersectionObserver !== 'function') {
    run();
    return () => {};
  }
  const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && fire(), { rootMargin: NEAR_MARGIN });
  const stop = () => {
    observer.disconnect();
    for (const type of FIRST_INTERACTION) window.removeEventListener(type, fire, true);
  };
  function fire() {
    stop();
    run();
  }
  observer.observe(element);
  if (onInteraction) for (const type of FIRST_INTERACTION) window.addEventListener(type, fire, { capture: true, passive: true });
  return stop;
}

export interface DeferredPartProps {
  /** The part's wrapping element (the one watched): a `<div>` unless told. */
  as?: 'div' | 'nav';
  className?: string;
  /** The wrapper's accessible name (`aria-label`). */
  label?: string;
  /** Shown while the part loads after a client-side visit (a server-drawn part stays as drawn meanwhile). */
  fallback: ReactNode;
}

/**
 * A part of a page far below its first screen, or hidden at this screen size, whose JS loads only when it comes near
 * or is shown (see whenNear). The server draws it with the rest of the page (its CSS comes with the page); in the
 * browser it stays as drawn, links working, until its chunk arrives, and React then takes it over. The server
 * render loads it at once.
 *
 * `load` must be written in an entry-chunk module (app/deferred-parts.tsx): the server lists a page chunk's
 * dynamic imports among the files it fetches right after the first paint (after-paint.ts), which would fetch the
 * part at once.
 *
 * A part may take props (`part` of the frame's props): they are read once, when the part is first drawn, so a call
 * whose props can change gives the part a `key` of them (a product's reviews: the product's id).
 */
export function deferredPart<P extends object = object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  { onInteraction = true } = {},
) {
  let release = () => {};
  const near = new Promise<void>((resolve) => {
    release = resolve;
  });
  // Typed as the part itself: React's lazy type does not carry a generic part's props through.
  const Part = lazy(import.meta.env.SSR ? load : () => near.then(load)) as unknown as ComponentType<P>;

  return function DeferredPart({ as: Tag = 'div', className, label, fallback, part: props }: DeferredPartProps & { part?: P }) {
    const anchor = useRef<HTMLElement>(null);
    useEffect(() => whenNear(anchor.current, release, onInteraction), []);
    // One element for the part's life: a new one reaching the Suspense boundary while a server-drawn part waits for
    // its chunk would make React throw the drawn part away and show the fallback. (The first fallback and props are kept.)
    const part = useMemo(() => <Suspense fallback={fallback}>
        <Part {...(props ?? ({} as P))} />
      </Suspense>, []);
    return (
      <Tag ref={anchor as never} className={className} aria-label={label}>
        {part}
      </Tag>
    );
  };
}
