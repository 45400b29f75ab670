import { Logo } from './logo.js';
import './logo-loader.css';

/** Full-screen logo loader, shown while a page's data loads. */
export function LogoLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="logo-loader" role="status" aria-live="polite">
      <div className="logo-loader__mark">
        <Logo size={72} />
      </div>
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
