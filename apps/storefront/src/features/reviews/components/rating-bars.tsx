/**
 * How the published ratings spread, 5 stars down to 1: one plain bar a row (HTML and CSS, no chart library), each
 * read as "5 stars: 8 of 12 reviews".
 */
export function RatingBars({ counts, total }: { counts: ReadonlyArray<{ rating: number; count: number }>; total: number }) {
  return (
    <ul className="rating-bars" aria-label="Ratings, 5 stars to 1">
      {([5, 4, 3, 2, 1] as const).map((stars) => {
        const n = counts.find((c) => c.rating === stars)?.count ?? 0;
        const share = total > 0 ? Math.round((n / total) * 100) : 0;
        return (
          <li key={stars} className="rating-bars__row">
            <span className="rating-bars__label" aria-hidden="true">
              {stars} ★
            </span>
            <span className="rating-bars__track" aria-hidden="true">
              <span className="rating-bars__fill" style={{ width: `${share}%` }} />
            </span>
            <span className="rating-bars__count" aria-hidden="true">
              {n}
            </span>
            <span className="visually-hidden">
              {stars} {stars === 1 ? 'star' : 'stars'}: {n} of {total} {total === 1 ? 'review' : 'reviews'}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
