import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Price } from '../../../components/price';
import type { HomeTile } from '@shop/domain/schemas/home-tiles';
import { useHomeTilesQuery } from '../api/home-api';
import '../../../components/section.css';

/**
 * The clips while the tiles load or when they cannot (the shop's defaults, drizzle/0008_home_tiles.sql): each tile's
 * title and product come from the API (GET /home-tiles), which the admin edits in the dashboard.
 */
const DEFAULT_TILES: Array<Omit<HomeTile, 'product'> & { product?: HomeTile['product'] }> = [
  { position: 1, title: 'A2 Cow Ghee', video: 'a2-cow-ghee' },
  { position: 2, title: 'Ayurvedic Hair Oil', video: 'herbal-hair-oil' },
  { position: 3, title: 'Bilona Ghee 500 ml', video: 'bilona-ghee' },
];

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

/** The tile's product, opened at the size the tile sells (its price is that size's); all products without one. */
function tileLink(product: HomeTile['product'] | undefined): string {
  if (!product) return '/allproducts';
  // A size id is a UUID: nothing in it needs escaping.
  return `/products/${product.slug}${product.variant ? `?variant=${product.variant}` : ''}`;
}

/** The three farm clips, each with its title and the live price of the product it links to. */
export function VideoShowcase() {
  const list = useAutoplayWhenIdle();
  const { data: tiles = DEFAULT_TILES } = useHomeTilesQuery();
  return (
    <section className="section videos" aria-labelledby="videos-heading">
      <h2 id="videos-heading" className="section__title">
        Made on our farm
      </h2>
      <ul className="videos__grid" ref={list}>
        {tiles.map((tile) => {
          // The clip's files in public/videos: the video, its poster and its captions.
          const clip = `/videos/${tile.video}`;
          return (
            <li key={tile.position} className="video-card card">
              <video
                className="video-card__video"
                src={`${clip}.mp4`}
                poster={`${clip}.webp`}
                muted
                loop
                playsInline
                preload="none"
                width={854}
                height={480}
                aria-label={`${tile.title}: a short clip`}
              >
                <track kind="captions" src={`${clip}.vtt`} srcLang="en" label="English" />
              </video>
              <div className="video-card__body">
                <h3 className="video-card__title">{tile.title}</h3>
                {tile.product && <Price value={tile.product.price} className="price video-card__price" />}
                <Link
                  to={tileLink(tile.product)}
                  className="btn btn-outline video-card__cta"
                  aria-label={`Shop ${tile.title}`}
                >
                  Shop now
                </Link>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
