/**
 * The rating of a review as five radio buttons drawn as stars: a group named "Your rating", each choice named
 * "1 star" to "5 stars" for a screen reader, the arrow keys moving between them as between any radios. The stars
 * up to the chosen (or hovered) one are gold.
 */
import { useState } from 'react';

const STAR = 'M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.9L10 14.9l-5.2 2.8 1-5.9L1.5 7.7l5.9-.8z';

export function StarChoice({
  name,
  value,
  onChange,
  error,
}: {
  name: string;
  value: number;
  onChange: (rating: number) => void;
  error?: string;
}) {
  const [hovered, setHovered] = useState(0);
  const lit = hovered || value;
  const errorId = `${name}-error`;
  return (
    <fieldset className="star-choice" aria-describedby={error ? errorId : undefined} onMouseLeave={() => setHovered(0)}>
      <legend className="star-choice__legend">Your rating</legend>
      <div className="star-choice__stars">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className={`star-choice__star${n <= lit ? ' is-lit' : ''}`} onMouseEnter={() => setHovered(n)}>
            <input
              type="radio"
              className="star-choice__input"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
            />
            <svg viewBox="0 0 20 20" width="32" height="32" aria-hidden="true" focusable="false">
              <path d={STAR} />
            </svg>
            <span className="visually-hidden">
              {n} {n === 1 ? 'star' : 'stars'}
            </span>
          </label>
        ))}
        <span className="star-choice__said" aria-hidden="true">
          {value > 0 ? `${value} of 5` : ''}
        </span>
      </div>
      {error && (
        <span id={errorId} className="field-error" role="alert">
          {error}
        </span>
      )}
    </fieldset>
  );
}
