import { Logo } from './logo.js';
import './logo-loader.css';

/** Full-screen logo loader, shown while a page's data loads; `title` is the shop's name, as for Logo. */
export function LogoLoader({ title, label = 'Loading' }: { title: string; label?: string }) {
  return (
    <div className="logo-loader" role="status" aria-live="polite">
      <div className="logo-loader__mark">
        <Logo size={72} title={title} />
      </div>
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
