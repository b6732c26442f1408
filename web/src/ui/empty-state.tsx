import type { ReactNode } from 'react';
import './empty-state.css';

interface EmptyStateProps {
  title: string;
  text?: ReactNode;
  /** The heading level that fits the page outline. */
  level?: 2 | 3;
  /** Read out when it replaces a list that was loading or filtered (the admin's lists). */
  announced?: boolean;
  children?: ReactNode;
}

/** A calm "nothing here" block: title, a line of advice, and an action. */
export function EmptyState({ title, text, level = 2, announced = false, children }: EmptyStateProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className="empty-state" role={announced ? 'status' : undefined}>
      <Heading className="empty-state__title">{title}</Heading>
      {text && <p className="muted">{text}</p>}
      {children}
    </div>
  );
}
