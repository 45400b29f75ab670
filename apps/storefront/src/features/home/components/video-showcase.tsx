import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Price } from '../../../components/price';
import '../../../components/section.css';

/** Three short muted clips made for the shop (public/videos), each with its product title and price. */
export const SHOWCASE_VIDEOS = [
  { id: 'a2-cow-ghee', title: 'A2 Cow Ghee', price: 595, src: '/videos/a2-cow-ghee.mp4', poster: '/videos/a2-cow-ghee.webp' },
  { id: 'herbal-hair-oil', title: 'Ayurvedic Hair Oil', price: 595, src: '/videos/herbal-hair-oil.mp4', poster: '/videos/herbal-hair-oil.webp' },
  { id: 'bilona-ghee', title: 'Bilona Ghee 1 L', price: 995, src: '/videos/bilona-ghee.mp4', poster: '/videos/bilona-ghee.webp' },
] as const;

/** After the page has loaded and the main thread is idle (the clips must not compete with the page itself). */
function whenIdle(run: () => void): () => void {
  let handle = 0;
  const idle = () => {
    // Safari has no requestIdleCallback.
    handle = typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(run, { timeout: 3000 }) : window.setTimeout(run, 200);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
  return () => {
    window.removeEventListener('load', idle);
    if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(handle);
    window.clearTimeout(handle);
  };
}

/**
 * The clips show their poster first and start playing once the page is idle, not during its load (they
 * weigh more than the rest of the page). Shoppers who asked for reduced motion keep the posters.
 */
function useAutoplayWhenIdle() {
  const list = useRef<HTMLUListElement>(null);
  useEffect(
    () =>
      whenIdle(() => {
        if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
        for (const video of list.current?.querySelectorAll('video') ?? []) {
          video.preload = 'auto';
          video.autoplay = true;
          video.play?.()?.catch(() => {
            // A browser that refuses autoplay keeps showing the poster.
          });
        }
      }),
    [],
  );
  return list;
}

export function VideoShowcase() {
  const list = useAutoplayWhenIdle();
  return (
    <section className="section videos" aria-labelledby="videos-heading">
      <h2 id="videos-heading" className="section__title">
        Made on our farm
      </h2>
      <ul className="videos__grid" ref={list}>
        {SHOWCASE_VIDEOS.map((v) => (
          <li key={v.id} className="video-card card">
            <video
              className="video-card__video"
              src={v.src}
              poster={v.poster}
              muted
              loop
              playsInline
              preload="none"
              width={854}
              height={480}
              aria-label={`${v.title}: a short clip`}
            >
              <track kind="captions" src={v.src.replace(/\.mp4$/, '.vtt')} srcLang="en" label="English" />
            </video>
            <div className="video-card__body">
              <h3 className="video-card__title">{v.title}</h3>
              <Price value={v.price} className="price video-card__price" />
              <Link to="/allproducts" className="btn btn-outline video-card__cta" aria-label={`Shop ${v.title}`}>
                Shop now
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
