/**
 * A swiper carousel: 1 slide below 768 px, 2 from 768, 3 from 1024, gap 20, with previous / next buttons.
 * Only the pages with carousels import this module, so swiper stays out of the entry chunk.
 */
import { useId, useState, type ReactNode } from 'react';
import { Swiper, SwiperSlide } from 'swiper/react';
import { A11y, Keyboard } from 'swiper/modules';
import type { Swiper as SwiperInstance } from 'swiper/types';
import 'swiper/css';
import './carousel.css';

export const CAROUSEL_BREAKPOINTS = {
  640: { slidesPerView: 1 },
  768: { slidesPerView: 2 },
  1024: { slidesPerView: 3 },
} as const;

export interface CarouselProps<T> {
  items: readonly T[];
  label: string;
  getKey: (item: T) => string;
  renderItem: (item: T, index: number) => ReactNode;
}

export function Carousel<T>({ items, label, getKey, renderItem }: CarouselProps<T>) {
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const id = useId();
  return (
    <div className="carousel" role="group" aria-roledescription="carousel" aria-label={label}>
      <Swiper
        id={id}
        modules={[A11y, Keyboard]}
        slidesPerView={1}
        spaceBetween={20}
        breakpoints={CAROUSEL_BREAKPOINTS}
        keyboard={{ enabled: true, onlyInViewport: true }}
        a11y={{ enabled: true, slideRole: 'group' }}
        onSwiper={setSwiper}
      >
        {items.map((item, i) => (
          <SwiperSlide key={getKey(item)}>{renderItem(item, i)}</SwiperSlide>
        ))}
      </Swiper>
      {items.length > 1 && (
        <div className="carousel__nav">
          <button type="button" className="carousel__btn" aria-controls={id} aria-label={`Previous: ${label}`} onClick={() => swiper?.slidePrev()}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
          <button type="button" className="carousel__btn" aria-controls={id} aria-label={`Next: ${label}`} onClick={() => swiper?.slideNext()}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
        </div>
      )}
    </div>
  );
}
