import './states.css';

/** A spinner with a line of text, announced politely to screen readers. */
export function LoadingState({ label }: { label: string }) {
  return (
    <div className="admin-state" role="status">
      <span className="admin-spinner" aria-hidden="true" />
      <p>{label}</p>
    </div>
  );
}

export interface ErrorPanelProps {
  title: string;
  message: string;
  retryLabel?: string;
  onRetry: () => void;
  retrying?: boolean;
  /** Fills the page below the header (the orders list's failure, docs/rules/screens.md#failed-loads). */
  fullScreen?: boolean;
}

/** A failed load: what failed, the server's message and a way to try again. */
export function ErrorPanel({
  title,
  message,
  retryLabel = 'Retry',
  onRetry,
  retrying = false,
  fullScreen = false,
}: ErrorPanelProps) {
  return (
    <div className={`admin-error${fullScreen ? ' admin-error--full' : ''}`} role="alert">
      <h2 className="admin-error__title">{title}</h2>
      <p className="admin-error__message">{message}</p>
      <button type="button" className="button button--ghost" onClick={onRetry} disabled={retrying}>
        {retrying ? 'Retrying…' : retryLabel}
      </button>
    </div>
  );
}
