import { useState } from 'react';
import { Link } from 'react-router';
import { Swiper, SwiperSlide } from 'swiper/react';
import { A11y, Autoplay } from 'swiper/modules';
import type { Swiper as SwiperInstance } from 'swiper/types';
import type { Slider } from '@shop/domain/schemas/sliders';
import { ProductImage } from '../../../components/product-image';
import 'swiper/css';

/** Home slider: image slides linking to their url, advancing every 3 seconds, with previous and next. */
export default function HeroSlider({ slides }: { slides: Slider[] }) {
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  return (
    <div className="hero-slider" role="region" aria-roledescription="carousel" aria-label="Featured">
      <Swiper
        modules={[Autoplay, A11y]}
        slidesPerView={1}
        loop={slides.length > 1}
        autoplay={{ delay: 3000, disableOnInteraction: false, pauseOnMouseEnter: true }}
        a11y={{ enabled: true, slideRole: 'group' }}
        onSwiper={setSwiper}
      >
        {slides.map((slide, i) => {
          const image = (
            <ProductImage src={slide.image} alt={slide.name} eager={i === 0} sizes="100vw" width={1200} height={450} className="hero-slider__img" />
          );
          return (
            <SwiperSlide key={slide._id}>
              {/^https?:\/\//.test(slide.url) ? (
                <a href={slide.url} className="hero-slider__link">
                  {image}
                </a>
              ) : (
                <Link to={slide.url} className="hero-slider__link">
                  {image}
                </Link>
              )}
            </SwiperSlide>
          );
        })}
      </Swiper>
      {slides.length > 1 && (
        <>
          <button type="button" className="hero-slider__btn hero-slider__btn--prev" aria-label="Previous slide" onClick={() => swiper?.slidePrev()}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
          <button type="button" className="hero-slider__btn hero-slider__btn--next" aria-label="Next slide" onClick={() => swiper?.slideNext()}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
        </>
      )}
    </div>
  );
}
