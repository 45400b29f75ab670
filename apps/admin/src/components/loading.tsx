import './loading.css';

/** Inline placeholder while a screen's data loads (the full-screen logo loader is for the first start). */
export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="loading" role="status" aria-live="polite">
      <span className="loading__dot" aria-hidden="true" />
      <span className="loading__dot" aria-hidden="true" />
      <span className="loading__dot" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
