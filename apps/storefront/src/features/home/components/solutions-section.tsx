import { Link } from 'react-router';
import { HOME_SOLUTIONS } from '@shop/domain/home-content';
import '../../../components/section.css';

const TILES: Record<(typeof HOME_SOLUTIONS)[number], { image: string; tone: string }> = {
  'Immunity Power': { image: '/images/solutions/immunity.svg', tone: '#f6e7c1' },
  'Best for Health': { image: '/images/solutions/health.svg', tone: '#e5ecd9' },
  'Digestive issues': { image: '/images/solutions/digestion.svg', tone: '#f3dfcf' },
  'Best for childrens': { image: '/images/solutions/children.svg', tone: '#e3e9f0' },
};

/** 'Shop By Solutions': four tiles, each linking to /allproducts. */
export function SolutionsSection() {
  return (
    <section className="section solutions" aria-labelledby="solutions-heading">
      <h2 id="solutions-heading" className="section__title">
        Shop By Solutions
      </h2>
      <ul className="solutions__grid">
        {HOME_SOLUTIONS.map((name) => (
          <li key={name}>
            <Link to="/allproducts" className="solution-tile" style={{ background: TILES[name].tone }}>
              <img src={TILES[name].image} alt="" width={96} height={96} loading="lazy" />
              <span>{name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
