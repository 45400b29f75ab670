import './product-grid.css';
import './loading-grid.css';

/** Placeholder cards while a product list loads. */
export function LoadingGrid({ label = 'Loading products', count = 4 }: { label?: string; count?: number }) {
  return (
    <div role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      <ul className="product-grid" aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i}>
            <div className="card skeleton-card">
              <div className="skeleton-card__media" />
              <div className="skeleton-card__line" />
              <div className="skeleton-card__line skeleton-card__line--short" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
