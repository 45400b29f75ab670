import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Slider } from '@shop/domain/schemas/sliders';
import { AUTOPLAY_MS, HeroSlider } from './hero-slider';

const slides: Slider[] = ['Fresh ghee', 'Hair oil', 'Bilona ghee'].map((name, i) => ({ _id: `s${i}`, name, url: '/allproducts', image: `/uploads/sliders/${i}.webp` }));
const WIDTH = 400;

/** The slider, its row given a width (jsdom lays nothing out): slide i is in view at scrollLeft i * WIDTH. */
function renderSlider() {
  render(
    <MemoryRouter>
      <HeroSlider slides={slides} />
    </MemoryRouter>,
  );
  const region = screen.getByRole('region', { name: 'Featured' });
  const row = region.querySelector<HTMLElement>('.hero-slider__track')!;
  Object.defineProperty(row, 'clientWidth', { configurable: true, value: WIDTH });
  Object.defineProperty(row, 'scrollLeft', { configurable: true, writable: true, value: 0 });
  const shown = () => Math.round(row.scrollLeft / WIDTH);
  return { region, row, shown };
}

function reducedMotion(matches: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({ matches, media: query }) as MediaQueryList);
}

describe('home slider', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    reducedMotion(false);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('draws every slide as a link, only the first image eager and at high priority', () => {
    const { region } = renderSlider();
    const images = within(region).getAllByRole('img');
    expect(images.map((img) => img.getAttribute('alt'))).toEqual(['Fresh ghee', 'Hair oil', 'Bilona ghee']);
    expect(images[0]).toHaveAttribute('fetchpriority', 'high');
    for (const later of images.slice(1)) {
      expect(later).toHaveAttribute('loading', 'lazy');
      expect(later).not.toHaveAttribute('fetchpriority');
    }
    expect(within(region).getAllByRole('link')).toHaveLength(3);
  });

  it('moves one slide with next and previous, wrapping around at both ends', () => {
    const { region, shown } = renderSlider();
    fireEvent.click(within(region).getByRole('button', { name: 'Next slide' }));
    expect(shown()).toBe(1);
    fireEvent.click(within(region).getByRole('button', { name: 'Previous slide' }));
    fireEvent.click(within(region).getByRole('button', { name: 'Previous slide' }));
    expect(shown()).toBe(2);
    fireEvent.click(within(region).getByRole('button', { name: 'Next slide' }));
    expect(shown()).toBe(0);
  });

  it('moves with the arrow keys while focus is in it', () => {
    const { region, shown } = renderSlider();
    fireEvent.keyDown(within(region).getByRole('button', { name: 'Next slide' }), { key: 'ArrowRight' });
    expect(shown()).toBe(1);
    fireEvent.keyDown(within(region).getByRole('button', { name: 'Next slide' }), { key: 'ArrowLeft' });
    expect(shown()).toBe(0);
  });

  it('advances every 3 seconds, wrapping around', () => {
    const { shown } = renderSlider();
    act(() => vi.advanceTimersByTime(AUTOPLAY_MS));
    expect(shown()).toBe(1);
    act(() => vi.advanceTimersByTime(AUTOPLAY_MS));
    expect(shown()).toBe(2);
    act(() => vi.advanceTimersByTime(AUTOPLAY_MS));
    expect(shown()).toBe(0);
  });

  it('waits while the pointer is over it, focus is in it or a finger is on it', () => {
    const { region, shown } = renderSlider();
    /** Slide `held` stays through three autoplay periods after `hold`, and `release` lets the next one come on time. */
    const waitsWhile = (hold: () => void, release: () => void, held: number, then: number) => {
      hold();
      act(() => vi.advanceTimersByTime(AUTOPLAY_MS * 3));
      expect(shown()).toBe(held);
      release();
      act(() => vi.advanceTimersByTime(AUTOPLAY_MS));
      expect(shown()).toBe(then);
    };
    waitsWhile(() => fireEvent.mouseEnter(region), () => fireEvent.mouseLeave(region), 0, 1);
    const next = within(region).getByRole('button', { name: 'Next slide' });
    waitsWhile(() => fireEvent.focus(next), () => fireEvent.blur(next), 1, 2);
    waitsWhile(() => fireEvent.touchStart(region), () => fireEvent.touchEnd(region), 2, 0);
  });

  it('gives a shopper who moved it a full 3 seconds before the next advance', () => {
    const { region, shown } = renderSlider();
    act(() => vi.advanceTimersByTime(AUTOPLAY_MS - 500));
    fireEvent.click(within(region).getByRole('button', { name: 'Next slide' }));
    act(() => vi.advanceTimersByTime(1000));
    expect(shown()).toBe(1);
    act(() => vi.advanceTimersByTime(AUTOPLAY_MS));
    expect(shown()).toBe(2);
  });

  it('does not autoplay for shoppers who asked for reduced motion', () => {
    reducedMotion(true);
    const { region, shown } = renderSlider();
    act(() => vi.advanceTimersByTime(AUTOPLAY_MS * 3));
    expect(shown()).toBe(0);
    fireEvent.click(within(region).getByRole('button', { name: 'Next slide' }));
    expect(shown()).toBe(1);
  });
});
