import type { ComponentType } from 'react';
import { Link } from 'react-router';
import type { DeferredPartProps } from '../../../components/deferred-part';
import { config } from '../../../config';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { useSlidersQuery } from '../api/home-api';
import { HeroSlider } from './hero-slider';
import { VideoShowcase } from './video-showcase';
import './home.css';
// The styles of the part under the clips, whose JS comes later (below-the-fold.tsx): the server draws it, and the
// drawn page is styled without it.
import '../../../components/section.css';
import '../../../components/carousel.css';
import '../../../components/loading-grid.css';
import '../../../components/product-card.css';
import '../../../components/stars.css';

function HeroFallback() {
  return (
    <div className="hero-fallback">
      <div className="hero-fallback__text">
        <p className="hero-fallback__kicker">{config.tagline}</p>
        <p className="hero-fallback__title">Pure A2 ghee from our small organic farm</p>
        <Link to="/allproducts" className="btn btn-gold">
          Shop All Products
        </Link>
      </div>
    </div>
  );
}

/**
 * The home page. Its first screen (the slider and the farm clips) comes with this chunk; the rest loads when it
 * comes near: the app hands it in (app/deferred-parts.tsx), so its import() stays in the entry chunk.
 */
export default function HomePage({ BelowTheFold }: { BelowTheFold: ComponentType<DeferredPartProps> }) {
  const { data: slides, isLoading: slidesLoading } = useSlidersQuery();
  usePageMeta(config.brand, `${config.brand}: pure A2 cow ghee, milk products and Ayurvedic hair oil from a small organic farm.`);

  return (
    <div className="home">
      <h1 className="visually-hidden">{config.brand}: pure products from our organic farm</h1>
      <div className="container">
        {slidesLoading ? (
          <div className="hero-placeholder" aria-hidden="true" />
        ) : slides && slides.length > 0 ? (
          <HeroSlider slides={slides} />
        ) : (
          <HeroFallback />
        )}
        <VideoShowcase />
      </div>
      <BelowTheFold className="container" fallback={<div className="home__below-placeholder" aria-hidden="true" />} />
    </div>
  );
}
