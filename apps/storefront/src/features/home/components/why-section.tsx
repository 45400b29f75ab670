import { WHY_CLAIMS } from '@shop/domain/home-content';
import '../../../components/section.css';
import { config } from '../../../config';

const ICONS: Record<(typeof WHY_CLAIMS)[number], string> = {
  'Farm fresh': 'M12 3c4 3 6 6.5 6 10a6 6 0 0 1-12 0c0-3.5 2-7 6-10zM12 21v-7',
  'No flavor': 'M5 5l14 14M9 4h6l1 4H8zM8 8l-1 12h10L16 8',
  'Number 1 Ghee in the world': 'M12 3l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.3 6.8 19.1l1-5.8L3.5 9.2l5.9-.9z',
  'Well Packed': 'M4 8l8-4 8 4v8l-8 4-8-4zM4 8l8 4 8-4M12 12v8',
  Honest: 'M12 21s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 11c0 5.6-7 10-7 10z',
};

/** The 'Why' section: the farm's five claims. */
export function WhySection() {
  return (
    <section className="section why" aria-labelledby="why-heading">
      <h2 id="why-heading" className="section__title">
        Why {config.brand}?
      </h2>
      <ul className="why__grid">
        {WHY_CLAIMS.map((claim) => (
          <li key={claim} className="why__item">
            <span className="why__icon">
              <svg viewBox="0 0 24 24" width="30" height="30" aria-hidden="true">
                <path d={ICONS[claim]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </span>
            <span className="why__label">{claim}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
