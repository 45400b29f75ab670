import type { ReactNode } from 'react';
import { Logo } from '@shop/ui/logo';
import { config } from '../config';
import './auth-card.css';

/** The framed card the sign-in pages share. */
export function AuthCard({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <div className="container page auth-page">
      <div className="auth-card card">
        <div className="auth-card__mark">
          <Logo size={56} title={config.brand} />
        </div>
        <h1 className="auth-card__title">{title}</h1>
        {lead && <p className="auth-card__lead">{lead}</p>}
        {children}
      </div>
    </div>
  );
}
