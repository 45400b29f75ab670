import type { ReactNode } from 'react';
import './page-header.css';

export function PageHeader({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <header className="page-header">
      <h1>{title}</h1>
      {children && <div className="page-header__lead">{children}</div>}
    </header>
  );
}
