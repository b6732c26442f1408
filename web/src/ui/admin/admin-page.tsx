import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import './admin-page.css';
import './forms.css';

export interface AdminPageProps {
  title: string;
  subtitle?: string;
  /** Buttons or links beside the title. */
  actions?: ReactNode;
  /** Sub-pages link back to the dashboard. */
  backToDashboard?: boolean;
  children: ReactNode;
}

/** The frame of every admin screen: title, subtitle, actions, then the content. */
export function AdminPage({ title, subtitle, actions, backToDashboard = true, children }: AdminPageProps) {
  return (
    <div className="admin container">
      {backToDashboard && (
        <Link to="/admin" className="admin__back">
          ← Dashboard
        </Link>
      )}
      <header className="admin__header">
        <div>
          <h1 className="admin__title">{title}</h1>
          {subtitle && <p className="muted admin__subtitle">{subtitle}</p>}
        </div>
        {actions && <div className="admin__actions">{actions}</div>}
      </header>
      {children}
    </div>
  );
}
