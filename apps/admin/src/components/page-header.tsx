import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BackIcon } from './icons';
import './page-header.css';

/** The heading of every admin screen, with its actions on the right (below on a phone). */
export function PageHeader({
  title,
  subtitle,
  actions,
  back,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  back?: { to: string; label: string };
}) {
  return (
    <header className="page-head">
      <div className="page-head__text">
        {back && (
          <Link to={back.to} className="page-head__back">
            <BackIcon size={16} /> {back.label}
          </Link>
        )}
        <h1>{title}</h1>
        {subtitle && <p className="page-head__sub">{subtitle}</p>}
      </div>
      {actions && <div className="page-head__actions">{actions}</div>}
    </header>
  );
}
