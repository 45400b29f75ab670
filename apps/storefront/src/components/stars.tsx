import './stars.css';

/**
 * The five-star row of a product card and of the product page. Drawn as one SVG, not as text: gold "★" characters on
 * cream failed the text-contrast checks (axe, HTML_CodeSniffer) while telling a screen reader nothing.
 *
 * Without a rating (a product nobody has reviewed, or a server that sends none) it is the SPEC's fixed row of five
 * gold stars, decorative and unchanged. With one (issue 33: the product answer's `rating` once a review is
 * published) the gold covers the average, the rest of the row is pale, and the row is named for a screen reader.
 */
const STAR = 'M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.9L10 14.9l-5.2 2.8 1-5.9L1.5 7.7l5.9-.8z';
const POSITIONS = [0, 20, 40, 60, 80];

/** A product's published reviews in short: the average (1 to 5) and how many. */
interface StarRating {
  average: number;
  count: number;
}

function Row() {
  return POSITIONS.map((x) => <path key={x} d={STAR} transform={`translate(${x} 0)`} />);
}

/** "4.3": the average to one decimal, as the reviews block writes it. */
export const oneDecimal = (average: number) => (Math.round(average * 10) / 10).toFixed(1);

/** "1 review", "12 reviews". */
export const reviewCount = (count: number) => `${count} ${count === 1 ? 'review' : 'reviews'}`;

export interface StarsProps {
  rating?: StarRating | null;
  className?: string;
  /** What a screen reader hears for a rated row, and no figures beside it (one review's own stars). */
  label?: string;
  /**
   * The rated row alone, hidden from a screen reader, where the figures are written out beside it (the reviews
   * block's "4.3 out of 5" and "3 reviews"): the row would only repeat them, and the page would have two images named
   * alike (the stars under the product's name are the ones named).
   */
  decorative?: boolean;
}

export function Stars({ rating, className, label, decorative = false }: StarsProps) {
  if (!rating || rating.count <= 0) {
    return (
      <svg className={`stars${className ? ` ${className}` : ''}`} viewBox="0 0 100 20" width="80" height="16" aria-hidden="true" focusable="false">
        <Row />
      </svg>
    );
  }
  const shown = oneDecimal(rating.average);
  // The gold part is a nested SVG as wide as the average (4.3 of 5 stars = 86 of 100 units); it clips what it holds.
  const gold = Math.max(0, Math.min(5, rating.average)) * 20;
  return (
    <span
      className={`stars-rated${className ? ` ${className}` : ''}`}
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : (label ?? `Rated ${shown} out of 5, ${reviewCount(rating.count)}`)}
      aria-hidden={decorative || undefined}
    >
      <svg className="stars stars--rated" viewBox="0 0 100 20" width="80" height="16" aria-hidden="true" focusable="false">
        <g className="stars__empty">
          <Row />
        </g>
        <svg width={gold} height="20" viewBox={`0 0 ${gold} 20`}>
          <Row />
        </svg>
      </svg>
      {label === undefined && !decorative && (
        <span className="stars-rated__text" aria-hidden="true">
          {shown} ({rating.count})
        </span>
      )}
    </span>
  );
}
