import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import type { Slider } from '@shop/domain/schemas/sliders';
import { config } from '../../../config';
import { ProductImage } from '../../../components/product-image';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { useSlidersQuery } from '../api/home-api';
import './home.css';

const HeroSlider = lazy(() => import('./hero-slider'));
// Everything under the hero: the page's first screen does not wait for it (drawn by the server all the same).
const BelowTheFold = lazy(() => import('./below-the-fold'));

/** The first slide, drawn at once while the slider (and swiper) loads, so the hero image is not delayed. */
function FirstSlide({ slide }: { slide: Slider }) {
  return (
    <div className="hero-slider">
      <ProductImage src={slide.image} alt={slide.name} eager sizes="100vw" width={1200} height={450} className="hero-slider__img" />
    </div>
  );
}

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

export default function HomePage() {
  const { data: slides, isLoading: slidesLoading } = useSlidersQuery();
  usePageMeta(config.brand, 'Shuddh Farm: pure A2 cow ghee, milk products and Ayurvedic hair oil from a small organic farm.');

  return (
    <div className="home">
      <h1 className="visually-hidden">{config.brand}: pure products from our organic farm</h1>
      <div className="container">
        {slidesLoading ? (
          <div className="hero-placeholder" aria-hidden="true" />
        ) : slides && slides.length > 0 ? (
          <Suspense fallback={<FirstSlide slide={slides[0]!} />}>
            <HeroSlider slides={slides} />
          </Suspense>
        ) : (
          <HeroFallback />
        )}
      </div>
      <div className="container">
        <Suspense fallback={<div className="home__below-placeholder" aria-hidden="true" />}>
          <BelowTheFold />
        </Suspense>
      </div>
    </div>
  );
}
